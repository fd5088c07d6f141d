import Decimal from "decimal.js";
import {
  CURSOR_COLLECTIONS,
  OTHER_COMPANY_RECORD_COUNTS,
  type ListName,
} from "../../../tools/sandbox/catalog";
import {
  AWKWARD_AMOUNT_FIELDS,
  AWKWARD_AMOUNTS,
  AWKWARD_NEGATIVES,
  AWKWARD_TEXT_FIELDS,
  AWKWARD_TEXTS,
  EXCEL_CELL_TEXT_LIMIT,
  LONG_TEXT,
  OVERSIZED_TEXT,
} from "../../../tools/sandbox/seed/awkward";
import type { DocumentLine } from "../../../tools/sandbox/seed/types";
import { startSandbox, type RunningSandbox } from "../../../tools/sandbox/server";
import {
  DEMO_HEADERS,
  OTHER_HEADERS,
  api,
  dataOf,
  send,
} from "../../integration/helpers/sandbox-http";

type Row = Record<string, unknown>;

/** Reads `lines[1].amount`-style paths. */
function at(record: Row, path: string): unknown {
  return path
    .split(/\.|\[(\d+)\]/)
    .filter((part) => part !== undefined && part !== "")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], record);
}

const firstPages = new Map<ListName, Row[]>();
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  for (const list of CURSOR_COLLECTIONS) {
    firstPages.set(list, dataOf<Row[]>(await api(sandbox, `/${list}?size=50`)));
  }
  firstPages.set("payments", dataOf<Row[]>(await api(sandbox, "/payments?limit=50")));
});
afterAll(() => sandbox.close());

function page(list: ListName): Row[] {
  return firstPages.get(list) ?? [];
}

const LISTS: ListName[] = [...CURSOR_COLLECTIONS, "payments"];

describe("awkward seed values (demo-company)", () => {
  test("the long texts are 3,000 and 40,000 characters; the second exceeds an Excel cell", () => {
    expect(LONG_TEXT).toHaveLength(3000);
    expect(OVERSIZED_TEXT).toHaveLength(40000);
    expect(OVERSIZED_TEXT.length).toBeGreaterThan(EXCEL_CELL_TEXT_LIMIT);
    expect(AWKWARD_TEXTS.every((entry) => entry.index < 20)).toBe(true);
  });

  test.each(LISTS)("%s carries AWKWARD_TEXTS[k] in its documented field at index k", (list) => {
    const field = AWKWARD_TEXT_FIELDS[list];
    for (const entry of AWKWARD_TEXTS) {
      if (list === "payments" && entry.value === null) continue; // payment_reference is required
      expect({ index: entry.index, value: page(list)[entry.index]?.[field] }).toEqual({
        index: entry.index,
        value: entry.value,
      });
    }
  });

  test.each(LISTS)("%s carries AWKWARD_AMOUNTS at their indices", (list) => {
    for (const entry of AWKWARD_AMOUNTS) {
      expect(page(list)[entry.index]?.[AWKWARD_AMOUNT_FIELDS[list]]).toBe(entry.amount);
    }
  });

  test("negative amounts sit where documented", () => {
    for (const placement of AWKWARD_NEGATIVES) {
      const record = page(placement.list)[placement.index] ?? {};
      expect(at(record, placement.field)).toBe(placement.value);
    }
  });

  test("other-company has no awkward values", async () => {
    const other = dataOf<Row[]>(
      await api(sandbox, "/invoices?size=20", { headers: OTHER_HEADERS }),
    );
    const awkward = new Set(AWKWARD_TEXTS.map((entry) => entry.value).filter((v) => v !== null));
    expect(other.filter((record) => awkward.has(record.reference as string))).toEqual([]);
    expect(other).toHaveLength(20);
    const all = dataOf<Row[]>(
      await api(sandbox, "/credit-notes?size=50", { headers: OTHER_HEADERS }),
    );
    expect(all).toHaveLength(OTHER_COMPANY_RECORD_COUNTS["credit-notes"]);
  });
});

describe("seeded record shapes", () => {
  test("amounts are two-decimal strings and document totals add up", () => {
    for (const list of ["invoices", "bills", "credit-notes", "debit-notes"] as const) {
      for (const record of page(list)) {
        const lines = record.lines as DocumentLine[];
        const sum = lines.reduce((total, line) => total.plus(line.amount), new Decimal(0));
        expect(sum.toFixed(2)).toBe(record.sub_total);
        expect(
          new Decimal(record.sub_total as string).plus(record.tax_total as string).toFixed(2),
        ).toBe(record.total);
        for (const line of lines) {
          expect(new Decimal(line.quantity).times(line.unit_price).toFixed(2)).toBe(line.amount);
        }
        for (const field of ["sub_total", "tax_total", "total", "exchange_rate"]) {
          expect(record[field]).toMatch(/^-?\d+\.\d{2}$/);
        }
      }
    }
  });

  test("every record has a uuid id, ISO timestamps and YYYY-MM-DD dates", () => {
    for (const list of CURSOR_COLLECTIONS) {
      for (const record of page(list)) {
        expect(record.id).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
        expect(new Date(record.created_at as string).toISOString()).toBe(record.created_at);
        expect((record.updated_at as string) >= (record.created_at as string)).toBe(true);
        const date = record.issue_date ?? record.receipt_date ?? record.expense_date;
        expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  test("some records use a foreign currency with a rate other than 1.00", () => {
    const rates = page("invoices").map((record) => record.exchange_rate);
    expect(rates.some((rate) => rate !== "1.00")).toBe(true);
  });
});

describe("seed determinism", () => {
  test("the same seed gives the same records in another process; another seed gives others", async () => {
    const same = await startSandbox({ port: 0 });
    const other = await startSandbox({ port: 0, seed: 7 });
    try {
      const get = async (s: RunningSandbox): Promise<Row[]> =>
        dataOf<Row[]>(await send(`${s.baseUrl}/expenses?size=50`, { headers: DEMO_HEADERS }));
      expect(await get(same)).toEqual(page("expenses"));
      const reseeded = await get(other);
      expect(reseeded.map((r) => r.id)).not.toEqual(page("expenses").map((r) => r.id));
      // Awkward values stay at their indices whatever the seed.
      expect(reseeded[0]?.description).toBe(AWKWARD_TEXTS[0]?.value);
      const journals = async (s: RunningSandbox): Promise<unknown> =>
        (await send(`${s.baseUrl}/__sandbox/journals`, { headers: DEMO_HEADERS })).body;
      expect(await journals(other)).toEqual(await journals(same));
    } finally {
      await Promise.all([same.close(), other.close()]);
    }
  });
});
