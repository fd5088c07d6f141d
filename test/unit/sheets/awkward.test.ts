// Every awkward value the sandbox seeds, through the shaper its collection uses, to its exact cell.
import {
  AWKWARD_ACCOUNT_NUMBER,
  AWKWARD_AMOUNT_FIELDS,
  AWKWARD_AMOUNTS,
  AWKWARD_NEGATIVES,
  AWKWARD_TEXT_FIELDS,
  AWKWARD_TEXTS,
  CURSOR_COLLECTIONS,
  EXCEL_CELL_TEXT_LIMIT,
  OVERSIZED_TEXT,
  PAGE_SIZE_DEFAULT,
  type ListName,
} from "../../../tools/sandbox";
import type { ColumnSpec } from "../../../src/sheets/cells";
import type { ShapedBlock } from "../../../src/sheets/rowShaper";
import { createDiscoveringShaper } from "../../../src/sheets/shapeRecords";
import { createPaymentsShaper } from "../../../src/sheets/shapePayments";
import { collectionRecords, payments } from "./sandboxRecords";

const LISTS: readonly ListName[] = [...CURSOR_COLLECTIONS, "payments"];

/** The first page of a list, shaped as the import shapes it. */
function firstPage(list: ListName): { columns: readonly ColumnSpec[]; block: ShapedBlock } {
  if (list === "payments") {
    const shaper = createPaymentsShaper();
    return {
      block: shaper.shapePayments(payments(0, PAGE_SIZE_DEFAULT)),
      columns: shaper.columns(),
    };
  }
  const shaper = createDiscoveringShaper();
  return {
    block: shaper.shape(collectionRecords(list, 0, PAGE_SIZE_DEFAULT)),
    columns: shaper.columns(),
  };
}

function columnFor(
  columns: readonly ColumnSpec[],
  key: string,
): { index: number; spec: ColumnSpec } {
  const index = columns.findIndex((c) => c.key === key);
  const spec = columns[index];
  if (!spec) throw new Error(`no column ${key}`);
  return { index, spec };
}

const notesOf = (block: ShapedBlock, row: number) =>
  block.notes.filter((n) => n.row === row).map((n) => n.message);

describe("awkward sandbox values", () => {
  describe.each(LISTS)("%s", (list) => {
    const { columns, block } = firstPage(list);
    const field = columnFor(columns, AWKWARD_TEXT_FIELDS[list]);

    it("puts the awkward text field in a text column", () => {
      expect(field.spec.kind).toBe("text");
      expect(block.textCells.filter((t) => t.column === field.index)).toEqual([]);
    });

    const texts = AWKWARD_TEXTS.filter((t) => !(list === "payments" && t.value === null));
    it.each(texts.map((t) => [t.label, t] as const))("writes the %s exactly", (_label, awkward) => {
      const cell = block.rows[awkward.index]?.[field.index];
      if (awkward.value === null) {
        expect(cell).toBe("");
      } else if (awkward.value === OVERSIZED_TEXT) {
        expect(cell).toBe(OVERSIZED_TEXT.slice(0, EXCEL_CELL_TEXT_LIMIT));
        expect(notesOf(block, awkward.index)).toContain(
          `${field.spec.header} truncated to 32,767 characters (of 40,000)`,
        );
      } else {
        expect(cell).toBe(awkward.value);
        const about = notesOf(block, awkward.index).filter((n) => n.startsWith(field.spec.header));
        expect(about).toEqual([]);
      }
    });

    const amount = columnFor(columns, AWKWARD_AMOUNT_FIELDS[list]);
    it("puts the awkward amount field in a money column", () => {
      expect(amount.spec.kind).toBe("money");
    });

    it.each(AWKWARD_AMOUNTS.map((a) => [a.label, a] as const))(
      "writes the amount with %s exactly",
      (_label, awkward) => {
        const cell = block.rows[awkward.index]?.[amount.index];
        const flagged = block.textCells.some(
          (t) => t.row === awkward.index && t.column === amount.index,
        );
        if (awkward.amount === "98765432109876.54") {
          expect(cell).toBe("98765432109876.54");
          expect(flagged).toBe(true);
          expect(notesOf(block, awkward.index)).toContain(
            `${amount.spec.header} kept as text: more than 15 significant digits`,
          );
        } else {
          expect(cell).toBe(Number(awkward.amount));
          expect(flagged).toBe(false);
        }
      },
    );
  });

  it("keeps the negative discount line's amount exactly in the invoice's Lines JSON", () => {
    const { columns, block } = firstPage("invoices");
    const lines = columnFor(columns, "lines");
    const discount = AWKWARD_NEGATIVES.find((n) => n.list === "invoices");
    const cell = block.rows[discount?.index ?? -1]?.[lines.index];
    expect(JSON.parse(String(cell))[1].amount).toBe("-25.00");
  });

  it("writes the expense refund as a negative amount", () => {
    const { columns, block } = firstPage("expenses");
    const refund = AWKWARD_NEGATIVES.find((n) => n.list === "expenses");
    expect(block.rows[refund?.index ?? -1]?.[columnFor(columns, "total").index]).toBe(-42.5);
  });

  it("keeps the leading zeros of payment #0's destination account number", () => {
    const { columns, block } = firstPage("payments");
    const account = columnFor(columns, "destination_account.account_number");
    expect(account.spec.kind).toBe("text");
    expect(block.rows[0]?.[account.index]).toBe(AWKWARD_ACCOUNT_NUMBER);
  });
});
