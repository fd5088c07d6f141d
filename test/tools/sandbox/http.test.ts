import { SEEDED_JOURNALS } from "../../../tools/sandbox/seed/journals";
import { startSandbox, type RunningSandbox } from "../../../tools/sandbox/server";
import { DEMO_HEADERS, api, expectError, send } from "../../integration/helpers/sandbox-http";
import { controlRequest } from "../../integration/helpers/sandboxControl";

const journalId = SEEDED_JOURNALS["demo-company"][0]?.id ?? "";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, allowOrigins: ["https://addin.example.org"] });
});
afterAll(() => sandbox.close());

describe("startSandbox()", () => {
  test("port 0 picks a free port; origin and baseUrl name it", () => {
    expect(sandbox.port).toBeGreaterThan(0);
    expect(sandbox.origin).toBe(`http://127.0.0.1:${sandbox.port}`);
    expect(sandbox.baseUrl).toBe(`${sandbox.origin}/v1`);
  });

  test("invalid options are refused before listening", async () => {
    await expect(startSandbox({ records: { invoices: -1 } })).rejects.toThrow(/records.invoices/);
    await expect(startSandbox({ latencyMs: -5 })).rejects.toThrow(/latencyMs/);
    await expect(startSandbox({ failEvery: { n: 0 } })).rejects.toThrow(/failEvery.n/);
  });

  test("start options set standing faults (latency, failEvery)", async () => {
    const faulty = await startSandbox({ port: 0, failEvery: { n: 2, status: 503 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await send(`${faulty.baseUrl}/invoices?size=1`, { headers: DEMO_HEADERS })).status,
        );
      }
      expect(statuses).toEqual([200, 503, 200, 503]);
    } finally {
      await faulty.close();
    }
  });

  test("keeps connections alive without announcing a timeout: the client closes idle ones", async () => {
    // An announced timeout makes Node's fetch keep a socket until 1 s before the server closes
    // it, a margin that late timers on a busy machine eat (ECONNRESET on the next request).
    const reply = await send(`${sandbox.baseUrl}/invoices?size=1`, { headers: DEMO_HEADERS });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("connection")).toBe("keep-alive");
    expect(reply.headers.get("keep-alive")).toBeNull();
  });

  test("close() also ends idle keep-alive connections, and can be called twice", async () => {
    const short = await startSandbox({ port: 0 });
    await send(`${short.baseUrl}/invoices?size=1`, { headers: DEMO_HEADERS });
    await Promise.all([short.close(), short.close()]);
    await expect(fetch(`${short.baseUrl}/invoices`)).rejects.toThrow();
  });
});

describe("response conventions", () => {
  test("every response is JSON with Cache-Control: no-store, errors included", async () => {
    const replies = await Promise.all([
      api(sandbox, "/invoices?size=1"),
      api(sandbox, "/payments?limit=1"),
      api(sandbox, `/journal/entries/${journalId}`),
      send(`${sandbox.baseUrl}/invoices`),
      api(sandbox, "/nowhere"),
      controlRequest(sandbox, "/__sandbox/faults"),
    ]);
    for (const reply of replies) {
      expect(reply.headers.get("cache-control")).toBe("no-store");
      expect(reply.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(reply.body).toEqual(expect.objectContaining({ status: expect.any(Boolean) }));
    }
  });

  test("an unknown path under /v1 is 404 not_found, before authentication", async () => {
    expectError(await send(`${sandbox.baseUrl}/ledgers`), 404, "not_found");
    expectError(await api(sandbox, "/invoices/123"), 404, "not_found");
    expectError(await api(sandbox, "/invoices/"), 404, "not_found");
    expectError(await api(sandbox, "/journal/entries/"), 404, "not_found");
  });

  test("a path outside /v1 and /rc-1 is 404 not_found", async () => {
    for (const path of ["/", "/v2/invoices", "/invoices", "/favicon.ico"]) {
      expectError(
        await send(`${sandbox.origin}${path}`, { headers: DEMO_HEADERS }),
        404,
        "not_found",
      );
    }
  });

  test("broken percent-encoding in the path is 400 invalid_path", async () => {
    expectError(await api(sandbox, "/journal/entries/%E0%A4%A"), 400, "invalid_path");
  });

  test("a wrong method on a known path is 405 with an Allow header", async () => {
    const post = await api(sandbox, "/invoices", { method: "POST", body: "{}" });
    expectError(post, 405, "method_not_allowed");
    expect(post.headers.get("allow")).toBe("GET, OPTIONS");

    const del = await api(sandbox, `/journal/entries/${journalId}`, { method: "DELETE" });
    expectError(del, 405, "method_not_allowed");
    expect(del.headers.get("allow")).toBe("GET, PATCH, OPTIONS");

    const patchPayments = await api(sandbox, "/payments", { method: "PATCH", body: "{}" });
    expect(patchPayments.status).toBe(405);
    const putFaults = await controlRequest(sandbox, "/__sandbox/faults", {
      method: "PUT",
      headers: { "X-Sandbox-Control": "1" },
    });
    expect(putFaults.headers.get("allow")).toBe("GET, POST, DELETE, OPTIONS");
  });

  test("a plain OPTIONS (no preflight) lists the allowed methods", async () => {
    const reply = await send(`${sandbox.baseUrl}/payments`, { method: "OPTIONS" });
    expect(reply.status).toBe(204);
    expect(reply.headers.get("allow")).toBe("GET, OPTIONS");
  });

  test("no request in this file reached the 500 handler", () => {
    expect(sandbox.stats().internalErrors).toBe(0);
  });
});

describe("CORS", () => {
  const preflight = (origin: string, path = "/invoices"): Promise<Response> =>
    fetch(`${sandbox.baseUrl}${path}`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "PATCH",
        "Access-Control-Request-Headers": "authorization, identity, content-type",
      },
    });

  test.each([
    "https://localhost:3000",
    "http://localhost:8080",
    "https://127.0.0.1:4443",
    "http://127.0.0.1",
    "https://addin.example.org",
  ])(
    "an allowed origin (%s) gets its origin echoed, Vary: Origin and Retry-After exposed",
    async (origin) => {
      const reply = await api(sandbox, "/invoices?size=1", { headers: { Origin: origin } });
      expect(reply.status).toBe(200);
      expect(reply.headers.get("access-control-allow-origin")).toBe(origin);
      expect(reply.headers.get("vary")).toBe("Origin");
      expect(reply.headers.get("access-control-expose-headers")).toBe("Retry-After");
    },
  );

  test("error responses carry the CORS headers too, so a page can read them", async () => {
    const reply = await send(`${sandbox.baseUrl}/invoices`, {
      headers: { Origin: "https://localhost:3000" },
    });
    expect(reply.status).toBe(401);
    expect(reply.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
  });

  test.each([
    "https://evil.example.com",
    "null",
    "http://localhost.evil.com",
    "ftp://localhost",
    "https://localhost:3000/path",
  ])("a disallowed origin (%s) gets no Access-Control-Allow-Origin", async (origin) => {
    const reply = await api(sandbox, "/invoices?size=1", { headers: { Origin: origin } });
    expect(reply.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("a preflight from an allowed origin is 204 with methods, headers and max age; no auth needed", async () => {
    const reply = await preflight("https://localhost:3000", `/journal/entries/${journalId}`);
    expect(reply.status).toBe(204);
    expect(reply.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
    expect(reply.headers.get("access-control-allow-methods")).toBe("GET, PATCH, OPTIONS");
    expect(reply.headers.get("access-control-allow-headers")).toBe(
      "Authorization, identity, Content-Type, X-Sandbox-Control",
    );
    expect(reply.headers.get("access-control-max-age")).toBe("600");
    expect(reply.headers.get("vary")).toBe("Origin");
  });

  test("a preflight from a disallowed origin is 403 without Access-Control-Allow-Origin", async () => {
    const reply = await preflight("https://evil.example.com");
    expect(reply.status).toBe(403);
    expect(reply.headers.get("access-control-allow-origin")).toBeNull();
    expect(((await reply.json()) as { error: { code: string } }).error.code).toBe(
      "origin_not_allowed",
    );
  });

  test("Origin: null is allowed only when passed explicitly", async () => {
    const permissive = await startSandbox({ port: 0, allowOrigins: ["null"] });
    try {
      const reply = await send(`${permissive.baseUrl}/invoices?size=1`, {
        headers: { ...DEMO_HEADERS, Origin: "null" },
      });
      expect(reply.headers.get("access-control-allow-origin")).toBe("null");
    } finally {
      await permissive.close();
    }
  });
});
