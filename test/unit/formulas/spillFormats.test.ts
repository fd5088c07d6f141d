// A formula's table carries each number's format out as a formatted number value: dates as
// dates, amounts in their currency's decimals, as the imported sheets format them.
import { collectionTable, withNumberFormats } from "../../../src/formulas";
import type { JsonRecord } from "../../../src/api";

const INVOICES: JsonRecord[] = [
  {
    id: "inv-2",
    invoice_number: "INV-2",
    issue_date: "2026-01-15",
    total: "12.500",
    currency_code: "KWD",
  },
  {
    id: "inv-1",
    invoice_number: "INV-1",
    issue_date: "2026-01-14",
    total: "20.50",
    currency_code: "USD",
  },
];

describe("withNumberFormats()", () => {
  const table = collectionTable(INVOICES, "Invoices");
  const header = table[0]!.map(String);
  const column = (name: string) => header.findIndex((h) => h === name);

  it("makes dates and amounts formatted number values of the type the host takes", () => {
    const formatted = withNumberFormats(table, "Double");
    expect(formatted[1]![column("Issue date")]).toEqual({
      type: "Double",
      basicValue: table[1]![column("Issue date")],
      numberFormat: "yyyy-mm-dd",
    });
    expect(formatted[1]![column("Total")]).toEqual({
      type: "Double",
      basicValue: 12.5,
      numberFormat: "#,##0.000",
    });
    expect(withNumberFormats(table, "FormattedNumber")[2]![column("Total")]).toEqual({
      type: "FormattedNumber",
      basicValue: 20.5,
      numberFormat: "#,##0.00",
    });
  });

  it("leaves the header, text and the rows a table gains after shaping as they are", () => {
    const incomplete = [
      "Incomplete: 2 of 3 invoices",
      ...new Array<string>(header.length - 1).fill(""),
    ];
    const formatted = withNumberFormats([...table, incomplete], "Double");
    expect(formatted[0]).toEqual(table[0]);
    expect(formatted[1]![column("Invoice number")]).toBe("INV-2");
    expect(formatted[3]).toEqual(incomplete);
  });

  it("gives a plain copy of a table no shaper made", () => {
    expect(withNumberFormats([["A"], [1]], "Double")).toEqual([["A"], [1]]);
  });
});
