import Decimal from "decimal.js";
import { CHARTS_OF_ACCOUNTS } from "../../../tools/sandbox/seed/accounts";
import { SEEDED_JOURNALS, type SeededJournal } from "../../../tools/sandbox/seed/journals";
import type { ManualJournal } from "../../../tools/sandbox/seed/types";
import { startSandbox, type RunningSandbox } from "../../../tools/sandbox/server";
import {
  OTHER_HEADERS,
  api,
  dataOf,
  expectError,
  patchJson,
  send,
} from "../../integration/helpers/sandbox-http";
import { resetSandbox } from "../../integration/helpers/sandboxControl";

const JOURNAL_FIELDS = [
  "id",
  "created_by",
  "approved_by",
  "journal_entry_id",
  "project_id",
  "reference",
  "transaction_reference",
  "currency_code",
  "exchange_rate",
  "description",
  "rejection_reason",
  "is_test",
  "status",
  "approved_at",
  "transaction_date",
  "created_at",
  "updated_at",
  "lines",
];
const LINE_FIELDS = [
  "id",
  "account_id",
  "tax_id",
  "account_name",
  "account_code",
  "contact_id",
  "staff_id",
  "description",
  "debit",
  "credit",
  "forex_debit",
  "forex_credit",
  "tax_amount",
];
const AMOUNT = /^\d+\.\d{2}$/;

const demo = SEEDED_JOURNALS["demo-company"];
function seeded(predicate: (journal: SeededJournal) => boolean): SeededJournal {
  const found = demo.find(predicate);
  if (!found) throw new Error("no such seeded journal");
  return found;
}
const draft = seeded((j) => j.reference === "JNL-0001");
const awkwardRef = seeded((j) => j.transaction_reference.includes("/"));

function account(code: string): string {
  const found = CHARTS_OF_ACCOUNTS["demo-company"].find((a) => a.code === code);
  if (!found) throw new Error(`no account ${code}`);
  return found.id;
}

function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    transaction_date: "2026-02-28",
    currency_code: "USD",
    exchange_rate: 1,
    description: "Updated by test",
    lines: [
      { account_id: account("6000"), amount: 150, type: "DEBIT", description: "Rent" },
      { account_id: account("2200"), amount: 150, type: "CREDIT" },
    ],
    ...overrides,
  };
}

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

async function getJournal(key: string): Promise<ManualJournal> {
  return dataOf<ManualJournal>(await api(sandbox, `/journal/entries/${encodeURIComponent(key)}`));
}

describe("GET /journal/entries/{id}", () => {
  test("every seeded journal has every field of the spec, lines with every line field", async () => {
    for (const seed of [...demo]) {
      const journal = await getJournal(seed.id);
      expect(Object.keys(journal).sort()).toEqual([...JOURNAL_FIELDS].sort());
      expect(journal.status).toBe(seed.status);
      expect(journal.exchange_rate).toMatch(AMOUNT);
      expect(journal.lines.length).toBeGreaterThanOrEqual(2);
      expect(journal.lines.length).toBeLessThanOrEqual(8);
      for (const line of journal.lines) {
        expect(Object.keys(line).sort()).toEqual([...LINE_FIELDS].sort());
        for (const field of [
          "debit",
          "credit",
          "forex_debit",
          "forex_credit",
          "tax_amount",
        ] as const) {
          expect(line[field]).toMatch(AMOUNT);
        }
        // The amount sits on one side; the other is a zero decimal string.
        expect([line.debit, line.credit]).toContain("0.00");
      }
      const debits = journal.lines.reduce((s, l) => s.plus(l.debit), new Decimal(0));
      const credits = journal.lines.reduce((s, l) => s.plus(l.credit), new Decimal(0));
      expect(debits.equals(credits)).toBe(true);
    }
  });

  test("the response is {status: true, message, data}", async () => {
    const reply = await api(sandbox, `/journal/entries/${draft.id}`);
    expect(reply.body).toMatchObject({ status: true, message: "Journal retrieved" });
  });

  test("a journal reads the same by id and by transaction reference", async () => {
    expect(await getJournal(draft.transaction_reference)).toEqual(await getJournal(draft.id));
  });

  test("a transaction reference with a slash and spaces works when URL-encoded", async () => {
    expect(awkwardRef.transaction_reference).toMatch(/[/ ]/);
    const journal = await getJournal(awkwardRef.transaction_reference);
    expect(journal.id).toBe(awkwardRef.id);
  });

  test("an unknown id is 404 not_found", async () => {
    expectError(await api(sandbox, "/journal/entries/no-such-journal"), 404, "not_found");
    expectError(
      await api(sandbox, "/journal/entries/00000000-0000-4000-8000-000000000000"),
      404,
      "not_found",
    );
  });

  test("the seed has at least 3 DRAFT, 2 POSTED, 1 ARCHIVED and 1 VOIDED journal per identity", async () => {
    for (const identity of ["demo-company", "other-company"] as const) {
      const count = (status: string): number =>
        SEEDED_JOURNALS[identity].filter((j) => j.status === status).length;
      expect(count("DRAFT")).toBeGreaterThanOrEqual(3);
      expect(count("POSTED")).toBeGreaterThanOrEqual(2);
      expect(count("ARCHIVED")).toBeGreaterThanOrEqual(1);
      expect(count("VOIDED")).toBeGreaterThanOrEqual(1);
    }
  });

  test("an ARCHIVED journal has a rejection reason; posted ones have approver and approval time", async () => {
    const archived = await getJournal(seeded((j) => j.status === "ARCHIVED").id);
    expect(archived.rejection_reason).toEqual(expect.any(String));
    const posted = await getJournal(seeded((j) => j.status === "POSTED").id);
    expect(posted.approved_by).toEqual(expect.any(String));
    expect(posted.approved_at).toEqual(expect.any(String));
    const open = await getJournal(draft.id);
    expect(open.approved_at).toBeNull();
    expect(open.rejection_reason).toBeNull();
  });

  test("a foreign-currency journal has a rate other than 1.00 and forex = amount × rate", async () => {
    const foreign = await getJournal(seeded((j) => j.transaction_reference === "TRX-2026-0002").id);
    expect(foreign.exchange_rate).not.toBe("1.00");
    for (const line of foreign.lines) {
      expect(line.forex_debit).toBe(
        new Decimal(line.debit).times(foreign.exchange_rate).toFixed(2),
      );
      expect(line.forex_credit).toBe(
        new Decimal(line.credit).times(foreign.exchange_rate).toFixed(2),
      );
    }
    expect(foreign.lines.some((l) => l.tax_id !== null && l.tax_amount !== "0.00")).toBe(true);
    expect(foreign.lines.some((l) => l.contact_id !== null)).toBe(true);
  });

  test("GET /__sandbox/journals lists the identity's journals with id, reference and status", async () => {
    const listed = dataOf<SeededJournal[]>(await api(sandbox, "/__sandbox/journals"));
    expect(listed).toEqual(demo.map((j) => ({ ...j })));
    const other = dataOf<SeededJournal[]>(
      await api(sandbox, "/__sandbox/journals", { headers: OTHER_HEADERS }),
    );
    expect(other.map((j) => j.id)).toEqual(SEEDED_JOURNALS["other-company"].map((j) => j.id));
    const atRoot = await send(`${sandbox.origin}/__sandbox/journals`, {
      headers: { Authorization: "Bearer demo-token", identity: "demo-company" },
    });
    expect(atRoot.body).toEqual((await api(sandbox, "/__sandbox/journals")).body);
  });
});

describe("PATCH /journal/entries/{id}: accepted updates", () => {
  beforeEach(() => resetSandbox(sandbox));

  test("a balanced update replaces date, currency, rate, description and lines; status stays DRAFT", async () => {
    const before = await getJournal(draft.id);
    const reply = await patchJson(
      sandbox,
      `/journal/entries/${draft.id}`,
      validBody({
        currency_code: "EUR",
        exchange_rate: 1.1,
        lines: [
          {
            account_id: account("6000"),
            amount: 100.1,
            type: "DEBIT",
            tax_id: "TAX-1",
            contact_id: "c-1",
            staff_id: "s-1",
            description: "Rent",
          },
          { account_id: account("6300"), amount: 49.9, type: "DEBIT", description: null },
          { account_id: account("2200"), amount: 150, type: "CREDIT" },
        ],
      }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: true, message: "Journal updated" });
    const journal = (reply.body as { data: ManualJournal }).data;
    expect(journal).toMatchObject({
      id: before.id,
      reference: before.reference,
      transaction_reference: before.transaction_reference,
      created_at: before.created_at,
      status: "DRAFT",
      transaction_date: "2026-02-28T00:00:00.000Z",
      currency_code: "EUR",
      exchange_rate: "1.10",
      description: "Updated by test",
    });
    expect(Object.keys(journal).sort()).toEqual([...JOURNAL_FIELDS].sort());
    expect(journal.lines).toEqual([
      {
        id: expect.any(String),
        account_id: account("6000"),
        tax_id: "TAX-1",
        account_name: "Rent Expense",
        account_code: "6000",
        contact_id: "c-1",
        staff_id: "s-1",
        description: "Rent",
        debit: "100.10",
        credit: "0.00",
        forex_debit: "110.11",
        forex_credit: "0.00",
        tax_amount: "0.00",
      },
      expect.objectContaining({
        account_code: "6300",
        debit: "49.90",
        credit: "0.00",
        forex_debit: "54.89",
        description: null,
        tax_id: null,
      }),
      expect.objectContaining({
        account_code: "2200",
        debit: "0.00",
        credit: "150.00",
        forex_credit: "165.00",
      }),
    ]);
    const oldLineIds = new Set(before.lines.map((l) => l.id));
    expect(journal.lines.some((l) => oldLineIds.has(l.id))).toBe(false);
    expect(await getJournal(draft.id)).toEqual(journal);
  });

  test("updated_at moves strictly forward on every update, even back to back", async () => {
    const before = await getJournal(draft.id);
    const stamps = [before.updated_at];
    for (let i = 0; i < 3; i++) {
      const reply = await patchJson(sandbox, `/journal/entries/${draft.id}`, validBody());
      stamps.push((reply.body as { data: ManualJournal }).data.updated_at);
    }
    for (let i = 1; i < stamps.length; i++) {
      expect(Date.parse(stamps[i] ?? "")).toBeGreaterThan(Date.parse(stamps[i - 1] ?? ""));
    }
  });

  test("exchange_rate is stored at two decimals, half-up: 1.2345 comes back as 1.23, 1.005 as 1.01", async () => {
    const a = await patchJson(
      sandbox,
      `/journal/entries/${draft.id}`,
      validBody({ exchange_rate: 1.2345 }),
    );
    expect((a.body as { data: ManualJournal }).data.exchange_rate).toBe("1.23");
    expect((a.body as { data: ManualJournal }).data.lines[0]?.forex_debit).toBe("184.50");
    const b = await patchJson(
      sandbox,
      `/journal/entries/${draft.id}`,
      validBody({ exchange_rate: 1.005 }),
    );
    expect((b.body as { data: ManualJournal }).data.exchange_rate).toBe("1.01");
  });

  test("an omitted exchange_rate becomes 1.00 and an omitted description null (the request replaces them)", async () => {
    const body = validBody();
    delete body.exchange_rate;
    delete body.description;
    const foreign = seeded((j) => j.transaction_reference === "TRX-2026-0002");
    const reply = await patchJson(sandbox, `/journal/entries/${foreign.id}`, body);
    const journal = (reply.body as { data: ManualJournal }).data;
    expect(journal.exchange_rate).toBe("1.00");
    expect(journal.description).toBeNull();
  });

  test("debits and credits are compared as decimals: 0.1 + 0.2 balances 0.3", async () => {
    const reply = await patchJson(
      sandbox,
      `/journal/entries/${draft.id}`,
      validBody({
        lines: [
          { account_id: account("6000"), amount: 0.1, type: "DEBIT" },
          { account_id: account("6000"), amount: 0.2, type: "DEBIT" },
          { account_id: account("2200"), amount: 0.3, type: "CREDIT" },
        ],
      }),
    );
    expect(reply.status).toBe(200);
  });

  test("a date-time with an offset is accepted and stored as UTC", async () => {
    const reply = await patchJson(
      sandbox,
      `/journal/entries/${draft.id}`,
      validBody({
        transaction_date: "2026-03-01T09:30:00+02:00",
      }),
    );
    expect((reply.body as { data: ManualJournal }).data.transaction_date).toBe(
      "2026-03-01T07:30:00.000Z",
    );
  });

  test("a journal can be updated through its URL-encoded transaction reference", async () => {
    const reply = await patchJson(
      sandbox,
      `/journal/entries/${encodeURIComponent(awkwardRef.transaction_reference)}`,
      validBody(),
    );
    expect(reply.status).toBe(200);
    expect((reply.body as { data: ManualJournal }).data.id).toBe(awkwardRef.id);
  });

  test("Content-Type application/json with charset=utf-8 is accepted", async () => {
    const reply = await api(sandbox, `/journal/entries/${draft.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json; charset=UTF-8" },
      body: JSON.stringify(validBody()),
    });
    expect(reply.status).toBe(200);
  });

  test("POST /__sandbox/reset restores the seeded journal", async () => {
    const seededJournal = await getJournal(draft.id);
    await patchJson(sandbox, `/journal/entries/${draft.id}`, validBody());
    expect(await getJournal(draft.id)).not.toEqual(seededJournal);
    await resetSandbox(sandbox);
    expect(await getJournal(draft.id)).toEqual(seededJournal);
  });
});

describe("PATCH /journal/entries/{id}: refused updates leave the journal unchanged", () => {
  let original: ManualJournal;
  beforeAll(async () => {
    await resetSandbox(sandbox);
    original = await getJournal(draft.id);
  });
  afterEach(async () => {
    // The rule under test in every case below: a refused request changes nothing.
    expect(await getJournal(draft.id)).toEqual(original);
  });

  const lineWith = (fields: Record<string, unknown>): Record<string, unknown> =>
    validBody({
      lines: [
        { account_id: account("6000"), amount: 150, type: "DEBIT", ...fields },
        { account_id: account("2200"), amount: 150, type: "CREDIT" },
      ],
    });
  const without = (key: string): Record<string, unknown> => {
    const body = validBody();
    delete body[key];
    return body;
  };

  const cases: Array<[string, unknown, string]> = [
    ["body is an array", [], "body"],
    ["body is null", null, "body"],
    ["body is a string", "hello", "body"],
    ["transaction_date is missing", without("transaction_date"), "transaction_date"],
    ["transaction_date is a number", validBody({ transaction_date: 20260301 }), "transaction_date"],
    [
      "transaction_date is not a real date (2026-02-30)",
      validBody({ transaction_date: "2026-02-30" }),
      "transaction_date",
    ],
    [
      "transaction_date has month 13",
      validBody({ transaction_date: "2026-13-01" }),
      "transaction_date",
    ],
    [
      "transaction_date is in US notation",
      validBody({ transaction_date: "03/01/2026" }),
      "transaction_date",
    ],
    [
      "transaction_date has a time but no zone",
      validBody({ transaction_date: "2026-03-01T10:00:00" }),
      "transaction_date",
    ],
    [
      "transaction_date has hour 25",
      validBody({ transaction_date: "2026-03-01T25:00:00Z" }),
      "transaction_date",
    ],
    ["currency_code is missing", without("currency_code"), "currency_code"],
    ["currency_code is lowercase", validBody({ currency_code: "usd" }), "currency_code"],
    ["currency_code has two letters", validBody({ currency_code: "US" }), "currency_code"],
    ["currency_code is a number", validBody({ currency_code: 840 }), "currency_code"],
    ["exchange_rate is a string", validBody({ exchange_rate: "1.10" }), "exchange_rate"],
    ["exchange_rate is 0", validBody({ exchange_rate: 0 }), "exchange_rate"],
    ["exchange_rate is negative", validBody({ exchange_rate: -1.1 }), "exchange_rate"],
    ["exchange_rate rounds to 0.00", validBody({ exchange_rate: 0.004 }), "exchange_rate"],
    ["exchange_rate is null", validBody({ exchange_rate: null }), "exchange_rate"],
    ["description is a number", validBody({ description: 42 }), "description"],
    ["lines is missing", without("lines"), "lines"],
    ["lines is an object", validBody({ lines: {} }), "lines"],
    ["lines is empty", validBody({ lines: [] }), "lines"],
    ["a line is a string", validBody({ lines: ["x"] }), "lines[0]"],
    ["account_id is missing", lineWith({ account_id: undefined }), "lines[0].account_id"],
    ["account_id is unknown", lineWith({ account_id: "no-such-account" }), "lines[0].account_id"],
    [
      "account_id belongs to the other company's chart",
      lineWith({ account_id: CHARTS_OF_ACCOUNTS["other-company"][0]?.id }),
      "lines[0].account_id",
    ],
    ["account_id is a number", lineWith({ account_id: 6000 }), "lines[0].account_id"],
    ["amount is missing", lineWith({ amount: undefined }), "lines[0].amount"],
    ["amount is a string", lineWith({ amount: "150.00" }), "lines[0].amount"],
    ["amount is 0", lineWith({ amount: 0 }), "lines[0].amount"],
    ["amount is negative", lineWith({ amount: -150 }), "lines[0].amount"],
    ["amount has three decimals (10.005)", lineWith({ amount: 10.005 }), "lines[0].amount"],
    ["amount is too large for cents", lineWith({ amount: 1e15 }), "lines[0].amount"],
    ["type is lowercase", lineWith({ type: "debit" }), "lines[0].type"],
    ["type is DR", lineWith({ type: "DR" }), "lines[0].type"],
    ["type is missing", lineWith({ type: undefined }), "lines[0].type"],
    ["tax_id is a number", lineWith({ tax_id: 5 }), "lines[0].tax_id"],
    ["contact_id is an object", lineWith({ contact_id: {} }), "lines[0].contact_id"],
    ["staff_id is a boolean", lineWith({ staff_id: true }), "lines[0].staff_id"],
    ["a line description is an array", lineWith({ description: [] }), "lines[0].description"],
    ["a line has an unknown field (debit)", lineWith({ debit: "150.00" }), "lines[0].debit"],
    ["the body has an unknown field (status)", validBody({ status: "POSTED" }), "status"],
    ["the body has an unknown field (id)", validBody({ id: "x" }), "id"],
  ];

  test.each(cases)("400 invalid_body when %s", async (_name, body, field) => {
    const reply = await patchJson(sandbox, `/journal/entries/${draft.id}`, body);
    const error = expectError(reply, 400, "invalid_body");
    expect(error.error.details?.map((d) => d.field)).toContain(field);
  });

  test("400 reports every problem at once in error.details", async () => {
    const reply = await patchJson(sandbox, `/journal/entries/${draft.id}`, {
      transaction_date: "2026-02-30",
      currency_code: "usd",
      lines: [
        { account_id: "nope", amount: 1.001, type: "DEBIT" },
        { account_id: account("2200"), amount: "1", type: "credit" },
      ],
    });
    const error = expectError(reply, 400, "invalid_body");
    expect(error.error.details?.map((d) => d.field)).toEqual([
      "transaction_date",
      "currency_code",
      "lines[0].account_id",
      "lines[0].amount",
      "lines[1].amount",
      "lines[1].type",
    ]);
    expect(error.message).toMatch(/and 5 more problems/);
  });

  test("400 validation is reported before 422: an invalid and unbalanced body is 400", async () => {
    const reply = await patchJson(
      sandbox,
      `/journal/entries/${draft.id}`,
      lineWith({ amount: 1.001 }),
    );
    expectError(reply, 400, "invalid_body");
  });

  test("422 unbalanced_journal when debits differ from credits, stating both totals and the difference", async () => {
    const reply = await patchJson(
      sandbox,
      `/journal/entries/${draft.id}`,
      validBody({
        lines: [
          { account_id: account("6000"), amount: 100, type: "DEBIT" },
          { account_id: account("6000"), amount: 50, type: "DEBIT" },
          { account_id: account("2200"), amount: 140, type: "CREDIT" },
        ],
      }),
    );
    const error = expectError(reply, 422, "unbalanced_journal");
    expect(error.message).toBe(
      "Total debits 150.00 do not equal total credits 140.00 (difference 10.00).",
    );
  });

  test("422 when all lines are on one side", async () => {
    const reply = await patchJson(
      sandbox,
      `/journal/entries/${draft.id}`,
      validBody({
        lines: [{ account_id: account("6000"), amount: 10, type: "DEBIT" }],
      }),
    );
    expect(expectError(reply, 422, "unbalanced_journal").message).toContain("difference 10.00");
  });

  test("400 invalid_json for malformed JSON", async () => {
    const reply = await api(sandbox, `/journal/entries/${draft.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: '{"transaction_date": "2026-02-28",',
    });
    expectError(reply, 400, "invalid_json");
  });

  test("400 invalid_json for an empty body", async () => {
    const reply = await api(sandbox, `/journal/entries/${draft.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: "",
    });
    expectError(reply, 400, "invalid_json");
  });

  test("400 invalid_json for a body that is not UTF-8", async () => {
    const reply = await api(sandbox, `/journal/entries/${draft.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expectError(reply, 400, "invalid_json");
  });

  test.each([
    ["no Content-Type", undefined],
    ["text/plain", "text/plain"],
    ["form encoding", "application/x-www-form-urlencoded"],
    ["a non-UTF-8 charset", "application/json; charset=iso-8859-1"],
  ])("415 unsupported_media_type with %s", async (_name, contentType) => {
    const reply = await api(sandbox, `/journal/entries/${draft.id}`, {
      method: "PATCH",
      headers: contentType ? { "Content-Type": contentType } : {},
      body: new TextEncoder().encode(JSON.stringify(validBody())),
    });
    expectError(reply, 415, "unsupported_media_type");
  });

  test("413 payload_too_large for a body over 1 MB", async () => {
    const body = validBody({ description: "x".repeat(1024 * 1024 + 10) });
    const reply = await patchJson(sandbox, `/journal/entries/${draft.id}`, body);
    expectError(reply, 413, "payload_too_large");
  });

  test("404 not_found when the journal does not exist", async () => {
    const reply = await patchJson(sandbox, "/journal/entries/JNL-9999", validBody());
    expectError(reply, 404, "not_found");
  });

  test("404 for a journal of the other company, even with a valid body", async () => {
    const reply = await patchJson(
      sandbox,
      `/journal/entries/${draft.id}`,
      validBody(),
      OTHER_HEADERS,
    );
    expectError(reply, 404, "not_found");
  });

  test("no request in this file reached the 500 handler", () => {
    expect(sandbox.stats().internalErrors).toBe(0);
  });
});

describe("PATCH /journal/entries/{id}: only DRAFT journals", () => {
  test.each(["POSTED", "ARCHIVED", "VOIDED"])(
    "409 journal_not_draft for a %s journal, naming the status; nothing changes",
    async (status) => {
      const target = seeded((j) => j.status === status);
      const before = await getJournal(target.id);
      const reply = await patchJson(sandbox, `/journal/entries/${target.id}`, validBody());
      const error = expectError(reply, 409, "journal_not_draft");
      expect(error.message).toBe(
        `Journal ${target.reference} is ${status}; only DRAFT journals can be updated.`,
      );
      expect(await getJournal(target.id)).toEqual(before);
    },
  );

  test("409 comes before body validation (the journal cannot be edited at all)", async () => {
    const posted = seeded((j) => j.status === "POSTED");
    const reply = await patchJson(sandbox, `/journal/entries/${posted.id}`, { nonsense: true });
    expectError(reply, 409, "journal_not_draft");
  });
});
