// The journal sheet's Excel layer against the strict fake host.
import { FakeExcelHost } from "../../../src/fake-excel";
import {
  activeJournalSheet,
  drawJournal,
  journalSheetState,
  markProblems,
  PROBLEM_FILL,
  readJournalGrid,
} from "../../../src/excel/journalSheet";
import type { JournalLayout, JournalSheetState } from "../../../src/journal/contract";

const LAYOUT: JournalLayout = {
  sheetName: "Journal JNL-0001",
  cells: [
    {
      address: "A1",
      value: "Manual journal JNL-0001",
      numberFormat: "@",
      bold: true,
      role: "label",
    },
    { address: "A3", value: "Description", numberFormat: "@", role: "label" },
    { address: "B3", value: "=1+1", numberFormat: "@", role: "input" },
    { address: "A4", value: "Status", numberFormat: "@", role: "label" },
    { address: "B4", value: "DRAFT", numberFormat: "@", role: "fact" },
    { address: "F6", value: 10.5, numberFormat: "#,##0.00", role: "input" },
    { address: "F7", value: 4.25, numberFormat: "#,##0.00", role: "input" },
    { address: "F8", formula: "=SUM(F6:F7)", numberFormat: "#,##0.00", role: "total" },
  ],
  extent: "A1:F8",
  columnWidths: [120, 200],
  frozenRows: 4,
};
const STATE: JournalSheetState = {
  layoutVersion: 1,
  journalId: "j-1",
  loadedUpdatedAt: "2026-11-20T10:00:00.000Z",
  status: "DRAFT",
  sheetName: "Journal JNL-0001",
};

describe("journal sheet", () => {
  it("draws the layout with formats before values, live formulas and shaded facts", async () => {
    const host = new FakeExcelHost();
    await drawJournal(host.run, LAYOUT, STATE);
    expect(host.cell(LAYOUT.sheetName, "B3")).toMatchObject({ value: "=1+1", formula: null });
    expect(host.cell(LAYOUT.sheetName, "F8")).toMatchObject({
      formula: "=SUM(F6:F7)",
      value: 14.75,
    });
    expect(host.cell(LAYOUT.sheetName, "F6").text).toBe("10.50");
    expect(host.activeSheetName).toBe(LAYOUT.sheetName);
    expect(host.frozenPanes(LAYOUT.sheetName).rows).toBe(4);
  });

  it("remembers the journal a sheet shows, through save and reopen", async () => {
    const host = new FakeExcelHost();
    await drawJournal(host.run, LAYOUT, STATE);
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    expect(await journalSheetState(reopened.run, LAYOUT.sheetName)).toEqual(STATE);
    expect(await activeJournalSheet(reopened.run)).toEqual(STATE);
    expect(await journalSheetState(reopened.run, "Sheet1")).toBeNull();
  });

  it("redraws over an existing journal sheet without leftovers", async () => {
    const host = new FakeExcelHost();
    await drawJournal(host.run, LAYOUT, STATE);
    host.setCells(LAYOUT.sheetName, "H20", [["user scribble"]]);
    await drawJournal(host.run, { ...LAYOUT, cells: LAYOUT.cells.slice(0, 3) }, STATE);
    expect(host.cell(LAYOUT.sheetName, "H20").value).toBe("");
    expect(host.cell(LAYOUT.sheetName, "F6").value).toBe("");
  });

  it("reads the sheet back from A1 with values and formulas", async () => {
    const host = new FakeExcelHost();
    await drawJournal(host.run, LAYOUT, STATE);
    host.setCells(LAYOUT.sheetName, "F7", [[5]]);
    const grid = await readJournalGrid(host.run, LAYOUT.sheetName);
    expect(grid.values.length).toBe(8);
    expect(grid.values[0]![0]).toBe("Manual journal JNL-0001");
    expect(grid.values[7]![5]).toBe(15.5);
    expect(grid.formulas[7]![5]).toBe("=SUM(F6:F7)");
  });

  it("marks problem cells and clears marks that are fixed", async () => {
    const host = new FakeExcelHost();
    await drawJournal(host.run, LAYOUT, STATE);
    const roleOf = (address: string) =>
      LAYOUT.cells.find((c) => c.address === address)?.role ?? null;
    const fill = async (address: string) =>
      host.run(async (context) => {
        const range = context.workbook.worksheets.getItem(LAYOUT.sheetName).getRange(address);
        range.format.fill.load("color");
        await context.sync();
        return range.format.fill.color;
      });
    await markProblems(host.run, LAYOUT.sheetName, ["F6", "B4"], roleOf);
    expect(await fill("F6")).toBe(PROBLEM_FILL);
    await markProblems(host.run, LAYOUT.sheetName, ["F7"], roleOf);
    expect(await fill("F7")).toBe(PROBLEM_FILL);
    expect(await fill("F6")).not.toBe(PROBLEM_FILL);
    expect(await fill("B4")).toBe("#F3F2F1");
    expect((await journalSheetState(host.run, LAYOUT.sheetName))?.marked).toEqual(["F7"]);
  });
});
