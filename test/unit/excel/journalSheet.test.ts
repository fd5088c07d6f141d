// The journal sheet's Excel layer against the strict fake host.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import {
  activeJournalSheet,
  drawJournal,
  JOURNAL_SHEETS_SETTING,
  journalSheetState,
  journalWorkbookOverview,
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
    { address: "C3", value: "Header", numberFormat: "@", role: "header" },
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

/** Runs a batch on the sheet named `name`. */
function onSheet(
  host: FakeExcelHost,
  name: string,
  work: (sheet: Excel.Worksheet) => void,
): Promise<void> {
  return host.run(async (context) => {
    work(context.workbook.worksheets.getItem(name));
    await context.sync();
  });
}

/** A cell's fill: its colour, or null for no fill. */
function fillOf(host: FakeExcelHost, sheetName: string, address: string): Promise<string | null> {
  return host.run(async (context) => {
    const fill = context.workbook.worksheets.getItem(sheetName).getRange(address).format.fill;
    fill.load("color,pattern");
    await context.sync();
    return fill.pattern === "None" ? null : fill.color;
  });
}

async function drawn(host: FakeExcelHost): Promise<string> {
  return (await drawJournal(host.run, LAYOUT, STATE)).sheetId;
}

describe("journal sheet", () => {
  it("draws the layout with formats before values, live formulas and shaded facts", async () => {
    const host = new OfficeJsExcelHost();
    await drawn(host);
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
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize());
    expect(await journalSheetState(reopened.run, LAYOUT.sheetName)).toEqual(STATE);
    expect(await journalSheetState(reopened.run, sheetId)).toEqual(STATE);
    expect(await activeJournalSheet(reopened.run)).toEqual({
      sheetId,
      sheetName: LAYOUT.sheetName,
      state: STATE,
    });
    expect(await journalSheetState(reopened.run, "Sheet1")).toBeNull();
  });

  it("follows a renamed journal sheet by its id, under its new name", async () => {
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    await onSheet(host, LAYOUT.sheetName, (sheet) => (sheet.name = "Rent accrual"));
    const active = await activeJournalSheet(host.run);
    expect(active).toMatchObject({ sheetId, sheetName: "Rent accrual" });
    expect(active?.state).toEqual({ ...STATE, sheetName: "Rent accrual" });
    expect((await readJournalGrid(host.run, sheetId)).values[7]![5]).toBe(14.75);
  });

  it("does not take a new sheet with a deleted journal sheet's name for that journal", async () => {
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    await onSheet(host, LAYOUT.sheetName, (sheet) => sheet.delete());
    host.addSheet(LAYOUT.sheetName);
    host.activateSheet(LAYOUT.sheetName);
    expect(await activeJournalSheet(host.run)).toBeNull();
    expect(await journalSheetState(host.run, LAYOUT.sheetName)).toBeNull();
    // The overview drops the deleted sheet's entry from the workbook's settings.
    const overview = await journalWorkbookOverview(host.run);
    expect(overview.journals).toEqual([]);
    const stored = await host.run(async (context) => {
      const setting = context.workbook.settings.getItem(JOURNAL_SHEETS_SETTING);
      setting.load("value");
      await context.sync();
      return JSON.parse(String(setting.value)) as Record<string, unknown>;
    });
    expect(Object.keys(stored)).not.toContain(sheetId);
    expect(stored).toEqual({});
  });

  it("refuses a sheet whose state is of another layout version, or not a state at all", async () => {
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    for (const stored of [{ ...STATE, layoutVersion: 99 }, { layoutVersion: 1 }, "garbage"]) {
      await host.run(async (context) => {
        context.workbook.settings.add(
          JOURNAL_SHEETS_SETTING,
          JSON.stringify({ [sheetId]: stored }),
        );
        await context.sync();
      });
      const active = await activeJournalSheet(host.run);
      expect(active).toMatchObject({ sheetId, state: null });
      expect(active?.refusal).toMatch(/another version of Ledger Sheets.*open the journal again/);
    }
  });

  it("reads a workbook that keyed journal sheets by name, and re-keys it by id", async () => {
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    await host.run(async (context) => {
      const byName = JSON.stringify({ [LAYOUT.sheetName]: STATE, "Sheet gone": STATE });
      context.workbook.settings.add(JOURNAL_SHEETS_SETTING, byName);
      await context.sync();
    });
    expect((await activeJournalSheet(host.run))?.state).toEqual(STATE);
    const overview = await journalWorkbookOverview(host.run);
    expect(overview.journals.map((journal) => journal.sheetId)).toEqual([sheetId]);
    expect(await journalSheetState(host.run, sheetId)).toEqual(STATE);
  });

  it("redraws over an existing journal sheet, found by id, without leftovers", async () => {
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    host.setCells(LAYOUT.sheetName, "H20", [["user scribble"]]);
    await onSheet(host, LAYOUT.sheetName, (sheet) => (sheet.name = "Mine"));
    const again = await drawJournal(
      host.run,
      { ...LAYOUT, cells: LAYOUT.cells.slice(0, 3) },
      STATE,
      sheetId,
    );
    expect(again).toEqual({ sheetId, sheetName: "Mine" });
    expect(host.cell("Mine", "H20").value).toBe("");
    expect(host.cell("Mine", "F6").value).toBe("");
    expect(host.sheetNames()).not.toContain(LAYOUT.sheetName);
  });

  it("reads the sheet back from A1 with values and formulas", async () => {
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    host.setCells(LAYOUT.sheetName, "F7", [[5]]);
    const grid = await readJournalGrid(host.run, sheetId);
    expect(grid.values.length).toBe(8);
    expect(grid.values[0]![0]).toBe("Manual journal JNL-0001");
    expect(grid.values[7]![5]).toBe(15.5);
    expect(grid.formulas[7]![5]).toBe("=SUM(F6:F7)");
  });

  it("marks problem cells and restores exactly the fill each had before", async () => {
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    const name = LAYOUT.sheetName;
    await onSheet(host, name, (sheet) => (sheet.getRange("F7").format.fill.color = "#FFFF00"));
    await markProblems(host.run, sheetId, ["F6", "F7", "B4", "C3", "F8"]);
    for (const address of ["F6", "F7", "B4", "C3", "F8"]) {
      expect(await fillOf(host, name, address)).toBe(PROBLEM_FILL);
    }
    // Marking again keeps the fills from before the first mark, not the problem fill.
    await markProblems(host.run, sheetId, ["F6", "F7", "B4", "C3", "F8"]);
    await markProblems(host.run, sheetId, ["B3"]);
    expect(await fillOf(host, name, "B3")).toBe(PROBLEM_FILL);
    expect(await fillOf(host, name, "F6")).toBeNull(); // an input: no fill
    expect(await fillOf(host, name, "F7")).toBe("#FFFF00"); // the user's own colour
    expect(await fillOf(host, name, "B4")).toBe("#F3F2F1"); // a fact's grey
    expect(await fillOf(host, name, "C3")).toBe("#E1DFDD"); // a header's shading
    expect(await fillOf(host, name, "F8")).toBe("#F3F2F1"); // the total's grey
    expect((await journalSheetState(host.run, sheetId))?.marked).toEqual([
      { address: "B3", fill: null },
    ]);
  });

  it("restores marked cells that rows inserted above them have moved", async () => {
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    const name = LAYOUT.sheetName;
    await markProblems(host.run, sheetId, ["F7", "F8"]);
    // Two rows inserted above row 6: the marks now sit on F9 and F10.
    await onSheet(host, name, (sheet) => sheet.getRange("6:7").insert("Down"));
    await markProblems(host.run, sheetId, []);
    expect(await fillOf(host, name, "F9")).toBeNull();
    expect(await fillOf(host, name, "F10")).toBe("#F3F2F1");
    // The cells now at the old addresses (an inserted row, the old F6) keep their own fills.
    expect(await fillOf(host, name, "F7")).toBeNull();
    expect(await fillOf(host, name, "F8")).toBeNull();
  });

  it("looks for moved marks near the marks only, not down to a stray value far below", async () => {
    const host = new OfficeJsExcelHost();
    const sheetId = await drawn(host);
    host.setCells(LAYOUT.sheetName, "A20000", [["stray"]]);
    host.resetCounters();
    await markProblems(host.run, sheetId, ["F6"]);
    expect(host.largestRequestBytes).toBeLessThan(100_000);
    expect(await fillOf(host, LAYOUT.sheetName, "F6")).toBe(PROBLEM_FILL);
  });
});
