/** HTTP helpers for the sandbox integration tests: real requests with Node's fetch. */
import type { RunningSandbox } from "../../../tools/sandbox/server";

export const DEMO_HEADERS: Readonly<Record<string, string>> = {
  Authorization: "Bearer demo-token",
  identity: "demo-company",
};

export const OTHER_HEADERS: Readonly<Record<string, string>> = {
  Authorization: "Bearer demo-token",
  identity: "other-company",
};

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body; `undefined` when the body is empty or not JSON. */
  body: unknown;
}

export interface ErrorReply {
  status: false;
  message: string;
  error: { code: string; details?: Array<{ field: string; message: string }> };
}

export async function send(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = text === "" ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** GET/PATCH/... on `path` under the sandbox's /v1 base, as demo-company unless told otherwise. */
export function api(sandbox: RunningSandbox, path: string, init: RequestInit = {}): Promise<Reply> {
  return send(`${sandbox.baseUrl}${path}`, {
    ...init,
    headers: { ...DEMO_HEADERS, ...(init.headers as Record<string, string> | undefined) },
  });
}

export function patchJson(
  sandbox: RunningSandbox,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return api(sandbox, path, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** Asserts the sandbox's error contract and returns the typed body. */
export function expectError(reply: Reply, status: number, code: string): ErrorReply {
  expect({ status: reply.status, code: errorCode(reply) }).toEqual({ status, code });
  expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
  const body = reply.body as ErrorReply;
  expect(body.status).toBe(false);
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(10);
  return body;
}

function errorCode(reply: Reply): string | undefined {
  const body = reply.body as Partial<ErrorReply> | undefined;
  return body?.error?.code;
}

export function dataOf<T>(reply: Reply): T {
  expect(reply.status).toBe(200);
  return (reply.body as { data: T }).data;
}
