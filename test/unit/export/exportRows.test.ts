// Records to rows of a list's fixed tables: every column's type whatever the record holds, a
// value that does not fit left empty and named, "" apart from null, timestamps to the
// microsecond, nested values as JSON text, lines numbered, each id once.
import { JsonNumber, type JsonRecord } from "../../../src/api";
import { exportListOf, tablesOf } from "../../../src/export/exportLists";
import { ListRows } from "../../../src/export/exportRows";
import { exportValueOf, timestampText, unscaledDecimal } from "../../../src/export/exportValues";

const INVOICES = exportListOf("invoices");
const at = (name: string) => INVOICES.main.columns.findIndex((column) => column.name === name);

describe("exportValueOf()", () => {
  it("keeps decimals exact at four decimals, and says why one does not fit", () => {
    expect(exportValueOf("decimal", "20295.945")).toBe("20295.945");
    expect(exportValueOf("decimal", new JsonNumber("12345678901234567890.5"))).toBe(
      "12345678901234567890.5",
    );
    expect(exportValueOf("decimal", 2.5)).toBe("2.5");
    expect(exportValueOf("decimal", "1.23450")).toBe("1.23450");
    expect(exportValueOf("decimal", "n/a")).toEqual({ reason: '"n/a" is not a decimal number' });
    expect(exportValueOf("decimal", "0.12345")).toEqual({
      reason: '"0.12345" has more than 4 decimals',
    });
    expect(exportValueOf("decimal", "1".repeat(35))).toEqual({
      reason: `"${"1".repeat(35)}" has more than 34 digits before the point`,
    });
    expect(unscaledDecimal("-20295.945")).toBe(-202959450n);
    expect(unscaledDecimal("25505")).toBe(255050000n);
  });

  it("reads date-times with a zone to the microsecond, and refuses one without", () => {
    const micros = exportValueOf("timestamp", "2026-01-15T10:00:00.123456Z");
    expect(micros).toBe(1_768_471_200_123_456n);
    expect(timestampText(micros as bigint)).toBe("2026-01-15T10:00:00.123456Z");
    expect(exportValueOf("timestamp", "2026-01-15T12:00:00.123456+02:00")).toBe(micros);
    expect(timestampText(exportValueOf("timestamp", "1969-12-31T23:59:59.5Z") as bigint)).toBe(
      "1969-12-31T23:59:59.500000Z",
    );
    expect(exportValueOf("timestamp", "2026-01-15T10:00:00")).toEqual({
      reason: '"2026-01-15T10:00:00" has no time zone, so its instant is unknown',
    });
    expect(exportValueOf("timestamp", "2026-02-30T10:00:00Z")).toEqual({
      reason: '"2026-02-30T10:00:00Z" is not an ISO 8601 date-time',
    });
    expect(exportValueOf("timestamp", "2026-01-15T10:00:00.1234567Z")).toEqual({
      reason: '"2026-01-15T10:00:00.1234567Z" is finer than a microsecond',
    });
  });

  it("keeps whole numbers of 64 bits, dates, text and JSON as they are", () => {
    expect(exportValueOf("int64", new JsonNumber("9007199254740993"))).toBe(9007199254740993n);
    expect(exportValueOf("int64", new JsonNumber("12345678901234567890"))).toEqual({
      reason: "12345678901234567890 is beyond a 64-bit integer",
    });
    expect(exportValueOf("date", "2026-01-15")).toBe("2026-01-15");
    expect(exportValueOf("date", "2026-01-15T10:00:00Z")).toEqual({
      reason: '"2026-01-15T10:00:00Z" is not a date (YYYY-MM-DD)',
    });
    expect(exportValueOf("string", "")).toBe("");
    expect(exportValueOf("string", null)).toBeNull();
    expect(exportValueOf("string", undefined)).toBeNull();
    expect(exportValueOf("string", 5)).toEqual({ reason: "5 is not text" });
    expect(exportValueOf("json", { url: "https://x/a.pdf", size: new JsonNumber("1e400") })).toBe(
      '{"url":"https://x/a.pdf","size":1e400}',
    );
  });
});

describe("ListRows", () => {
  it("gives every table the same columns whatever the records hold", () => {
    const names = tablesOf(INVOICES).map((table) => table.columns.map((column) => column.name));
    expect(names[1]!.slice(0, 3)).toEqual(["invoice_id", "line_number", "currency_code"]);
    const rows = new ListRows(INVOICES);
    const sparse = rows.rowsOf({ id: "a" })!;
    const full = rows.rowsOf({
      id: "b",
      total: "1.00",
      currency_code: "KWD",
      lines: [{ description: "x", quantity: "1.5", amount: "1.000" }, { amount: "2" }],
      probe: 7,
    })!;
    expect(sparse.main).toHaveLength(INVOICES.main.columns.length);
    expect(full.main).toHaveLength(INVOICES.main.columns.length);
    expect(full.main[at("other_fields")]).toBe('{"probe":7}');
    expect(sparse.main[at("other_fields")]).toBeNull();
    expect(full.lines.map((line) => line.slice(0, 3))).toEqual([
      ["b", 1n, "KWD"],
      ["b", 2n, "KWD"],
    ]);
  });

  it("leaves a value that does not fit empty and names it by record and column", () => {
    const rows = new ListRows(INVOICES);
    const record: JsonRecord = {
      id: "inv-1",
      total: "n/a",
      created_at: "2026-01-15T10:00:00",
      lines: [{ quantity: "one" }],
    };
    const built = rows.rowsOf(record)!;
    expect(built.main[at("total")]).toBeNull();
    expect(built.main[at("created_at")]).toBeNull();
    expect(built.problems).toEqual([
      {
        table: "invoices",
        record: "inv-1",
        column: "total",
        reason: '"n/a" is not a decimal number',
      },
      {
        table: "invoices",
        record: "inv-1",
        column: "created_at",
        reason: '"2026-01-15T10:00:00" has no time zone, so its instant is unknown',
      },
      {
        table: "invoice_lines",
        record: "inv-1",
        column: "quantity (line 1)",
        reason: '"one" is not a decimal number',
      },
    ]);
  });

  it("exports each id once and counts the repeats", () => {
    const rows = new ListRows(exportListOf("payments"));
    expect(rows.rowsOf({ id: "p1", allocations: [{ id: "a1", payment_id: "p1" }] })).not.toBeNull();
    expect(rows.rowsOf({ id: "p2" })).not.toBeNull();
    expect(rows.rowsOf({ id: "p1" })).toBeNull();
    expect({ records: rows.records, repeats: rows.repeats }).toEqual({ records: 2, repeats: 1 });
  });
});
