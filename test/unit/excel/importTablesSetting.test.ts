// The setting that records import tables: side-by-side imports (Refresh all) each put in their
// own records over the value read in the same request, keeping everyone else's as they are.
import { importTablesOf, mergedImportTablesValue } from "../../../src/excel/tableWriter";

const tables = [
  { id: "{A}", name: "Invoices" },
  { id: "{B}", name: "Bills" },
  { id: "{C}", name: "Receipts" },
];

describe("mergedImportTablesValue()", () => {
  it("replaces only its own records and keeps the others' newer statuses", () => {
    // Bills finished after Invoices opened: its new status must survive Invoices' finish.
    const current = JSON.stringify([
      { id: "{A}", given: "Invoices", status: "Invoices · old", shown: true },
      { id: "{B}", given: "Bills", status: "Bills · new", shown: true },
    ]);
    const merged = mergedImportTablesValue(current, [
      { id: "{A}", given: "Invoices", status: "Invoices · new", shown: true },
    ]);
    expect(importTablesOf(merged, tables)).toEqual([
      { id: "{B}", name: "Bills", given: "Bills", status: "Bills · new", shown: true },
      { id: "{A}", name: "Invoices", given: "Invoices", status: "Invoices · new", shown: true },
    ]);
  });

  it("replaces a new table's name placeholder by its id record, and keeps other names", () => {
    const current = JSON.stringify(["Receipts", "Invoices"]);
    const merged = mergedImportTablesValue(current, [{ id: "{A}", given: "Invoices" }]);
    expect(JSON.parse(merged)).toEqual(["Receipts", { id: "{A}", given: "Invoices" }]);
  });

  it("starts over from an unreadable or missing value", () => {
    expect(JSON.parse(mergedImportTablesValue("{not json", [{ id: "{A}", given: "X" }]))).toEqual([
      { id: "{A}", given: "X" },
    ]);
    expect(JSON.parse(mergedImportTablesValue(undefined, []))).toEqual([]);
  });
});
