// The setting that records import tables, judged against the workbook: a table is the import's
// only when a record's id and its marker (a defined name =Invoices[#All]) agree; records of
// tables that are gone are dropped when the setting is written; side-by-side imports (Refresh
// all) each put in their own records over the value read in the same request.
import {
  importTablesOf,
  mergedImportTablesValue,
  parseImportTableRecords,
  serializeImportTableRecords,
} from "../../../src/settings/importTables";
import { markedTableName } from "../../../src/settings/tableMarkers";

const A = "LedgerSheets_Table_aaaa";
const B = "LedgerSheets_Table_bbbb";
const C = "LedgerSheets_Table_cccc";

const tables = [
  { id: "1", name: "Invoices" },
  { id: "2", name: "Bills" },
  { id: "3", name: "Receipts" },
];
const names = [
  { name: A, formula: "=Invoices[#All]" },
  { name: B, formula: "=Bills[#All]" },
  { name: C, formula: "=#REF!" },
  { name: "Budget", formula: "=#REF!" },
];

function snapshot(records: unknown[]) {
  return { setting: JSON.stringify(records), tables, names };
}

describe("markedTableName()", () => {
  it("reads the table of a whole-table reference, and nothing else", () => {
    expect(markedTableName("=Invoices[#All]")).toBe("Invoices");
    expect(markedTableName("= Sales_2 [ [#ALL] ]")).toBe("Sales_2");
    expect(markedTableName("=#REF!")).toBeNull();
    expect(markedTableName("=Invoices[#Data]")).toBeNull();
    expect(markedTableName("=Sheet1!$A$1:$B$2")).toBeNull();
    expect(markedTableName("=Invoices[#All]+1")).toBeNull();
  });
});

describe("importTablesOf()", () => {
  it("takes a table as ours when the record's id and marker agree", () => {
    const found = importTablesOf(
      snapshot([{ id: "1", marker: A, given: "Invoices", status: "Done", shown: true }]),
    );
    expect(found.ours).toEqual([
      { id: "1", marker: A, given: "Invoices", status: "Done", shown: true, name: "Invoices" },
    ]);
    expect(found.disputed).toEqual([]);
  });

  it("refuses a record without an id: a file alone can hold one whose marker names any table", () => {
    const found = importTablesOf(snapshot([{ marker: B, given: "Bills" }]));
    expect(found.ours).toEqual([]);
    expect(found.disputed).toEqual([{ name: "Bills", given: "Bills", reason: "marker only" }]);
    expect(found.kept).toEqual([]);
  });

  it("disputes a table with a record's id whose marker is gone, and drops that record", () => {
    const found = importTablesOf(snapshot([{ id: "3", marker: C, given: "Invoices" }]));
    expect(found.ours).toEqual([]);
    expect(found.disputed).toEqual([{ name: "Receipts", given: "Invoices", reason: "id only" }]);
    expect(found.kept).toEqual([]);
    expect(found.deadMarkers).toEqual([C]);
  });

  it("disputes both tables when the id and the marker point at different ones", () => {
    const found = importTablesOf(snapshot([{ id: "3", marker: A, given: "Invoices" }]));
    expect(found.ours).toEqual([]);
    expect(found.disputed).toEqual([
      { name: "Receipts", given: "Invoices", reason: "id only" },
      { name: "Invoices", given: "Invoices", reason: "marker only" },
    ]);
    // Both tables are still there: the record stays, and the tables stay disputed.
    expect(found.kept).toEqual([{ id: "3", marker: A, given: "Invoices" }]);
  });

  it("disputes a table two records claim", () => {
    const found = importTablesOf(
      snapshot([
        { id: "1", marker: A, given: "Invoices" },
        { id: "1", marker: A, given: "Invoices_2" },
      ]),
    );
    expect(found.ours).toEqual([]);
    expect(found.disputed).toEqual([
      { name: "Invoices", given: "Invoices", reason: "claimed twice" },
    ]);
  });

  it("ignores records without a marker of the add-in's, and values that are not records", () => {
    for (const value of [
      JSON.stringify(["Invoices"]),
      JSON.stringify([{ id: "1", given: "Invoices" }]),
      JSON.stringify([{ id: "1", marker: "Budget", given: "Invoices" }]),
      "{not json",
      undefined,
    ]) {
      const found = importTablesOf({ setting: value, tables, names });
      expect(found).toEqual({ ours: [], disputed: [], kept: [], deadMarkers: [] });
    }
  });
});

describe("mergedImportTablesValue()", () => {
  it("replaces only its own records and keeps the others' newer statuses", () => {
    // Bills finished after Invoices opened: its new status must survive Invoices' finish.
    const current = snapshot([
      { id: "1", marker: A, given: "Invoices", status: "Invoices · old", shown: true },
      { id: "2", marker: B, given: "Bills", status: "Bills · new", shown: true },
    ]);
    const merged = mergedImportTablesValue(current, [
      { id: "1", marker: A, given: "Invoices", status: "Invoices · new", shown: true },
    ]);
    expect(JSON.parse(merged)).toEqual([
      { id: "2", marker: B, given: "Bills", status: "Bills · new", shown: true },
      { id: "1", marker: A, given: "Invoices", status: "Invoices · new", shown: true },
    ]);
  });

  it("drops the records of tables that are gone, and keeps a table created in the request", () => {
    const current = snapshot([
      { id: "1", marker: A, given: "Invoices" },
      { id: "9", marker: B, given: "Bills" },
      { id: "3", marker: C, given: "Receipts" },
      { marker: "LedgerSheets_Table_dddd", given: "Old" },
    ]);
    const created = { marker: "LedgerSheets_Table_eeee", given: "Payments" };
    expect(JSON.parse(mergedImportTablesValue(current, [], created))).toEqual([
      { id: "1", marker: A, given: "Invoices" },
      created,
    ]);
  });

  it("starts over from an unreadable or missing value", () => {
    const own = [{ id: "1", marker: A, given: "Invoices" }];
    for (const setting of ["{not json", undefined]) {
      expect(JSON.parse(mergedImportTablesValue({ setting, tables, names }, own))).toEqual(own);
    }
  });
});

describe("parseImportTableRecords()", () => {
  it("keeps well-formed records and leaves out every malformed one", () => {
    const value = JSON.stringify([
      { id: "1", marker: A, given: "Invoices", status: "Imported", shown: true, project: "Acme" },
      { marker: B, given: "Bills" },
      { id: 7, marker: A, given: "Invoices" },
      { id: "1", marker: "Budget", given: "Invoices" },
      { id: "1", marker: A },
      { id: "1", marker: A, given: 3 },
      null,
      "LedgerSheets_Table_aaaa",
      [A],
    ]);
    expect(parseImportTableRecords(value)).toEqual([
      { id: "1", marker: A, given: "Invoices", status: "Imported", shown: true, project: "Acme" },
      { marker: B, given: "Bills" },
    ]);
  });

  it("drops fields of the wrong type, keeping the record", () => {
    const value = JSON.stringify([
      {
        marker: A,
        given: "Invoices",
        status: 5,
        shown: "yes",
        project: false,
        parent: 7,
        extra: 1,
      },
    ]);
    expect(parseImportTableRecords(value)).toEqual([{ marker: A, given: "Invoices" }]);
  });

  it("reads nothing from a value that is not a JSON list", () => {
    for (const value of [
      undefined,
      null,
      42,
      "",
      "{",
      "{}",
      '"text"',
      JSON.stringify({ marker: A }),
    ]) {
      expect(parseImportTableRecords(value)).toEqual([]);
    }
  });

  it("reads back what serializeImportTableRecords wrote", () => {
    const records = [
      { id: "1", marker: A, given: "Invoices", status: "Imported", shown: true, project: "Acme" },
      { marker: B, given: "Bills_2" },
      { id: "3", marker: C, given: "InvoiceLines", parent: "Invoices" },
    ];
    expect(parseImportTableRecords(serializeImportTableRecords(records))).toEqual(records);
  });
});
