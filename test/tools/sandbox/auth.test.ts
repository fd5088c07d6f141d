import { SEEDED_JOURNALS } from "../../../tools/sandbox/seed/journals";
import { startSandbox, type RunningSandbox } from "../../../tools/sandbox/server";
import {
  DEMO_HEADERS,
  OTHER_HEADERS,
  api,
  dataOf,
  expectError,
  send,
} from "../../integration/helpers/sandbox-http";
import { changeTokens, resetTokens } from "../../integration/helpers/sandboxControl";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

describe("sandbox authentication", () => {
  test("a request without an Authorization header is 401 missing_token with a Bearer challenge", async () => {
    const reply = await send(`${sandbox.baseUrl}/invoices`, {
      headers: { identity: "demo-company" },
    });
    expectError(reply, 401, "missing_token");
    expect(reply.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  test("a revoked token is 401 invalid_token, and a token issued in its place opens the project", async () => {
    const change = await changeTokens(sandbox.origin, {
      revoke: ["demo-token"],
      issue: ["fresh-token"],
    });
    expect(change.status).toBe(200);
    try {
      expectError(await api(sandbox, "/invoices"), 401, "invalid_token");
      const fresh = await api(sandbox, "/invoices", {
        headers: { Authorization: "Bearer fresh-token" },
      });
      expect(fresh.status).toBe(200);
    } finally {
      await resetTokens(sandbox.origin);
    }
    expect((await api(sandbox, "/invoices")).status).toBe(200);
  });

  test("refuses a token change that is not lists of tokens, changing nothing", async () => {
    const change = await changeTokens(sandbox.origin, {
      revoke: ["demo-token"],
      issue: "fresh-token" as unknown as string[],
    });
    expect(change.status).toBe(400);
    expect((await api(sandbox, "/invoices")).status).toBe(200);
  });

  test("a wrong token is 401 invalid_token", async () => {
    const reply = await api(sandbox, "/invoices", {
      headers: { Authorization: "Bearer nope-token" },
    });
    expectError(reply, 401, "invalid_token");
  });

  test("a non-Bearer scheme is 401 even with the right token", async () => {
    const reply = await api(sandbox, "/invoices", {
      headers: { Authorization: "Basic demo-token" },
    });
    expectError(reply, 401, "invalid_token");
  });

  test("a Bearer header without a token is 401", async () => {
    const reply = await api(sandbox, "/invoices", { headers: { Authorization: "Bearer " } });
    expectError(reply, 401, "missing_token");
  });

  test("the Bearer scheme name is case-insensitive (RFC 7235)", async () => {
    const reply = await api(sandbox, "/invoices", {
      headers: { Authorization: "bearer demo-token" },
    });
    expect(reply.status).toBe(200);
  });

  test("a missing identity header is 401 missing_identity (identity is an API key)", async () => {
    const reply = await send(`${sandbox.baseUrl}/invoices`, {
      headers: { Authorization: "Bearer demo-token" },
    });
    expectError(reply, 401, "missing_identity");
  });

  test("a valid token with an unknown identity is 403 unknown_identity", async () => {
    const reply = await api(sandbox, "/invoices", { headers: { identity: "acme-corp" } });
    expectError(reply, 403, "unknown_identity");
  });

  test("no response or error message ever contains the presented token", async () => {
    const secret = "s3cr3t-token-value";
    const replies = await Promise.all([
      api(sandbox, "/invoices", { headers: { Authorization: `Bearer ${secret}` } }),
      api(sandbox, "/invoices", { headers: { Authorization: `Basic ${secret}` } }),
      api(sandbox, "/journal/entries/x", { headers: { Authorization: `Bearer ${secret}` } }),
    ]);
    for (const reply of replies) {
      expect(reply.text).not.toContain(secret);
      expect([...reply.headers.values()].join(" ")).not.toContain(secret);
    }
    const ok = await api(sandbox, "/invoices?size=1");
    expect(ok.text).not.toContain("demo-token");
  });

  test("every API endpoint requires authentication", async () => {
    const journal = SEEDED_JOURNALS["demo-company"][0]?.id ?? "";
    for (const path of [
      "/invoices",
      "/payments",
      `/journal/entries/${journal}`,
      "/__sandbox/journals",
    ]) {
      expectError(await send(`${sandbox.baseUrl}${path}`), 401, "missing_token");
    }
    const patch = await send(`${sandbox.baseUrl}/journal/entries/${journal}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expectError(patch, 401, "missing_token");
  });
});

describe("sandbox identities", () => {
  test("the two demo identities see different records", async () => {
    const demo = dataOf<Array<{ id: string }>>(await api(sandbox, "/invoices?size=50"));
    const other = dataOf<Array<{ id: string }>>(
      await api(sandbox, "/invoices?size=50", { headers: OTHER_HEADERS }),
    );
    const demoIds = new Set(demo.map((record) => record.id));
    expect(other.length).toBeGreaterThan(0);
    expect(other.filter((record) => demoIds.has(record.id))).toEqual([]);
  });

  test("a journal of one identity is 404 for the other, by id and by transaction reference", async () => {
    const demoJournal = SEEDED_JOURNALS["demo-company"][0];
    const otherJournal = SEEDED_JOURNALS["other-company"][0];
    if (!demoJournal || !otherJournal) throw new Error("seed journals missing");

    expect((await api(sandbox, `/journal/entries/${demoJournal.id}`)).status).toBe(200);
    const asOther = await api(sandbox, `/journal/entries/${demoJournal.id}`, {
      headers: OTHER_HEADERS,
    });
    expectError(asOther, 404, "not_found");
    const byRef = await api(
      sandbox,
      `/journal/entries/${encodeURIComponent(otherJournal.transaction_reference)}`,
      { headers: DEMO_HEADERS },
    );
    expectError(byRef, 404, "not_found");
  });

  test("a cursor issued to one identity is refused for the other", async () => {
    const first = await api(sandbox, "/invoices?size=5");
    const { last_id, keyset } = first.body as { last_id: string; keyset: string };
    const reply = await api(
      sandbox,
      `/invoices?size=5&last_id=${encodeURIComponent(last_id)}&keyset=${encodeURIComponent(keyset)}`,
      { headers: OTHER_HEADERS },
    );
    expectError(reply, 400, "invalid_cursor");
  });
});

describe("sandbox base paths", () => {
  test("/v1 and /rc-1 answer the same data", async () => {
    const v1 = await send(`${sandbox.origin}/v1/invoices?size=3`, { headers: DEMO_HEADERS });
    const rc = await send(`${sandbox.origin}/rc-1/invoices?size=3`, { headers: DEMO_HEADERS });
    expect(v1.status).toBe(200);
    expect((rc.body as { data: unknown }).data).toEqual((v1.body as { data: unknown }).data);
  });

  test("/rc-1 enforces the same authentication", async () => {
    expectError(await send(`${sandbox.origin}/rc-1/payments`), 401, "missing_token");
  });

  test("a journal read under /rc-1 equals the one under /v1", async () => {
    const id = SEEDED_JOURNALS["demo-company"][1]?.id ?? "";
    const v1 = await send(`${sandbox.origin}/v1/journal/entries/${id}`, { headers: DEMO_HEADERS });
    const rc = await send(`${sandbox.origin}/rc-1/journal/entries/${id}`, {
      headers: DEMO_HEADERS,
    });
    expect(rc.status).toBe(200);
    expect(rc.body).toEqual(v1.body);
  });

  test("a cursor from /v1 continues the same list under /rc-1", async () => {
    const first = await send(`${sandbox.origin}/v1/bills?size=10`, { headers: DEMO_HEADERS });
    const { last_id, keyset } = first.body as { last_id: string; keyset: string };
    const query = `size=10&last_id=${encodeURIComponent(last_id)}&keyset=${encodeURIComponent(keyset)}`;
    const v1 = await send(`${sandbox.origin}/v1/bills?${query}`, { headers: DEMO_HEADERS });
    const rc = await send(`${sandbox.origin}/rc-1/bills?${query}`, { headers: DEMO_HEADERS });
    expect(rc.status).toBe(200);
    expect(rc.body).toEqual(v1.body);
  });

  test("no bad request in this file reached the 500 handler", () => {
    expect(sandbox.stats().internalErrors).toBe(0);
  });
});
