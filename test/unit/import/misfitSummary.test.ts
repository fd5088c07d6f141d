import { MisfitSummary } from "../../../src/import/misfitSummary";
import { recordNumberOf } from "../../../src/import/recordNumber";
import type { ColumnSpec } from "../../../src/sheets/cells";

const COLUMNS: ColumnSpec[] = [
  { key: "id", header: "ID", kind: "text" },
  { key: "sub_total", header: "Sub total", kind: "money" },
  { key: "total", header: "Total", kind: "money" },
];
const BIG = "more than 15 significant digits";
/** Column D onwards from the table's second sheet row: header on row 3. */
const addressOf = (_sheet: string, column: number, row: number) =>
  `${String.fromCharCode(68 + column)}${row + 4}`;

describe("MisfitSummary", () => {
  it("groups a record's cells in one sentence naming the record's number and each cell's address", () => {
    const summary = new MisfitSummary();
    summary.add({
      sheet: "Invoices",
      nameSheet: false,
      columns: COLUMNS,
      misfits: [
        { row: 1, column: 1, reason: BIG },
        { row: 1, column: 2, reason: BIG },
      ],
      rowCount: 2,
      firstRow: 0,
      recordOf: (row) => `INV-00013${row + 5}`,
    });
    expect(summary.total).toBe(2);
    expect(summary.records).toBe(1);
    expect(summary.headline()).toBe("2 cells in 1 record were kept as text");
    expect(summary.notes(addressOf)).toEqual([
      `INV-000136: “Sub total” (E5) and “Total” (F5) kept as text exactly as received (${BIG}).`,
    ]);
    expect(summary.textCells(addressOf)).toEqual([
      {
        sheet: "Invoices",
        record: "INV-000136",
        cells: [
          { header: "Sub total", address: "E5" },
          { header: "Total", address: "F5" },
        ],
        reasons: [BIG],
      },
    ]);
  });

  it("numbers rows as in the table over pages, skips rows past the limit, and counts records past the first five", () => {
    const summary = new MisfitSummary();
    const misfits = [0, 1, 2, 3].map((row) => ({ row, column: 2, reason: "r" }));
    summary.add({
      sheet: "Invoices",
      nameSheet: false,
      columns: COLUMNS,
      misfits,
      rowCount: 4,
      firstRow: 0,
      recordOf: (row) => `A${row}`,
    });
    summary.add({
      sheet: "Invoices",
      nameSheet: false,
      columns: COLUMNS,
      // Row 3 is past the rows written (the sheet's limit): not counted.
      misfits: misfits.map((misfit) => ({ ...misfit, column: 1 })),
      rowCount: 3,
      firstRow: 50,
      recordOf: (row) => `B${row}`,
    });
    expect(summary.total).toBe(7);
    expect(summary.records).toBe(7);
    const notes = summary.notes(addressOf);
    expect(notes).toHaveLength(6);
    expect(notes[4]).toBe("B0: “Sub total” (E54) kept as text exactly as received (r).");
    expect(notes[5]).toBe(
      "2 more records have cells kept as text; each row's “Import notes” says why.",
    );
  });

  it("names the sheet when an import writes two, and leaves out an address it cannot tell", () => {
    const summary = new MisfitSummary();
    summary.add({
      sheet: "Payment allocations",
      nameSheet: true,
      columns: COLUMNS,
      misfits: [{ row: 0, column: 2, reason: "r" }],
      rowCount: 1,
      firstRow: 0,
      recordOf: () => "a-1",
    });
    expect(summary.notes()).toEqual([
      "a-1 on Payment allocations: “Total” kept as text exactly as received (r).",
    ]);
  });

  it("says nothing when every cell fit", () => {
    expect(new MisfitSummary().notes()).toEqual([]);
    expect(new MisfitSummary().headline()).toBe("");
  });
});

describe("recordNumberOf()", () => {
  it("names a record by its number, else its reference, else its id", () => {
    expect(recordNumberOf({ id: "82f8", invoice_number: "INV-000136", reference: "PO-1" })).toBe(
      "INV-000136",
    );
    expect(recordNumberOf({ id: "p-1", payment_reference: "PAY-7", destination_account: {} })).toBe(
      "PAY-7",
    );
    expect(recordNumberOf({ id: "x", account_number: "12-34" })).toBe("x");
    expect(recordNumberOf({})).toBeNull();
  });
});
