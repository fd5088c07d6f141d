import { parseJsonText, type JsonRecord } from "../../../src/api";
import { childRows, type ParentLink } from "../../../src/sheets/nestedList";

const LINK: ParentLink = {
  listKey: "lines",
  fields: (parent) => ({
    invoice_number: parent["number"] ?? null,
    invoice_id: parent["id"] ?? null,
  }),
  childNoun: "line",
  parentNoun: "invoice",
};

function record(json: string): JsonRecord {
  return parseJsonText(json) as JsonRecord;
}

describe("childRows", () => {
  it("puts the parent's link fields first, then the item's own fields in their order", () => {
    const parent = record(
      '{"id":"inv-1","number":"INV-1","currency":"USD","lines":[{"description":"Hours","amount":"10.00"},{"amount":"2.50","description":"Travel"}]}',
    );
    const rows = childRows(parent, LINK);
    expect(rows.map((row) => Object.keys(row.record))).toEqual([
      ["invoice_number", "invoice_id", "description", "amount"],
      ["invoice_number", "invoice_id", "amount", "description"],
    ]);
    expect(rows[1]?.record).toEqual({
      invoice_number: "INV-1",
      invoice_id: "inv-1",
      amount: "2.50",
      description: "Travel",
    });
    expect(rows.every((row) => row.notes.length === 0)).toBe(true);
  });

  it("keeps the parent's value of a link field an item states otherwise, in the parent's place, with a note", () => {
    const parent = record(
      '{"id":"inv-1","number":"INV-1","lines":[{"amount":"1.00","invoice_id":"inv-9"}]}',
    );
    const [row] = childRows(parent, LINK);
    expect(Object.keys(row?.record ?? {})).toEqual(["invoice_number", "invoice_id", "amount"]);
    expect(row?.record["invoice_id"]).toBe("inv-1");
    expect(row?.notes).toEqual([`The line's own invoice_id is "inv-9"; it came in this invoice`]);
  });

  it("keeps an item's __proto__ key as a field of its own and leaves the row an ordinary object", () => {
    const parent = record(
      '{"id":"inv-1","number":"INV-1","lines":[{"__proto__":{"polluted":true},"amount":"1.00"}]}',
    );
    const [row] = childRows(parent, LINK);
    const built = row?.record ?? {};
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
    expect(Object.keys(built)).toEqual(["invoice_number", "invoice_id", "__proto__", "amount"]);
    expect((built as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(built, "__proto__")?.value).toEqual({ polluted: true });
  });

  it("gives an item that is not an object a row with the link alone, and a note", () => {
    const parent = record('{"id":"inv-1","number":"INV-1","lines":[7]}');
    const [row] = childRows(parent, LINK);
    expect(row?.record).toEqual({ invoice_number: "INV-1", invoice_id: "inv-1" });
    expect(row?.notes).toEqual(["Line 1 of this invoice is not an object: 7"]);
  });
});
