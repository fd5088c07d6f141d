// A page whose fields all have columns is read in one walk of each record; a page with a new
// field is read through each column's own reader. Both must give the same cells, notes, misfits
// and bytes for the same records.
import fc from "fast-check";
import type { JsonRecord, JsonValue } from "../../../src/api";
import { shapersFor, type ShapedRows } from "../../../src/sheets/collectionShapers";

/** Values of every JSON type, nested objects and lists of lines (or something else) included. */
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.stringMatching(/^-?\d{1,4}(\.\d{1,3})?$/),
  fc.constantFrom("2026-01-15", "2026-01-15T10:00:00Z", "1.00", "", "USD", "KWD", "JPY"),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const keys = ["id", "total", "due_date", "created_at", "exchange_rate", "memo", "currency_code"];
const object: fc.Arbitrary<JsonRecord> = fc.dictionary(fc.constantFrom(...keys), scalar, {
  maxKeys: 5,
});
const line: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.dictionary(fc.constantFrom("amount", "description", "invoice_id", "qty"), scalar),
  scalar,
);
const record: fc.Arbitrary<JsonRecord> = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...keys), fc.oneof(scalar, object, fc.array(scalar))),
    fc.option(fc.oneof(fc.array(line, { maxLength: 3 }), object, scalar), { nil: undefined }),
  )
  .map(([fields, lines]) => ({
    ...fields,
    invoice_number: "N",
    lines: lines ?? [{ amount: "1.00" }],
  }));

/** A record with a field no other has a column for, so its page is read column by column. */
const NEWCOMER: JsonRecord = {
  invoice_number: "N",
  lines: [{ amount: "1.00", extra: "x" }],
  zz: 1,
};

/** The first `count` rows of `shaped`, with their cells cut to `width` columns. */
function firstRows(shaped: ShapedRows, count: number, width: number) {
  return {
    rows: shaped.rows.slice(0, count).map((row) => row.slice(0, width)),
    textCells: shaped.textCells.filter((cell) => cell.row < count && cell.column < width),
    misfits: shaped.misfits.filter((cell) => cell.row < count && cell.column < width),
    formats: (shaped.formatCells ?? []).filter((cell) => cell.row < count && cell.column < width),
    notes: shaped.notes.filter((note) => note.row < count),
  };
}

describe("a page read in one walk of each record", () => {
  it("gives the cells its columns' own readers give", () => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 6 }),
        fc.array(record, { minLength: 1, maxLength: 6 }),
        (first, second) => {
          // The first page gives every field a column, as the second page's do not all exist.
          const walked = shapersFor("invoices");
          walked.shapePage([...first, ...second]);
          const read = shapersFor("invoices");
          read.shapePage([...first, ...second]);
          const width = walked.main.columns().length;
          const linkedWidth = walked.linked?.shaper.columns().length ?? 0;
          const quick = walked.shapePage(second);
          const slow = read.shapePage([...second, NEWCOMER]);
          const lines = quick.linked?.rows.length ?? 0;
          // Unless a field of the second page had held only nulls before, it was walked.
          if (walked.main.columns().length !== width) return;
          expect(firstRows(quick.main, second.length, width)).toEqual(
            firstRows(slow.main, second.length, width),
          );
          expect(quick.linked && firstRows(quick.linked, lines, linkedWidth)).toEqual(
            slow.linked && firstRows(slow.linked, lines, linkedWidth),
          );
          // Each column the newcomer added is an empty cell in the other rows: 4 + 2 bytes.
          const added = read.main.columns().length - width;
          expect(quick.main.rowValueBytes).toEqual(
            quick.main.rows.map((_, index) => slow.main.rowValueBytes![index]! - 6 * added),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
