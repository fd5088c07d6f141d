// Draws a journal sheet from its layout, reads it back for validation, marks the cells that have
// problems, and remembers (in the workbook's settings, so it survives save and reopen) which
// journal a sheet shows and when that journal was loaded.
import type {
  GridSnapshot,
  JournalLayout,
  JournalSheetState,
  LayoutCell,
} from "../journal/contract";
import type { ExcelRun } from "./run";

/** The workbook setting that maps journal sheet names to their state. */
export const JOURNAL_SHEETS_SETTING = "ledgerSheets.journalSheets";

const FILL: Record<LayoutCell["role"], string | null> = {
  label: null,
  fact: "#F3F2F1", // read-only facts: Office's neutral grey
  input: null,
  header: "#E1DFDD",
  total: "#F3F2F1",
  balance: null,
};
/** Problem cells: Office's light red. */
export const PROBLEM_FILL = "#FDE7E9";

export type StateMap = Record<string, JournalSheetState>;

/** Queues the read of the journal sheets setting; read it with {@link statesOf} after a sync. */
function queueStates(context: Excel.RequestContext): Excel.Setting {
  const setting = context.workbook.settings.getItemOrNullObject(JOURNAL_SHEETS_SETTING);
  setting.load("value");
  return setting;
}

function statesOf(setting: Excel.Setting): StateMap {
  if (setting.isNullObject || typeof setting.value !== "string") return {};
  try {
    const parsed = JSON.parse(setting.value) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as StateMap) : {};
  } catch {
    return {};
  }
}

function saveStates(context: Excel.RequestContext, states: StateMap): void {
  context.workbook.settings.add(JOURNAL_SHEETS_SETTING, JSON.stringify(states));
}

/** The state of the journal shown on `sheetName`, or null when that sheet is not a journal. */
export async function journalSheetState(
  run: ExcelRun,
  sheetName: string,
): Promise<JournalSheetState | null> {
  return await run(async (context) => {
    const setting = queueStates(context);
    await context.sync();
    return statesOf(setting)[sheetName] ?? null;
  });
}

/** The workbook's sheet names, and the journal states of those sheets that still exist. One sync. */
export async function journalWorkbookOverview(
  run: ExcelRun,
): Promise<{ sheetNames: string[]; states: StateMap }> {
  return await run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    const setting = queueStates(context);
    await context.sync();
    const sheetNames = sheets.items.map((sheet) => sheet.name);
    const all = statesOf(setting);
    const states: StateMap = {};
    for (const name of sheetNames) {
      const state = all[name];
      if (state) states[name] = state;
    }
    return { sheetNames, states };
  });
}

/** Makes `sheetName` the active sheet. One sync. */
export async function activateSheet(run: ExcelRun, sheetName: string): Promise<void> {
  await run(async (context) => {
    context.workbook.worksheets.getItem(sheetName).activate();
    await context.sync();
  });
}

/** The state of the active sheet when it shows a journal. */
export async function activeJournalSheet(run: ExcelRun): Promise<JournalSheetState | null> {
  return await run(async (context) => {
    const sheet = context.workbook.worksheets.getActiveWorksheet();
    sheet.load("name");
    const setting = queueStates(context);
    await context.sync();
    return statesOf(setting)[sheet.name] ?? null;
  });
}

/**
 * Draws `layout` on its sheet (created, or cleared first when it exists), applies formats before
 * values so server text stays literal, shades read-only cells, and records `state`. Two syncs.
 */
export async function drawJournal(
  run: ExcelRun,
  layout: JournalLayout,
  state: JournalSheetState,
): Promise<void> {
  await run(async (context) => {
    const sheets = context.workbook.worksheets;
    const existing = sheets.getItemOrNullObject(layout.sheetName);
    existing.load("name");
    const setting = queueStates(context);
    await context.sync();
    const states = statesOf(setting);
    let sheet: Excel.Worksheet;
    if (existing.isNullObject) {
      sheet = sheets.add(layout.sheetName);
    } else {
      sheet = existing;
      const used = sheet.getUsedRangeOrNullObject();
      used.clear("All");
    }
    for (const cell of layout.cells) {
      const range = sheet.getRange(cell.address);
      range.numberFormat = [[cell.numberFormat]];
      if (cell.formula !== undefined) range.formulas = [[cell.formula]];
      else range.values = [[cell.value ?? ""]];
      if (cell.bold) range.format.font.bold = true;
      const fill = FILL[cell.role];
      if (fill) range.format.fill.color = fill;
    }
    layout.columnWidths.forEach((width, column) => {
      sheet.getRangeByIndexes(0, column, 1, 1).format.columnWidth = width;
    });
    if (layout.frozenRows > 0) sheet.freezePanes.freezeRows(layout.frozenRows);
    sheet.activate();
    saveStates(context, { ...states, [layout.sheetName]: state });
    await context.sync();
  });
}

/** Reads the journal sheet from A1 to the end of what is used (at least `extent`). One sync. */
export async function readJournalGrid(run: ExcelRun, sheetName: string): Promise<GridSnapshot> {
  return await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const used = sheet.getUsedRange(false);
    used.load("rowIndex,columnIndex,rowCount,columnCount");
    await context.sync();
    // From A1, so row and column numbers in the snapshot are the sheet's own.
    const range = sheet.getRangeByIndexes(
      0,
      0,
      used.rowIndex + used.rowCount,
      used.columnIndex + used.columnCount,
    );
    range.load("values,formulas");
    await context.sync();
    return { values: range.values, formulas: range.formulas };
  });
}

/**
 * Marks `addresses` as problems (light red) and restores the cells marked last time that are no
 * longer problems, using their layout roles. Remembers the marks in the sheet's state. One sync.
 */
export async function markProblems(
  run: ExcelRun,
  sheetName: string,
  addresses: readonly string[],
  roleOf: (address: string) => LayoutCell["role"] | null,
): Promise<void> {
  await run(async (context) => {
    const setting = queueStates(context);
    await context.sync();
    const states = statesOf(setting);
    const state = states[sheetName];
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const previous =
      (state as (JournalSheetState & { marked?: string[] }) | undefined)?.marked ?? [];
    for (const address of previous) {
      if (addresses.includes(address)) continue;
      const fill = FILL[roleOf(address) ?? "input"];
      if (fill) sheet.getRange(address).format.fill.color = fill;
      else sheet.getRange(address).format.fill.clear();
    }
    for (const address of addresses) sheet.getRange(address).format.fill.color = PROBLEM_FILL;
    if (state)
      saveStates(context, {
        ...states,
        [sheetName]: { ...state, marked: [...addresses] },
      });
    await context.sync();
  });
}
