/** The sandbox's guards over HTTP: control header, Host check, timeouts, connection cap, error size. */
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { startSandbox, type RunningSandbox } from "../../../tools/sandbox/server";
import { DEMO_HEADERS, api, expectError, send } from "../../integration/helpers/sandbox-http";

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: sandbox.port, path, headers: { ...DEMO_HEADERS, Host: host } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Resolves with how long the server took to close `socket` (or rejects after `limitMs`). */
function closedWithin(socket: Socket, limitMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${limitMs} ms`)), limitMs);
    socket.on("error", () => undefined);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

describe("control routes need X-Sandbox-Control: 1 or the demo token", () => {
  test("a plain cross-site form POST cannot reset the data or change faults", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const reset = await send(`${sandbox.origin}/__sandbox/reset`, {
      method: "POST",
      headers: form,
    });
    expectError(reset, 403, "control_header_required");
    const faults = await send(`${sandbox.origin}/__sandbox/faults`, {
      method: "POST",
      headers: form,
      body: "latencyMs=5000",
    });
    expectError(faults, 403, "control_header_required");
    const cleared = await send(`${sandbox.origin}/__sandbox/stats`, { method: "DELETE" });
    expectError(cleared, 403, "control_header_required");
  });

  test("the custom header or the demo token lets the request through", async () => {
    const withHeader = await send(`${sandbox.origin}/__sandbox/reset`, {
      method: "POST",
      headers: { "X-Sandbox-Control": "1" },
    });
    expect(withHeader.status).toBe(200);
    const withToken = await send(`${sandbox.origin}/__sandbox/reset`, {
      method: "POST",
      headers: { Authorization: "Bearer demo-token" },
    });
    expect(withToken.status).toBe(200);
    expect((await send(`${sandbox.origin}/__sandbox/faults`)).status).toBe(200);
  });
});

describe("Host header check (DNS rebinding)", () => {
  test.each(["127.0.0.1", "localhost:4010", "127.0.0.1:1", "[::1]:4010", "LOCALHOST"])(
    "accepts Host %s",
    async (host) => {
      expect((await getWithHost("/v1/invoices", host)).status).toBe(200);
    },
  );

  test.each(["evil.example", "evil.example:4010", "127.0.0.1.evil.example"])(
    "refuses Host %s with 421 and a JSON error",
    async (host) => {
      const reply = await getWithHost("/__sandbox/journals", host);
      expect(reply.status).toBe(421);
      expect(reply.body).toMatchObject({ status: false, error: { code: "host_not_allowed" } });
    },
  );
});

describe("timeouts and connection cap", () => {
  test("a client that never finishes its headers is cut off after headersTimeoutMs", async () => {
    const slow = await startSandbox({ port: 0, headersTimeoutMs: 200, requestTimeoutMs: 400 });
    try {
      const socket = await openSocket(slow.port);
      socket.write("GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      // Cut off at all, not left open: the bound is far above 200 ms for a busy machine's sake.
      expect(await closedWithin(socket, 15_000)).toBeLessThan(15_000);
    } finally {
      await slow.close();
    }
  });

  test("connections beyond maxConnections are refused", async () => {
    const capped = await startSandbox({ port: 0, maxConnections: 2 });
    const sockets: Socket[] = [];
    try {
      sockets.push(await openSocket(capped.port), await openSocket(capped.port));
      const third = await openSocket(capped.port);
      sockets.push(third);
      expect(await closedWithin(third, 15_000)).toBeLessThan(15_000);
      expect(sockets[0]?.destroyed).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
      await capped.close();
    }
  });

  test("the options are validated", async () => {
    await expect(startSandbox({ maxConnections: 0 })).rejects.toThrow(/maxConnections/);
    await expect(startSandbox({ headersTimeoutMs: -1 })).rejects.toThrow(/headersTimeoutMs/);
  });
});

describe("error details", () => {
  test("a body with many problems lists 20 details and says how many more", async () => {
    const journals = (await api(sandbox, "/__sandbox/journals")).body as {
      data: Array<{ id: string; status: string }>;
    };
    const draft = journals.data.find((journal) => journal.status === "DRAFT");
    if (!draft) throw new Error("no draft journal seeded");
    const reply = await api(sandbox, `/journal/entries/${encodeURIComponent(draft.id)}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ lines: Array.from({ length: 500 }, () => "x") }),
    });
    expect(reply.status).toBe(400);
    const error = (reply.body as { error: { details: unknown[]; details_omitted: number } }).error;
    expect(error.details).toHaveLength(20);
    expect(error.details_omitted).toBeGreaterThanOrEqual(480);
    expect(reply.text.length).toBeLessThan(4_000);
  });
});
