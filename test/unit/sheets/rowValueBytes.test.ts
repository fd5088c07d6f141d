import fc from "fast-check";
import type { JsonRecord, JsonValue } from "../../../src/api";
import {
  createAllocationsShaper,
  createDiscoveringShaper,
  createPaymentsShaper,
  estimateRowBytes,
  type ShapedBlock,
} from "../../../src/sheets";
import { CURSOR_COLLECTIONS } from "../../../tools/sandbox/catalog";
import { collectionRecords, payments } from "./sandboxRecords";

/** The bytes the shaper counted while building each row, against counting the finished row. */
function expectCountedAsEstimated(block: ShapedBlock): void {
  expect(block.rowValueBytes).toEqual(block.rows.map((row) => estimateRowBytes(row)));
}

describe("the row shaper's byte count", () => {
  it.each(CURSOR_COLLECTIONS)("is each %s row's estimate, awkward records included", (list) => {
    const shaper = createDiscoveringShaper();
    for (let start = 0; start < 300; start += 50) {
      expectCountedAsEstimated(shaper.shape(collectionRecords(list, start, start + 50)));
    }
  });

  it("is each payment's and each allocation's row estimate", () => {
    const typed = payments(0, 100);
    expectCountedAsEstimated(createPaymentsShaper().shapePayments(typed));
    expectCountedAsEstimated(createAllocationsShaper().shapePayments(typed));
  });

  it("is the estimate of any row, whatever its values", () => {
    const value: fc.Arbitrary<JsonValue> = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.stringMatching(/^-?\d{1,17}(\.\d{1,4})?$/),
      fc.constantFrom("2026-01-15", "2026-01-15T10:00:00.123Z", "2026-01-15T10:00:00+02:00"),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    );
    const keys = ["id", "total", "due_date", "created_at", "exchange_rate", "memo", "count"];
    const record: fc.Arbitrary<JsonRecord> = fc.dictionary(fc.constantFrom(...keys), value);
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (records, exactText) => {
          expectCountedAsEstimated(createDiscoveringShaper({ exactText }).shape(records));
        },
      ),
      { numRuns: 500 },
    );
  });
});
