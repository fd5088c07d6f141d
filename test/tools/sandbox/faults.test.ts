import { SEEDED_JOURNALS } from "../../../tools/sandbox/seed/journals";
import { CHARTS_OF_ACCOUNTS } from "../../../tools/sandbox/seed/accounts";
import type { ManualJournal } from "../../../tools/sandbox/seed/types";
import { startSandbox, type RunningSandbox } from "../../../tools/sandbox/server";
import {
  DEMO_HEADERS,
  api,
  dataOf,
  expectError,
  patchJson,
  send,
} from "../../integration/helpers/sandbox-http";
import {
  clearFaults,
  controlRequest,
  postFaults as setFaults,
  resetSandbox,
} from "../../integration/helpers/sandboxControl";

const draft = SEEDED_JOURNALS["demo-company"].find((j) => j.reference === "JNL-0001");
if (!draft) throw new Error("seed journal JNL-0001 missing");
const journalPath = `/journal/entries/${draft.id}`;
const rent = CHARTS_OF_ACCOUNTS["demo-company"].find((a) => a.code === "6000")?.id;
const accrued = CHARTS_OF_ACCOUNTS["demo-company"].find((a) => a.code === "2200")?.id;
const balanced = {
  transaction_date: "2026-03-31",
  currency_code: "USD",
  description: "Changed under a fault",
  lines: [
    { account_id: rent, amount: 75, type: "DEBIT" },
    { account_id: accrued, amount: 75, type: "CREDIT" },
  ],
};

async function statuses(
  sandbox: RunningSandbox,
  count: number,
  path = "/invoices?size=1",
): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await api(sandbox, path)).status);
  return result;
}

async function elapsed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await clearFaults(sandbox);
  await resetSandbox(sandbox);
});

describe("fault settings API (/__sandbox/faults)", () => {
  test("GET shows the idle settings; POST merges and appends; DELETE clears", async () => {
    const idle = dataOf<Record<string, unknown>>(
      await controlRequest(sandbox, "/__sandbox/faults"),
    );
    expect(idle).toMatchObject({ latencyMs: 0, failEvery: null, rateLimitEvery: null, next: [] });

    await setFaults(sandbox, { latencyMs: 5, next: [{ status: 500 }] });
    const merged = await setFaults(sandbox, { failEvery: { n: 4 }, next: [{ action: "drop" }] });
    expect(dataOf<Record<string, unknown>>(merged)).toMatchObject({
      latencyMs: 5,
      failEvery: { n: 4, status: 503, method: null },
      next: [expect.objectContaining({ status: 500 }), expect.objectContaining({ action: "drop" })],
    });

    await clearFaults(sandbox);
    const cleared = dataOf<Record<string, unknown>>(
      await controlRequest(sandbox, "/__sandbox/faults"),
    );
    expect(cleared).toMatchObject({
      latencyMs: 0,
      failEvery: null,
      rateLimitEvery: null,
      next: [],
    });
  });

  test("the fault routes need no credentials and answer under /v1 too", async () => {
    expect((await send(`${sandbox.baseUrl}/__sandbox/faults`)).status).toBe(200);
  });

  test.each<[string, unknown]>([
    ["an unknown setting", { explode: true }],
    ["negative latency", { latencyMs: -1 }],
    ["fractional latency", { latencyMs: 1.5 }],
    ["failEvery with n 0", { failEvery: { n: 0 } }],
    ["failEvery with a 200 status", { failEvery: { n: 2, status: 200 } }],
    ["rateLimitEvery without n", { rateLimitEvery: { retryAfterSeconds: 1 } }],
    ["an unknown payments mode", { paymentsPagination: "offset" }],
    ["next that is not an array", { next: { status: 500 } }],
    ["an empty one-shot fault", { next: [{}] }],
    ["an unknown action", { next: [{ action: "explode" }] }],
    ["status and action together", { next: [{ status: 503, action: "drop" }] }],
    ["retryAfterSeconds without a status", { next: [{ action: "drop", retryAfterSeconds: 1 }] }],
    ["an unknown method", { next: [{ method: "FETCH", status: 500 }] }],
    ["a body that is not an object", [1, 2]],
  ])("POST with %s is 400 invalid_body and changes nothing", async (_name, body) => {
    const before = (await controlRequest(sandbox, "/__sandbox/faults")).body;
    expectError(await setFaults(sandbox, body), 400, "invalid_body");
    expect((await controlRequest(sandbox, "/__sandbox/faults")).body).toEqual(before);
  });

  test("POST with malformed JSON is 400 invalid_json", async () => {
    const reply = await controlRequest(sandbox, "/__sandbox/faults", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Sandbox-Control": "1" },
      text: "{latencyMs: 5}",
    });
    expectError(reply, 400, "invalid_json");
  });
});

describe("standing faults", () => {
  test("latencyMs delays every API request by at least that long", async () => {
    await setFaults(sandbox, { latencyMs: 250 });
    expect(await elapsed(() => api(sandbox, "/invoices?size=1"))).toBeGreaterThanOrEqual(245);
    expect(await elapsed(() => api(sandbox, journalPath))).toBeGreaterThanOrEqual(245);
  });

  test("faults never apply to the /__sandbox control routes", async () => {
    // A minute's latency that a control request would show plainly, however busy the machine.
    await setFaults(sandbox, { latencyMs: 60_000, failEvery: { n: 1 } });
    expect(await elapsed(() => controlRequest(sandbox, "/__sandbox/faults"))).toBeLessThan(10_000);
    expect((await api(sandbox, "/__sandbox/journals")).status).toBe(200);
  });

  test("failEvery answers every nth matching request with its status (503 by default)", async () => {
    await setFaults(sandbox, { failEvery: { n: 3 } });
    const seen = await statuses(sandbox, 6);
    expect(seen).toEqual([200, 200, 503, 200, 200, 503]);
    const failed = await setFaults(sandbox, {
      failEvery: { n: 1, status: 502, message: "Upstream down." },
    });
    expect(failed.status).toBe(200);
    const reply = await api(sandbox, "/payments");
    expect(expectError(reply, 502, "injected_fault").message).toBe("Upstream down.");
  });

  test("a 503 fault has the JSON error body with code service_unavailable", async () => {
    await setFaults(sandbox, { failEvery: { n: 1 } });
    expectError(await api(sandbox, "/bills"), 503, "service_unavailable");
  });

  test("failEvery with a method counts only requests with that method", async () => {
    await setFaults(sandbox, { failEvery: { n: 1, method: "PATCH", status: 503 } });
    expect((await api(sandbox, "/invoices?size=1")).status).toBe(200);
    expectError(await patchJson(sandbox, journalPath, balanced), 503, "service_unavailable");
  });

  test("rateLimitEvery answers every nth request with 429 and Retry-After", async () => {
    await setFaults(sandbox, { rateLimitEvery: { n: 2, retryAfterSeconds: 7 } });
    const first = await api(sandbox, "/receipts?size=1");
    const second = await api(sandbox, "/receipts?size=1");
    expect(first.status).toBe(200);
    expectError(second, 429, "rate_limited");
    expect(second.headers.get("retry-after")).toBe("7");
    expect(await statuses(sandbox, 2, "/receipts?size=1")).toEqual([200, 429]);
  });

  test("the counters are visible in GET /__sandbox/faults", async () => {
    await setFaults(sandbox, { failEvery: { n: 10 } });
    await statuses(sandbox, 3);
    const settings = dataOf<{ counters: { failEvery: number } }>(
      await controlRequest(sandbox, "/__sandbox/faults"),
    );
    expect(settings.counters.failEvery).toBe(3);
  });

  test("faults apply to preflights never: an OPTIONS preflight still gets 204", async () => {
    await setFaults(sandbox, { failEvery: { n: 1 } });
    const reply = await send(`${sandbox.baseUrl}/invoices`, {
      method: "OPTIONS",
      headers: { Origin: "https://localhost:3000", "Access-Control-Request-Method": "GET" },
    });
    expect(reply.status).toBe(204);
  });
});

describe("one-shot faults (next)", () => {
  test("a status fault hits the first matching request only, with its message", async () => {
    await setFaults(sandbox, {
      next: [{ method: "PATCH", pathContains: "/journal/", status: 422, message: "Injected 422." }],
    });
    expect((await api(sandbox, journalPath)).status).toBe(200); // a GET does not match
    const reply = await patchJson(sandbox, journalPath, balanced);
    expect(expectError(reply, 422, "injected_fault").message).toBe("Injected 422.");
    expect(dataOf<ManualJournal>(await api(sandbox, journalPath)).description).not.toBe(
      balanced.description,
    );
    expect((await patchJson(sandbox, journalPath, balanced)).status).toBe(200);
  });

  test("one-shot faults are consumed in queue order", async () => {
    await setFaults(sandbox, { next: [{ status: 500 }, { status: 502 }] });
    expect(await statuses(sandbox, 3)).toEqual([500, 502, 200]);
  });

  test("a 429 one-shot carries Retry-After", async () => {
    await setFaults(sandbox, { next: [{ status: 429, retryAfterSeconds: 2 }] });
    const reply = await api(sandbox, "/expenses");
    expectError(reply, 429, "rate_limited");
    expect(reply.headers.get("retry-after")).toBe("2");
  });

  test("a 500 one-shot answers a JSON 500", async () => {
    await setFaults(sandbox, { next: [{ status: 500 }] });
    expectError(await api(sandbox, "/expenses"), 500, "internal_error");
  });

  test("drop destroys the connection without a response: fetch rejects", async () => {
    await setFaults(sandbox, { next: [{ method: "GET", action: "drop" }] });
    await expect(fetch(`${sandbox.baseUrl}/invoices`, { headers: DEMO_HEADERS })).rejects.toThrow();
    expect((await api(sandbox, "/invoices?size=1")).status).toBe(200);
  });

  test("hang never answers: the client's own timeout is what ends it", async () => {
    await setFaults(sandbox, { next: [{ action: "hang" }] });
    const request = fetch(`${sandbox.baseUrl}/invoices`, {
      headers: DEMO_HEADERS,
      signal: AbortSignal.timeout(300),
    });
    await expect(request).rejects.toThrow(/aborted|timeout/i);
    expect((await api(sandbox, "/invoices?size=1")).status).toBe(200);
  });

  test("apply-then-drop applies the PATCH, then drops the connection: the client cannot know", async () => {
    await setFaults(sandbox, { next: [{ method: "PATCH", action: "apply-then-drop" }] });
    const request = fetch(`${sandbox.baseUrl}${journalPath}`, {
      method: "PATCH",
      headers: { ...DEMO_HEADERS, "Content-Type": "application/json" },
      body: JSON.stringify(balanced),
    });
    await expect(request).rejects.toThrow();
    const journal = dataOf<ManualJournal>(await api(sandbox, journalPath));
    expect(journal.description).toBe(balanced.description);
    expect(journal.transaction_date).toBe("2026-03-31T00:00:00.000Z");
  });

  test("malformed answers 200 with a JSON content type and a body that does not parse", async () => {
    await setFaults(sandbox, { next: [{ action: "malformed" }] });
    const response = await fetch(`${sandbox.baseUrl}/invoices`, { headers: DEMO_HEADERS });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    // SyntaxError comes from fetch's realm, not jest's, so match it by name.
    await expect(response.json()).rejects.toMatchObject({ name: "SyntaxError" });
  });

  test("delayMs delays one request, then the next is not delayed", async () => {
    // Long enough that an undelayed request stays well under it on a busy machine.
    await setFaults(sandbox, { next: [{ delayMs: 2_000 }] });
    expect(await elapsed(() => api(sandbox, "/invoices?size=1"))).toBeGreaterThanOrEqual(1_995);
    expect(await elapsed(() => api(sandbox, "/invoices?size=1"))).toBeLessThan(1_995);
  });

  test("throw raises an unexpected exception: the wrapper answers a JSON 500 and counts it", async () => {
    const before = sandbox.stats().internalErrors;
    await setFaults(sandbox, { next: [{ action: "throw" }] });
    const reply = await api(sandbox, "/invoices");
    expectError(reply, 500, "internal_error");
    expect(sandbox.stats().internalErrors).toBe(before + 1);
  });
});

describe("closing with faults in flight", () => {
  test("close() ends hung and delayed requests and resolves promptly", async () => {
    const doomed = await startSandbox({ port: 0 });
    await setFaults(doomed, { next: [{ action: "hang" }, { delayMs: 60_000 }] });
    const outcome = (request: Promise<Response>): Promise<string> =>
      request.then(
        () => "answered",
        () => "rejected",
      );
    const hung = outcome(fetch(`${doomed.baseUrl}/invoices`, { headers: DEMO_HEADERS }));
    const slow = outcome(fetch(`${doomed.baseUrl}/bills`, { headers: DEMO_HEADERS }));
    // Wait until the server has taken both one-shot faults, i.e. both requests are inside it.
    for (let pending = 2; pending > 0;) {
      const settings = dataOf<{ next: unknown[] }>(
        await controlRequest(doomed, "/__sandbox/faults"),
      );
      pending = settings.next.length;
    }
    // Far sooner than the delayed request's minute; a hung request would never end by itself.
    expect(await elapsed(() => doomed.close())).toBeLessThan(10_000);
    expect(await hung).toBe("rejected");
    expect(await slow).toBe("rejected");
  });
});
