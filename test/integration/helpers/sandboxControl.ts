// The sandbox's control routes (/__sandbox/…) as tests call them: reset, faults, stats and list
// changes. Each call opens a connection of its own and closes it after the answer, so a control
// call never rides a kept-alive socket that one side may be closing as the other reuses it (an
// ECONNRESET that only a busy machine shows). What the calls change is the test's own setup, so a
// refusal fails the test here unless the caller asks for the reply.
import { request } from "node:http";
import { DEMO_TOKEN, type SandboxStats } from "../../../tools/sandbox";

/** A sandbox as far as its control routes go: a RunningSandbox, or its origin. */
export type SandboxTarget = { readonly origin: string } | string;

export interface ControlReply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body; `undefined` when the body is empty or not JSON. */
  body: unknown;
}

export interface ControlInit {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is, for a body that is not JSON on purpose. */
  text?: string;
}

const CONTROL_HEADER = { "X-Sandbox-Control": "1" };

/** One request to `path` (e.g. "/__sandbox/reset") on a fresh connection, closed afterwards. */
export function controlRequest(
  sandbox: SandboxTarget,
  path: string,
  init: ControlInit = {},
): Promise<ControlReply> {
  const url = new URL(path, typeof sandbox === "string" ? sandbox : sandbox.origin);
  const payload = init.json === undefined ? init.text : JSON.stringify(init.json);
  const headers: Record<string, string> = {
    ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
    ...init.headers,
  };
  return new Promise((resolve, reject) => {
    // No agent: a new connection, and "Connection: close" so the server ends it after answering.
    const req = request(url, { method: init.method ?? "GET", headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const received = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of [value ?? []].flat()) received.append(name, one);
        }
        resolve({ status: res.statusCode ?? 0, headers: received, text, body: parsed(text) });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

function parsed(text: string): unknown {
  try {
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** POST /__sandbox/reset: every list and journal back to its seeded state. */
export async function resetSandbox(sandbox: SandboxTarget): Promise<void> {
  const reply = await controlRequest(sandbox, "/__sandbox/reset", {
    method: "POST",
    headers: CONTROL_HEADER,
  });
  expect(reply.status).toBe(200);
}

/** POST /__sandbox/faults with `faults` (docs/sandbox.md); the reply, accepted or not. */
export function postFaults(sandbox: SandboxTarget, faults: unknown): Promise<ControlReply> {
  return controlRequest(sandbox, "/__sandbox/faults", {
    method: "POST",
    headers: CONTROL_HEADER,
    json: faults,
  });
}

/** Injects `faults`, which the sandbox must accept. */
export async function setFaults(sandbox: SandboxTarget, faults: object): Promise<void> {
  const reply = await postFaults(sandbox, faults);
  // The text too, so that a refusal shows why.
  expect({ status: reply.status, text: reply.text }).toMatchObject({ status: 200 });
}

/** DELETE /__sandbox/faults: no latency, no failures, nothing queued. */
export async function clearFaults(sandbox: SandboxTarget): Promise<void> {
  const reply = await controlRequest(sandbox, "/__sandbox/faults", {
    method: "DELETE",
    headers: CONTROL_HEADER,
  });
  expect(reply.status).toBe(200);
}

/** POST /__sandbox/tokens: the sandbox stops accepting `revoke` and accepts `issue`. */
export async function changeTokens(
  sandbox: SandboxTarget,
  change: { readonly revoke?: readonly string[]; readonly issue?: readonly string[] },
): Promise<ControlReply> {
  return await controlRequest(sandbox, "/__sandbox/tokens", {
    method: "POST",
    headers: CONTROL_HEADER,
    json: change,
  });
}

/** DELETE /__sandbox/tokens: the demo token alone is accepted again. */
export async function resetTokens(sandbox: SandboxTarget): Promise<void> {
  const reply = await controlRequest(sandbox, "/__sandbox/tokens", {
    method: "DELETE",
    headers: CONTROL_HEADER,
  });
  expect(reply.status).toBe(200);
}

/** GET /__sandbox/stats: the server's counts, this request included in `requests`. */
export async function readStats(sandbox: SandboxTarget): Promise<SandboxStats> {
  const reply = await controlRequest(sandbox, "/__sandbox/stats");
  expect(reply.status).toBe(200);
  return reply.body as SandboxStats;
}

/** DELETE /__sandbox/stats: the counts start anew. */
export async function restartStats(sandbox: SandboxTarget): Promise<void> {
  const reply = await controlRequest(sandbox, "/__sandbox/stats", {
    method: "DELETE",
    headers: CONTROL_HEADER,
  });
  expect(reply.status).toBe(204);
}

/**
 * POST /__sandbox/records: changes a list as new activity would, records added at the front or
 * the newest deleted; the reply, accepted or not.
 */
export function changeRecords(
  sandbox: SandboxTarget,
  body: { list: string; add?: number; deleteNewest?: number },
  identity = "demo-company",
): Promise<ControlReply> {
  return controlRequest(sandbox, "/__sandbox/records", {
    method: "POST",
    headers: { Authorization: `Bearer ${DEMO_TOKEN}`, identity },
    json: body,
  });
}
