// The setting that records import tables, judged against the workbook: a table is the import's
// only when a record's id and its marker (a defined name =Invoices[#All]) agree; records of
// tables that are gone are dropped when the setting is written; side-by-side imports (Refresh
// all) each put in their own records over the value read in the same request.
import {
  importTablesOf,
  needsShapes,
  mergedImportTablesValue,
  parseImportTableRecords,
  serializeImportTableRecords,
  stateAfterFetchNew,
} from "../../../src/settings/importTables";
import { markedCell, markedTableName } from "../../../src/settings/tableMarkers";

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
    // Bills' marker still names a table: kept, so the computer that made it may adopt it.
    expect(JSON.parse(mergedImportTablesValue(current, [], created))).toEqual([
      { id: "1", marker: A, given: "Invoices" },
      { id: "9", marker: B, given: "Bills" },
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
      {
        id: "2",
        marker: B,
        given: "Bills",
        refreshed: "2026-11-27T09:00:00.000Z",
        fullRefresh: "2026-11-25T08:00:00.000Z",
        state: "warnings" as const,
      },
    ];
    expect(parseImportTableRecords(serializeImportTableRecords(records))).toEqual(records);
  });

  it("drops a full refresh time that is not a date", () => {
    const [record] = parseImportTableRecords(
      JSON.stringify([{ marker: A, given: "Invoices", fullRefresh: "yesterday" }]),
    );
    expect(record).toEqual({ marker: A, given: "Invoices" });
  });
});

describe("stateAfterFetchNew()", () => {
  it("keeps what the rows from before were left with: new rows never make a table better", () => {
    expect(stateAfterFetchNew("warnings", "complete")).toBe("warnings");
    expect(stateAfterFetchNew("failed", "complete")).toBe("failed");
    expect(stateAfterFetchNew("partial", "warnings")).toBe("partial");
  });

  it("takes the new rows' state when it is worse, or when nothing was recorded before", () => {
    expect(stateAfterFetchNew("complete", "warnings")).toBe("warnings");
    expect(stateAfterFetchNew("warnings", "failed")).toBe("failed");
    expect(stateAfterFetchNew(undefined, "complete")).toBe("complete");
    expect(stateAfterFetchNew("warnings", undefined)).toBeUndefined();
  });
});

describe("markedCell()", () => {
  it("reads the first cell of an A1 reference Excel made of a marker, and nothing else", () => {
    expect(markedCell("=Invoices!$A$3:$G$140")).toEqual({ sheet: "Invoices", row: 2, column: 0 });
    expect(markedCell("='2026 it''s'!$AB$5")).toEqual({ sheet: "2026 it's", row: 4, column: 27 });
    expect(markedCell("=Sheet1!A1:B2")).toEqual({ sheet: "Sheet1", row: 0, column: 0 });
    expect(markedCell("=Invoices[#All]")).toBeNull();
    expect(markedCell("=#REF!")).toBeNull();
    expect(markedCell("=Sheet1!$A$1+1")).toBeNull();
    expect(markedCell("=$A$1")).toBeNull();
  });
});

describe("a marker Excel turned into an A1 reference", () => {
  const a1Names = [
    { name: A, formula: "=Invoices!$A$3:$B$9" },
    { name: B, formula: "='Bill sheet'!$C$5:$D$6" },
  ];
  const shapes = new Map([
    ["1", { sheet: "Invoices", row: 2, column: 0, columns: ["ID", "Amount"] }],
    ["2", { sheet: "Bill sheet", row: 4, column: 2, columns: ["ID", "Total"] }],
    ["3", { sheet: "Receipts", row: 2, column: 0, columns: ["ID"] }],
  ]);
  const records = [
    { id: "1", marker: A, given: "Invoices" },
    { id: "2", marker: B, given: "Bills" },
  ];
  const a1 = (extra: object = {}) => ({
    setting: JSON.stringify(records),
    tables,
    names: a1Names,
    ...extra,
  });

  it("asks for the tables' shapes, then proves each table by its first cell", () => {
    expect(needsShapes(a1())).toBe(true);
    expect(importTablesOf(a1())).toEqual({
      ours: [],
      disputed: [],
      kept: records,
      deadMarkers: [],
    });
    const found = importTablesOf(a1({ shapes }));
    expect(needsShapes(a1({ shapes }))).toBe(false);
    expect(found.ours.map((table) => [table.id, table.name])).toEqual([
      ["1", "Invoices"],
      ["2", "Bills"],
    ]);
    expect(found.disputed).toEqual([]);
  });

  it("disputes a table at the marker's cell that lacks the id, and drops a marker of no table", () => {
    const moved = new Map(shapes);
    moved.set("2", { sheet: "Bill sheet", row: 0, column: 0, columns: ["ID", "Total"] });
    const found = importTablesOf(a1({ shapes: moved }));
    expect(found.ours.map((table) => table.name)).toEqual(["Invoices"]);
    expect(found.disputed).toEqual([{ name: "Bills", given: "Bills", reason: "id only" }]);
    expect(found.deadMarkers).toEqual([B]);
  });
});

describe("a table whose id Excel changed", () => {
  const key = "k".repeat(48);
  const shapes = new Map([
    ["1", { sheet: "Invoices", row: 2, column: 0, columns: ["ID", "Amount", "Checked"] }],
    ["2", { sheet: "Bills", row: 2, column: 0, columns: ["ID", "Total"] }],
    ["3", { sheet: "Receipts", row: 2, column: 0, columns: ["ID"] }],
  ]);
  const record = { id: "71", marker: A, given: "Invoices", columns: ["ID", "Amount"], key };
  const renumbered = (extra: object, over: object = {}) => ({
    setting: JSON.stringify([{ ...record, ...over }]),
    tables,
    names,
    ...extra,
  });

  it("is adopted, with its new id, when this computer made the record's key", () => {
    expect(needsShapes(renumbered({}))).toBe(true);
    const found = importTablesOf(renumbered({ shapes, madeHere: new Set([A.toLowerCase()]) }));
    expect(found.ours).toEqual([{ ...record, id: "1", name: "Invoices" }]);
    expect(found.kept).toEqual([{ ...record, id: "1" }]);
    expect(found.disputed).toEqual([]);
  });

  it.each([
    ["a key made elsewhere", {}, { shapes, madeHere: new Set<string>() }],
    ["no key", { key: undefined }, { shapes, madeHere: new Set([A.toLowerCase()]) }],
    [
      "a column it lacks",
      { columns: ["ID", "Tax"] },
      { shapes, madeHere: new Set([A.toLowerCase()]) },
    ],
    ["no columns recorded", { columns: [] }, { shapes, madeHere: new Set([A.toLowerCase()]) }],
    ["no shapes read", {}, { madeHere: new Set([A.toLowerCase()]) }],
  ])("is disputed, never adopted, with %s", (_, over, extra) => {
    const found = importTablesOf(renumbered(extra, over));
    expect(found.ours).toEqual([]);
    expect(found.disputed).toEqual([
      { name: "Invoices", given: "Invoices", reason: "marker only" },
    ]);
  });

  it("is never adopted when another record claims it by its id", () => {
    const found = importTablesOf({
      setting: JSON.stringify([record, { id: "1", marker: B, given: "Bills" }]),
      tables,
      names,
      shapes,
      madeHere: new Set([A.toLowerCase()]),
    });
    expect(found.ours).toEqual([]);
    expect(found.disputed.map((table) => table.name).sort()).toEqual(["Bills", "Invoices"]);
  });
});
