// The journal sheet's Excel layer against the strict fake host.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { drawJournal, NOT_SENT_FILL } from "../../../src/excel/journalDrawing";
import { readJournalGrid } from "../../../src/excel/journalGrid";
import { markProblems, PROBLEM_FILL } from "../../../src/excel/journalProblemMarks";
import {
  activeJournalSheet,
  journalSheetState,
  journalWorkbookOverview,
} from "../../../src/excel/journalSheetStates";
import { JOURNAL_SHEETS_SETTING } from "../../../src/settings/journalSheets";
import { activeSheetProject } from "../../../src/excel/sheetProject";
import type { JournalLayout, JournalSheetState } from "../../../src/journal/contract";
import { JOURNAL_STATE } from "../../doubles/journalSheets";

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
const STATE: JournalSheetState = JOURNAL_STATE;

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
  return (await drawJournal(host.run, LAYOUT, STATE)).sheetKey;
}

/** Worksheet.id of every sheet, by name. */
function sheetIds(host: FakeExcelHost): Promise<Record<string, string>> {
  return host.run(async (context) => {
    const sheets = context.workbook.worksheets.load("items/id,items/name");
    await context.sync();
    return Object.fromEntries(sheets.items.map((sheet) => [sheet.name, sheet.id]));
  });
}

/** The journal sheets setting as stored. */
function storedStates(host: FakeExcelHost): Promise<Record<string, unknown>> {
  return host.run(async (context) => {
    const setting = context.workbook.settings.getItem(JOURNAL_SHEETS_SETTING);
    setting.load("value");
    await context.sync();
    return JSON.parse(String(setting.value)) as Record<string, unknown>;
  });
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
    const sheetKey = await drawn(host);
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize());
    expect(await journalSheetState(reopened.run, sheetKey)).toEqual(STATE);
    expect(await activeJournalSheet(reopened.run)).toEqual({
      sheetKey,
      sheetName: LAYOUT.sheetName,
      state: STATE,
      openJournals: [STATE],
    });
    await onSheet(reopened, "Sheet1", (sheet) => sheet.activate());
    expect(await activeJournalSheet(reopened.run)).toBeNull();
  });

  it("keeps every journal sheet's state when Excel gives the sheets new ids on reopening", async () => {
    const host = new OfficeJsExcelHost();
    const first = await drawn(host);
    const second = (
      await drawJournal(
        host.run,
        { ...LAYOUT, sheetName: "Journal JNL-0002" },
        {
          ...STATE,
          journalId: "j-2",
          loadedUpdatedAt: "2026-11-21T09:00:00.000Z",
        },
      )
    ).sheetKey;
    const idsBefore = await sheetIds(host);
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), { renumberSheetIds: true });
    const idsAfter = await sheetIds(reopened);
    for (const name of Object.keys(idsBefore)) expect(idsAfter[name]).not.toBe(idsBefore[name]);

    const overview = await journalWorkbookOverview(reopened.run);
    expect(overview.journals).toEqual([
      { sheetKey: first, sheetName: LAYOUT.sheetName, state: STATE },
      {
        sheetKey: second,
        sheetName: "Journal JNL-0002",
        state: {
          ...STATE,
          journalId: "j-2",
          loadedUpdatedAt: "2026-11-21T09:00:00.000Z",
          sheetName: "Journal JNL-0002",
        },
      },
    ]);
    // Nothing was dropped: saved and reopened again, the states are all there.
    expect(Object.keys(await storedStates(reopened))).toEqual([first, second]);
    await onSheet(reopened, LAYOUT.sheetName, (sheet) => sheet.activate());
    expect((await activeJournalSheet(reopened.run))?.state?.loadedUpdatedAt).toBe(
      STATE.loadedUpdatedAt,
    );
    expect((await readJournalGrid(reopened.run, first)).values[7]![5]).toBe(14.75);
  });

  it("gives no journal to a sheet added after reopening that takes a journal sheet's old id", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    const oldId = (await sheetIds(host))[LAYOUT.sheetName]!;
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), { renumberSheetIds: true });
    await reopened.run(async (context) => {
      context.workbook.worksheets.add("Notes");
      context.workbook.worksheets.add("Mine").activate();
      await context.sync();
    });
    // Excel may number a new sheet as an old one was: the emulator does, to catch code that
    // trusts ids.
    expect((await sheetIds(reopened)).Mine).toBe(oldId);
    expect(await activeJournalSheet(reopened.run)).toBeNull();
    const overview = await journalWorkbookOverview(reopened.run);
    expect(overview.journals.map((journal) => [journal.sheetKey, journal.sheetName])).toEqual([
      [sheetKey, LAYOUT.sheetName],
    ]);
  });

  it("follows a renamed journal sheet by its key, under its new name, also after reopening", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    await onSheet(host, LAYOUT.sheetName, (sheet) => (sheet.name = "Rent's accrual"));
    const active = await activeJournalSheet(host.run);
    expect(active).toMatchObject({ sheetKey, sheetName: "Rent's accrual" });
    expect(active?.state).toEqual({ ...STATE, sheetName: "Rent's accrual" });
    expect((await readJournalGrid(host.run, sheetKey)).values[7]![5]).toBe(14.75);
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), { renumberSheetIds: true });
    expect(await journalSheetState(reopened.run, sheetKey)).toEqual({
      ...STATE,
      sheetName: "Rent's accrual",
    });
  });

  it("keeps the state when the user deletes the sheet's first rows and columns", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    await onSheet(host, LAYOUT.sheetName, (sheet) => {
      sheet.getRange("1:2").delete("Up");
      sheet.getRange("A:A").delete("Left");
    });
    expect((await journalWorkbookOverview(host.run)).journals).toEqual([
      { sheetKey, sheetName: LAYOUT.sheetName, state: STATE },
    ]);
  });

  it("drops the state of a deleted journal sheet, and never gives it to a new sheet of that name", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    await onSheet(host, LAYOUT.sheetName, (sheet) => sheet.delete());
    host.addSheet(LAYOUT.sheetName);
    host.activateSheet(LAYOUT.sheetName);
    expect(await activeJournalSheet(host.run)).toBeNull();
    expect(await journalSheetState(host.run, sheetKey)).toBeNull();
    // The overview drops the deleted sheet's entry from the workbook's settings, and its marker.
    const overview = await journalWorkbookOverview(host.run);
    expect(overview.journals).toEqual([]);
    expect(await storedStates(host)).toEqual({});
    expect(host.definedNames()).toEqual([]);
  });

  it("marks a journal sheet with a hidden name of its own, which a user's sheet never has", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    expect(sheetKey).toMatch(/^[0-9a-f]{24}$/);
    const names = await host.run(async (context) => {
      const items = context.workbook.names.load("items/name,items/formula,items/visible");
      await context.sync();
      return items.items.map(({ name, formula, visible }) => ({ name, formula, visible }));
    });
    expect(names).toEqual([
      {
        name: `LedgerSheets_Journal_${sheetKey}`,
        formula: `='${LAYOUT.sheetName}'!$1:$1048576`,
        visible: false,
      },
    ]);
    // A second journal gets a key of its own.
    const other = await drawJournal(host.run, { ...LAYOUT, sheetName: "Journal JNL-0002" }, STATE);
    expect(other.sheetKey).not.toBe(sheetKey);
  });

  it("refuses a sheet whose state is of another layout version, or not a state at all", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    for (const stored of [{ ...STATE, layoutVersion: 99 }, { layoutVersion: 1 }, "garbage"]) {
      await host.run(async (context) => {
        context.workbook.settings.add(
          JOURNAL_SHEETS_SETTING,
          JSON.stringify({ [sheetKey]: stored }),
        );
        await context.sync();
      });
      const active = await activeJournalSheet(host.run);
      expect(active).toMatchObject({ sheetKey, state: null });
      expect(active?.refusal).toMatch(/another version of Ledger Sheets.*open the journal again/);
    }
  });

  it("refuses a sheet that two markers claim, and takes no state keyed by a sheet's id or name", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    const sheetId = (await sheetIds(host))[LAYOUT.sheetName]!;
    const otherKey = "0123456789abcdef01234567";
    await host.run(async (context) => {
      context.workbook.settings.add(
        JOURNAL_SHEETS_SETTING,
        JSON.stringify({ [sheetId]: STATE, [LAYOUT.sheetName]: STATE }),
      );
      await context.sync();
    });
    expect(await activeJournalSheet(host.run)).toBeNull();
    await host.run(async (context) => {
      context.workbook.settings.add(
        JOURNAL_SHEETS_SETTING,
        JSON.stringify({ [sheetKey]: STATE, [otherKey]: STATE }),
      );
      context.workbook.names.add(`LedgerSheets_Journal_${otherKey}`, `='${LAYOUT.sheetName}'!$A$1`);
      await context.sync();
    });
    expect(await activeJournalSheet(host.run)).toMatchObject({
      sheetName: LAYOUT.sheetName,
      state: null,
      refusal: expect.stringMatching(/more than one journal/),
    });
  });

  it("redraws over an existing journal sheet, found by its key, without leftovers", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    host.setCells(LAYOUT.sheetName, "H20", [["user scribble"]]);
    await onSheet(host, LAYOUT.sheetName, (sheet) => (sheet.name = "Mine"));
    const again = await drawJournal(
      host.run,
      { ...LAYOUT, cells: LAYOUT.cells.slice(0, 3) },
      STATE,
      sheetKey,
    );
    expect(again).toEqual({ sheetKey, sheetName: "Mine" });
    expect(host.cell("Mine", "H20").value).toBe("");
    expect(host.cell("Mine", "F6").value).toBe("");
    expect(host.sheetNames()).not.toContain(LAYOUT.sheetName);
    expect(host.definedNames()).toHaveLength(1);
  });

  it("reads the sheet back from A1 with values and formulas", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    host.setCells(LAYOUT.sheetName, "F7", [[5]]);
    const grid = await readJournalGrid(host.run, sheetKey);
    expect(grid.values.length).toBe(8);
    expect(grid.values[0]![0]).toBe("Manual journal JNL-0001");
    expect(grid.values[7]![5]).toBe(15.5);
    expect(grid.formulas[7]![5]).toBe("=SUM(F6:F7)");
  });

  it("marks problem cells and restores exactly the fill each had before", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    const name = LAYOUT.sheetName;
    await onSheet(host, name, (sheet) => (sheet.getRange("F7").format.fill.color = "#FFFF00"));
    await markProblems(host.run, sheetKey, ["F6", "F7", "B4", "C3", "F8"]);
    for (const address of ["F6", "F7", "B4", "C3", "F8"]) {
      expect(await fillOf(host, name, address)).toBe(PROBLEM_FILL);
    }
    // Marking again keeps the fills from before the first mark, not the problem fill.
    await markProblems(host.run, sheetKey, ["F6", "F7", "B4", "C3", "F8"]);
    await markProblems(host.run, sheetKey, ["B3"]);
    expect(await fillOf(host, name, "B3")).toBe(PROBLEM_FILL);
    expect(await fillOf(host, name, "F6")).toBeNull(); // an input: no fill
    expect(await fillOf(host, name, "F7")).toBe("#FFFF00"); // the user's own colour
    expect(await fillOf(host, name, "B4")).toBe(NOT_SENT_FILL); // a fact
    expect(await fillOf(host, name, "C3")).toBe(NOT_SENT_FILL); // a header
    expect(await fillOf(host, name, "F8")).toBe(NOT_SENT_FILL); // the total
    expect((await journalSheetState(host.run, sheetKey))?.marked).toEqual([
      { address: "B3", fill: null },
    ]);
  });

  it("restores marked cells that rows inserted above them have moved", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    const name = LAYOUT.sheetName;
    await markProblems(host.run, sheetKey, ["F7", "F8"]);
    // Two rows inserted above row 6: the marks now sit on F9 and F10.
    await onSheet(host, name, (sheet) => sheet.getRange("6:7").insert("Down"));
    await markProblems(host.run, sheetKey, []);
    expect(await fillOf(host, name, "F9")).toBeNull();
    expect(await fillOf(host, name, "F10")).toBe(NOT_SENT_FILL);
    // The cells now at the old addresses (an inserted row, the old F6) keep their own fills.
    expect(await fillOf(host, name, "F7")).toBeNull();
    expect(await fillOf(host, name, "F8")).toBeNull();
  });

  it("looks for moved marks near the marks only, not down to a stray value far below", async () => {
    const host = new OfficeJsExcelHost();
    const sheetKey = await drawn(host);
    host.setCells(LAYOUT.sheetName, "A20000", [["stray"]]);
    host.resetCounters();
    await markProblems(host.run, sheetKey, ["F6"]);
    expect(host.largestRequestBytes).toBeLessThan(100_000);
    expect(await fillOf(host, LAYOUT.sheetName, "F6")).toBe(PROBLEM_FILL);
  });
});

describe("a chart sheet as the active sheet", () => {
  it("shows no journal and no project, where Excel has no active worksheet to give", async () => {
    const host = new OfficeJsExcelHost();
    await drawn(host);
    host.activateChartSheet("Chart1");
    expect(await activeJournalSheet(host.run)).toBeNull();
    expect(await activeSheetProject(host.run)).toBeNull();
    // Back on the journal's sheet, it is found again.
    host.activateSheet(LAYOUT.sheetName);
    expect(await activeJournalSheet(host.run)).toMatchObject({ sheetName: LAYOUT.sheetName });
  });
});
