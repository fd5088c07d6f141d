// A property over the whole way in: random JSON numbers in a collection response, read by the
// client's lossless reader and shaped into cells, land exactly.
import fc from "fast-check";
import { parseJsonText } from "../../../src/api/jsonText";
import { parseCollectionPage } from "../../../src/api/parse";
import { createDiscoveringShaper } from "../../../src/sheets";
import { numberLiteral, sameDecimal, significantDigits } from "../api/jsonNumbers";

describe("numbers in collection responses, into cells", () => {
  it("land as numbers when a cell holds them exactly, else as their exact text with a note", () => {
    fc.assert(
      fc.property(fc.array(numberLiteral, { minLength: 1, maxLength: 12 }), (literals) => {
        const body =
          '{"status":true,"message":"ok","last_id":null,"keyset":"","data":[' +
          literals.map((literal, i) => `{"id":"r${i}","amount_count":${literal}}`).join(",") +
          "]}";
        const page = parseCollectionPage(parseJsonText(body));
        const shaper = createDiscoveringShaper();
        const block = shaper.shape(page.data);
        const columns = shaper.columns();
        const c = columns.findIndex((column) => column.key === "amount_count");
        const kind = columns[c]!.kind;
        expect(["integer", "number"]).toContain(kind);
        literals.forEach((literal, row) => {
          const cell = block.rows[row]![c];
          const double = Number(literal);
          const holds =
            Number.isFinite(double) &&
            sameDecimal(String(double), literal) &&
            significantDigits(literal) <= 15 &&
            (kind === "number" || Number.isInteger(double));
          const isText = block.textCells.some((t) => t.row === row && t.column === c);
          const notes = block.notes.filter((n) => n.row === row).map((n) => n.message);
          if (holds) {
            expect({ literal, cell, isText }).toEqual({
              literal,
              cell: double === 0 ? 0 : double,
              isText: false,
            });
            expect(Object.is(cell, -0)).toBe(false);
          } else {
            // Text of the same value: the literal itself when no double holds it.
            expect(typeof cell).toBe("string");
            expect(sameDecimal(String(cell), literal)).toBe(true);
            if (!Number.isFinite(double) || !sameDecimal(String(double), literal)) {
              expect(cell).toBe(literal);
            }
            expect(isText).toBe(true);
            expect(notes.some((note) => note.startsWith("Amount count kept as text: "))).toBe(true);
            expect(block.misfits).toContainEqual(expect.objectContaining({ row, column: c }));
          }
        });
      }),
      { numRuns: 1000 },
    );
  });
});
