// The sandbox's `journalLines` option: an extra DRAFT journal of N lines for demo-company, which
// PATCH takes back (its line and body limits grow with it), for benchmarks of large journals.
import Decimal from "decimal.js";
import { LARGE_JOURNAL } from "../../../tools/sandbox/seed/journals";
import type { ManualJournal } from "../../../tools/sandbox/seed/types";
import { startSandbox, type RunningSandbox } from "../../../tools/sandbox/server";
import { api, dataOf, expectError, patchJson } from "../../integration/helpers/sandbox-http";
import { resetSandbox } from "../../integration/helpers/sandboxControl";

/** An odd count, over the usual 1,000-line limit of PATCH. */
const LINES = 2_001;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, journalLines: LINES });
});
afterAll(() => sandbox.close());

async function large(target = sandbox): Promise<ManualJournal> {
  return dataOf<ManualJournal>(await api(target, `/journal/entries/${LARGE_JOURNAL.id}`));
}

function sum(amounts: readonly string[]): Decimal {
  return amounts.reduce((total, amount) => total.plus(amount), new Decimal(0));
}

/** The journal's lines as a PATCH body sends them, each description `pad` characters longer. */
function bodyOf(journal: ManualJournal, pad = 0): Record<string, unknown> {
  return {
    transaction_date: journal.transaction_date,
    currency_code: journal.currency_code,
    exchange_rate: Number(journal.exchange_rate),
    description: journal.description,
    lines: journal.lines.map((line) => ({
      account_id: line.account_id,
      type: line.debit === "0.00" ? "CREDIT" : "DEBIT",
      amount: Number(line.debit === "0.00" ? line.credit : line.debit),
      contact_id: line.contact_id,
      staff_id: line.staff_id,
      description: `${line.description ?? ""}${"·".repeat(pad)}`,
    })),
  };
}

describe("journalLines: the large journal", () => {
  test("GET /__sandbox/journals lists it as JNL-0009, DRAFT", async () => {
    const listed = dataOf<{ id: string; reference: string; status: string }[]>(
      await api(sandbox, "/__sandbox/journals"),
    );
    expect(listed).toContainEqual({ ...LARGE_JOURNAL });
  });

  test("it has exactly N lines, each on one side, and balances (odd N too)", async () => {
    const journal = await large();
    expect(journal.reference).toBe("JNL-0009");
    expect(journal.lines).toHaveLength(LINES);
    expect(new Set(journal.lines.map((line) => line.id)).size).toBe(LINES);
    for (const line of journal.lines) expect([line.debit, line.credit]).toContain("0.00");
    const debits = sum(journal.lines.map((line) => line.debit));
    expect(debits.greaterThan(0)).toBe(true);
    expect(debits.equals(sum(journal.lines.map((line) => line.credit)))).toBe(true);
    // Contacts, staff and descriptions vary, as in the hand-written journals.
    expect(journal.lines.some((line) => line.contact_id !== null)).toBe(true);
    expect(journal.lines.some((line) => line.staff_id !== null)).toBe(true);
    expect(new Set(journal.lines.map((line) => line.account_code)).size).toBeGreaterThan(4);
  });

  test("PATCH takes it back: more than 1,000 lines and a body over 1 MiB", async () => {
    const journal = await large();
    const body = bodyOf(journal, 300);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(1024 * 1024);
    const saved = dataOf<ManualJournal>(
      await patchJson(sandbox, `/journal/entries/${journal.id}`, body),
    );
    expect(saved.lines).toHaveLength(LINES);
    expect(saved.updated_at > journal.updated_at).toBe(true);
  });

  test("PATCH still refuses more lines than the large journal has", async () => {
    const journal = await large();
    const body = bodyOf(journal);
    const lines = body.lines as unknown[];
    body.lines = [...lines, lines[0], lines[1]];
    expectError(
      await patchJson(sandbox, `/journal/entries/${journal.id}`, body),
      400,
      "invalid_body",
    );
  });

  test("POST /__sandbox/reset restores it", async () => {
    const before = await large();
    await patchJson(sandbox, `/journal/entries/${before.id}`, {
      ...bodyOf(before),
      description: "Changed",
    });
    await resetSandbox(sandbox);
    const after = await large();
    expect(after.description).toBe("Year-end reclassification (2,001 lines)");
    expect(after.lines).toHaveLength(LINES);
  });
});

describe("without journalLines", () => {
  test("there is no JNL-0009, and PATCH keeps its 1,000-line limit", async () => {
    const plain = await startSandbox({ port: 0 });
    try {
      expectError(await api(plain, `/journal/entries/${LARGE_JOURNAL.id}`), 404, "not_found");
      const journal = await large();
      const body = bodyOf(journal);
      body.lines = (body.lines as unknown[]).slice(0, 1_002);
      const seeded = dataOf<{ id: string; status: string }[]>(
        await api(plain, "/__sandbox/journals"),
      ).find((j) => j.status === "DRAFT");
      const reply = await patchJson(plain, `/journal/entries/${seeded?.id ?? ""}`, body);
      expect(expectError(reply, 400, "invalid_body").error.details).toContainEqual({
        field: "lines",
        message: "must contain at most 1000 lines",
      });
    } finally {
      await plain.close();
    }
  });

  test.each([1, -2, 2.5, 100_001])("journalLines %p is refused at start", async (journalLines) => {
    await expect(startSandbox({ port: 0, journalLines })).rejects.toThrow(/journalLines/);
  });
});
