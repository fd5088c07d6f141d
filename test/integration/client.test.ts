// The API core against the sandbox over real HTTP on loopback: the client, the pagination and the
// exact PATCH body meet a strict server, including every error path the sandbox can force.
import {
  ApiError,
  iterateCollection,
  iteratePayments,
  JournalUpdate,
  ManualJournal,
} from "../../src/api";
import { moneyEquals, parseMoney, sumMoney } from "../../src/money";
import {
  CHARTS_OF_ACCOUNTS,
  CURSOR_COLLECTIONS,
  DEFAULT_RECORD_COUNTS,
  DEMO_TOKEN,
  SEEDED_JOURNALS,
} from "../../tools/sandbox";
import { clearFaults, setFaults as injectFaults } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 20, totalTimeMs: 10_000 };

function journal(status: string, nth = 0) {
  const found = SEEDED_JOURNALS["demo-company"].filter((j) => j.status === status)[nth];
  if (!found) throw new Error(`no seeded ${status} journal #${nth}`);
  return found;
}

function account(code: string): string {
  const found = CHARTS_OF_ACCOUNTS["demo-company"].find((a) => a.code === code);
  if (!found) throw new Error(`no account ${code}`);
  return found.id;
}

function money(text: string) {
  const parsed = parseMoney(text);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.value;
}

/** Runs `action`, expects an ApiError, and checks that the token is nowhere in it. */
async function failure(action: () => Promise<unknown>): Promise<ApiError> {
  try {
    await action();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(JSON.stringify({ ...apiError, message: apiError.message })).not.toContain(DEMO_TOKEN);
    return apiError;
  }
  throw new Error("expected the call to fail");
}

const sandbox = useSandbox();

function setFaults(faults: object): Promise<void> {
  return injectFaults(sandbox(), faults);
}

function client(
  overrides: Partial<{ token: string; identity: string; version: "v1" | "rc-1" }> = {},
  timeoutMs = 5_000,
) {
  return demoApi(sandbox(), { ...overrides, options: { retry: FAST_RETRY, timeoutMs } });
}

afterEach(async () => {
  await clearFaults(sandbox());
});

describe("LedgerApi against the sandbox", () => {
  it.each(["v1", "rc-1"] as const)("reads a journal by id under /%s", async (version) => {
    const api = client({ version });
    expect(api.baseUrl).toBe(`${sandbox().origin}/${version}`);
    const seeded = journal("DRAFT");
    const { data } = await api.getJournal(seeded.id);
    expect(data.id).toBe(seeded.id);
    expect(data.transaction_reference).toBe(seeded.transaction_reference);
  });

  it("reads a journal by a transaction reference holding a slash and spaces", async () => {
    const awkward = SEEDED_JOURNALS["demo-company"].find((j) =>
      /[/ ]/.test(j.transaction_reference),
    );
    expect(awkward).toBeDefined();
    const { data } = await client().getJournal(awkward!.transaction_reference);
    expect(data.id).toBe(awkward!.id);
  });

  it("lists payments whose allocations add up exactly to each amount", async () => {
    const page = await client().listPayments({ limit: 10 });
    expect(page.data).toHaveLength(10);
    for (const payment of page.data) {
      const allocated = sumMoney(payment.allocations.map((a) => money(a.amount)));
      expect(moneyEquals(allocated, money(payment.amount))).toBe(true);
    }
  });

  it("sends a balanced update whose amounts arrive digit for digit", async () => {
    const seeded = journal("DRAFT");
    const api = client();
    const before = (await api.getJournal(seeded.id)).data;
    // 0.1 + 0.2 style amounts: a float serializer would send 0.30000000000000004.
    const update: JournalUpdate = {
      transaction_date: "2026-11-20",
      currency_code: "EUR",
      exchange_rate: "1.0850",
      description: "Accrual, corrected",
      lines: [
        { account_id: account("1000"), amount: "0.30", type: "DEBIT", description: "cash" },
        { account_id: account("1100"), amount: "98765432109.87", type: "DEBIT" },
        { account_id: account("1200"), amount: "98765432110.17", type: "CREDIT" },
      ],
    };
    const { data } = await api.updateJournal(seeded.id, update);
    expect(data.status).toBe("DRAFT");
    expect(data.currency_code).toBe("EUR");
    expect(data.description).toBe("Accrual, corrected");
    expect(data.lines.map((l) => [l.account_id, l.debit, l.credit])).toEqual([
      [account("1000"), "0.30", "0.00"],
      [account("1100"), "98765432109.87", "0.00"],
      [account("1200"), "0.00", "98765432110.17"],
    ]);
    // The sandbox keeps two decimals of a rate: a client can see what the server changed.
    expect(data.exchange_rate).toBe("1.09");
    expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const reread: ManualJournal = (await api.getJournal(seeded.id)).data;
    expect(reread.updated_at).toBe(data.updated_at);
  });
});

describe("pagination against the sandbox", () => {
  it.each(CURSOR_COLLECTIONS.map((c) => [c]))(
    "walks every record of /%s once, newest first",
    async (collection) => {
      const ids: string[] = [];
      const created: number[] = [];
      let pages = 0;
      for await (const page of iterateCollection(client(), `/${collection}`)) {
        pages += 1;
        expect(page.data.length).toBeLessThanOrEqual(50);
        for (const record of page.data) {
          ids.push(String(record["id"]));
          created.push(Date.parse(String(record["created_at"])));
        }
      }
      const expected = DEFAULT_RECORD_COUNTS[collection];
      expect(ids).toHaveLength(expected);
      expect(new Set(ids).size).toBe(expected);
      expect(pages).toBe(Math.ceil(expected / 50));
      for (let i = 1; i < created.length; i++) {
        expect(created[i]).toBeLessThanOrEqual(created[i - 1] as number);
      }
    },
  );

  it("follows the payments cursor to every payment", async () => {
    let last;
    const ids = new Set<string>();
    for await (const batch of iteratePayments(client(), { pageSize: 20 })) {
      batch.page.data.forEach((p) => ids.add(p.id));
      last = batch;
    }
    expect(ids.size).toBe(DEFAULT_RECORD_COUNTS.payments);
    expect(last).toMatchObject({
      complete: true,
      last: true,
      fetched: DEFAULT_RECORD_COUNTS.payments,
    });
  });

  it("reports honestly how many payments it got when the server offers no cursor", async () => {
    await setFaults({ paymentsPagination: "none" });
    const batches = [];
    for await (const batch of iteratePayments(client(), { pageSize: 20 })) batches.push(batch);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({
      fetched: 20,
      count: DEFAULT_RECORD_COUNTS.payments,
      last: true,
      complete: false,
    });
  });

  it("stops a walk when cancelled, with an aborted error", async () => {
    const controller = new AbortController();
    const error = await failure(async () => {
      for await (const _page of iterateCollection(client(), "/invoices", {
        signal: controller.signal,
      })) {
        controller.abort();
      }
    });
    expect(error.kind).toBe("aborted");
  });
});

describe("errors from the sandbox", () => {
  it("turns a refused token into an auth error that never shows the token", async () => {
    const secret = "sk-live-do-not-leak-1234";
    const error = await failure(() => client({ token: secret }).listPayments());
    expect(error.kind).toBe("auth");
    expect(error.status).toBe(401);
    expect(`${error.message} ${error.serverMessage ?? ""}`).not.toContain(secret);
  });

  it("turns an unknown project into a forbidden error", async () => {
    const error = await failure(() => client({ identity: "no-such-company" }).listPayments());
    expect(error.kind).toBe("forbidden");
    expect(error.status).toBe(403);
  });

  it("keeps projects apart: another company's journal is not found", async () => {
    const theirs = SEEDED_JOURNALS["other-company"][0]!.id;
    const error = await failure(() => client().getJournal(theirs));
    expect(error.kind).toBe("not-found");
    expect(error.message).toContain(theirs);
  });

  it.each(["POSTED", "ARCHIVED", "VOIDED"])(
    "refuses to update a %s journal (409)",
    async (status) => {
      const seeded = journal(status);
      const api = client();
      const before = (await api.getJournal(seeded.id)).data;
      const error = await failure(() =>
        api.updateJournal(seeded.id, {
          transaction_date: "2026-11-20",
          currency_code: "USD",
          lines: [
            { account_id: account("1000"), amount: "5.00", type: "DEBIT" },
            { account_id: account("1100"), amount: "5.00", type: "CREDIT" },
          ],
        }),
      );
      expect(error.kind).toBe("conflict");
      expect(error.serverMessage).toContain(status);
      expect((await api.getJournal(seeded.id)).data).toEqual(before);
    },
  );

  it("shows the server's message when debits and credits differ (422) and changes nothing", async () => {
    const seeded = journal("DRAFT");
    const api = client();
    const before = (await api.getJournal(seeded.id)).data;
    const error = await failure(() =>
      api.updateJournal(seeded.id, {
        transaction_date: "2026-11-20",
        currency_code: "USD",
        lines: [
          { account_id: account("1000"), amount: "150.00", type: "DEBIT" },
          { account_id: account("1100"), amount: "140.00", type: "CREDIT" },
        ],
      }),
    );
    expect(error.kind).toBe("validation");
    expect(error.status).toBe(422);
    expect(error.message).toContain("150.00");
    expect((await api.getJournal(seeded.id)).data).toEqual(before);
  });

  it("retries GETs through 503s and rate limits", async () => {
    await setFaults({
      next: [
        { method: "GET", status: 503 },
        { method: "GET", status: 429, retryAfterSeconds: 1 },
        { method: "GET", action: "drop" },
      ],
    });
    const retries: string[] = [];
    const page = await client().listPayments({
      limit: 5,
      onRetry: (e) => retries.push(String(e.attempt)),
    });
    expect(page.data).toHaveLength(5);
    expect(retries).toHaveLength(3);
  });

  it("gives up on GETs after the bounded number of attempts", async () => {
    await setFaults({ failEvery: { n: 1, status: 503, method: "GET" } });
    const before = sandbox().stats().requests;
    const error = await failure(() => client().listPayments());
    expect(error.kind).toBe("server");
    expect(error.status).toBe(503);
    expect(sandbox().stats().requests - before).toBe(4);
  });

  it("never re-sends a PATCH whose connection dropped, and says the outcome is unknown", async () => {
    const seeded = journal("DRAFT", 1);
    await setFaults({ next: [{ method: "PATCH", action: "apply-then-drop" }] });
    const api = client();
    const before = sandbox().stats().requests;
    const error = await failure(() =>
      api.updateJournal(seeded.id, {
        transaction_date: "2026-11-21",
        currency_code: "USD",
        description: "applied but unanswered",
        lines: [
          { account_id: account("1000"), amount: "7.00", type: "DEBIT" },
          { account_id: account("1100"), amount: "7.00", type: "CREDIT" },
        ],
      }),
    );
    expect(sandbox().stats().requests - before).toBe(1);
    expect(error.kind).toBe("network");
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toMatch(/reload/i);
    // Reading back tells whether it was applied: here it was.
    expect((await api.getJournal(seeded.id)).data.description).toBe("applied but unanswered");
  });

  it("times out a request the server never answers", async () => {
    await setFaults({
      next: [{ action: "hang" }, { action: "hang" }, { action: "hang" }, { action: "hang" }],
    });
    const error = await failure(() => client({}, 300).getJournal(journal("DRAFT").id));
    expect(error.kind).toBe("timeout");
  });

  it("reports an answer that is not JSON as malformed", async () => {
    await setFaults({ next: [{ action: "malformed" }] });
    const error = await failure(() => client().listCollectionPage("/invoices"));
    expect(error.kind).toBe("malformed-response");
  });
});
