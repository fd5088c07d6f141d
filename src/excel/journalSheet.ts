// Draws a journal sheet from its layout, reads it back for validation, marks the cells that have
// problems, and remembers (in the workbook's settings, so it survives save and reopen) which
// journal a sheet shows and when that journal was loaded. Sheets are known by their worksheet id,
// which survives a rename; a name can be reused by an unrelated sheet.
import { addressPosition, columnLetter } from "../journal/cellAddresses";
import type {
  GridSnapshot,
  JournalLayout,
  JournalSheetState,
  LayoutCell,
} from "../journal/contract";
import { layoutBatches } from "../journal/layoutBlocks";
import type { DrawBatch, SheetArea } from "../journal/layoutBlocks";
import { planProblemMarks } from "../journal/problemMarks";
import { readJournalSheetState } from "../journal/sheetState";
import type { ExcelRun } from "./run";

/** The workbook setting that maps journal sheets (by worksheet id) to their state. */
export const JOURNAL_SHEETS_SETTING = "ledgerSheets.journalSheets";

/** The fill of each role of cell: shading marks what cannot be edited. */
export const FILL_OF_ROLE: Readonly<Record<LayoutCell["role"], string | null>> = {
  label: null,
  fact: "#F3F2F1", // read-only facts: Office's neutral grey
  input: null,
  header: "#E1DFDD",
  total: "#F3F2F1",
  balance: null,
};
/** Problem cells: Office's light red. */
export const PROBLEM_FILL = "#FDE7E9";
/** How far below the lowest mark a moved mark is looked for (rows inserted since marking). */
const MARK_DRIFT_ROWS = 500;

/** A worksheet as the journal editor follows it: by id, with its current name for messages. */
export interface SheetRef {
  readonly sheetId: string;
  readonly sheetName: string;
}

/**
 * A sheet that Ledger Sheets drew a journal on: its state, or (when the state is of a layout this
 * version cannot read) the sentence that says so.
 */
export type JournalSheet = SheetRef &
  (
    | { readonly state: JournalSheetState; readonly refusal?: undefined }
    | { readonly state: null; readonly refusal: string }
  );

type RawStates = Record<string, unknown>;

/** Queues the read of the journal sheets setting; read it with {@link rawStatesOf} after a sync. */
function queueStates(context: Excel.RequestContext): Excel.Setting {
  const setting = context.workbook.settings.getItemOrNullObject(JOURNAL_SHEETS_SETTING);
  setting.load("value");
  return setting;
}

function rawStatesOf(setting: Excel.Setting): RawStates {
  if (setting.isNullObject || typeof setting.value !== "string") return {};
  try {
    const parsed = JSON.parse(setting.value) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as RawStates)
      : {};
  } catch {
    return {};
  }
}

function saveStates(context: Excel.RequestContext, states: RawStates): void {
  context.workbook.settings.add(JOURNAL_SHEETS_SETTING, JSON.stringify(states));
}

/**
 * The stored entry of `sheet`: by its id, or (a workbook saved before sheets were known by id)
 * by its name when that key is no sheet's id.
 */
function entryOf(raw: RawStates, sheet: SheetRef, ids: ReadonlySet<string>): unknown {
  if (raw[sheet.sheetId] !== undefined) return raw[sheet.sheetId];
  const legacy = raw[sheet.sheetName];
  return legacy !== undefined && !ids.has(sheet.sheetName) ? legacy : undefined;
}

function journalSheetOf(sheet: SheetRef, entry: unknown): JournalSheet | null {
  if (entry === undefined) return null;
  const reading = readJournalSheetState(entry, sheet.sheetName);
  return reading.ok
    ? { ...sheet, state: reading.state }
    : { ...sheet, state: null, refusal: reading.message };
}

/** The journal sheets among `sheets`, and the stored entries re-keyed by id (stale ones dropped). */
function resolve(
  raw: RawStates,
  sheets: readonly SheetRef[],
): { journals: JournalSheet[]; kept: RawStates; pruned: boolean } {
  const ids = new Set(sheets.map((sheet) => sheet.sheetId));
  const journals: JournalSheet[] = [];
  const kept: RawStates = {};
  for (const sheet of sheets) {
    const entry = entryOf(raw, sheet, ids);
    const journal = journalSheetOf(sheet, entry);
    if (journal === null) continue;
    journals.push(journal);
    kept[sheet.sheetId] = entry;
  }
  const pruned =
    Object.keys(raw).length !== Object.keys(kept).length ||
    Object.keys(kept).some((id) => raw[id] === undefined);
  return { journals, kept, pruned };
}

/** The state of the journal shown on the sheet named (or with the id) `sheetKey`, else null. */
export async function journalSheetState(
  run: ExcelRun,
  sheetKey: string,
): Promise<JournalSheetState | null> {
  return (await journalSheetByKey(run, sheetKey))?.state ?? null;
}

/** The journal sheet named (or with the id) `sheetKey`, or null when it is gone or no journal. */
export async function journalSheetByKey(
  run: ExcelRun,
  sheetKey: string,
): Promise<JournalSheet | null> {
  return await run(async (context) => {
    const sheets = context.workbook.worksheets;
    const sheet = sheets.getItemOrNullObject(sheetKey);
    sheet.load("id,name");
    sheets.load("items/id");
    const setting = queueStates(context);
    await context.sync();
    if (sheet.isNullObject) return null;
    const ids = new Set(sheets.items.map((item) => item.id));
    const ref = { sheetId: sheet.id, sheetName: sheet.name };
    return journalSheetOf(ref, entryOf(rawStatesOf(setting), ref, ids));
  });
}

/**
 * The workbook's sheets, and its journal sheets. Entries of sheets that no longer exist are
 * dropped from the setting here, so a sheet added later never inherits one. One or two syncs.
 */
export async function journalWorkbookOverview(
  run: ExcelRun,
): Promise<{ sheets: SheetRef[]; journals: JournalSheet[] }> {
  return await run(async (context) => {
    const worksheets = context.workbook.worksheets;
    worksheets.load("items/id,items/name");
    const setting = queueStates(context);
    await context.sync();
    const sheets = worksheets.items.map((sheet) => ({ sheetId: sheet.id, sheetName: sheet.name }));
    const { journals, kept, pruned } = resolve(rawStatesOf(setting), sheets);
    if (pruned) {
      saveStates(context, kept);
      await context.sync();
    }
    return { sheets, journals };
  });
}

/** Makes the sheet with id `sheetId` the active sheet. One sync. */
export async function activateSheet(run: ExcelRun, sheetId: string): Promise<void> {
  await run(async (context) => {
    context.workbook.worksheets.getItem(sheetId).activate();
    await context.sync();
  });
}

/** The active sheet, when it shows a journal. One sync. */
export async function activeJournalSheet(run: ExcelRun): Promise<JournalSheet | null> {
  return await run(async (context) => {
    const sheets = context.workbook.worksheets;
    const sheet = sheets.getActiveWorksheet();
    sheet.load("id,name");
    sheets.load("items/id");
    const setting = queueStates(context);
    await context.sync();
    const ids = new Set(sheets.items.map((item) => item.id));
    const ref = { sheetId: sheet.id, sheetName: sheet.name };
    return journalSheetOf(ref, entryOf(rawStatesOf(setting), ref, ids));
  });
}

/**
 * Draws `layout` on the sheet with id `sheetId` (cleared first), or on a new sheet named
 * `layout.sheetName` when no id is given; applies formats before values so server text stays
 * literal, shades read-only cells, and records `state`. Returns the sheet drawn.
 *
 * The cells travel as a few rectangles ({@link layoutBatches}): one `values` array each, number
 * formats, fills and bold set on whole rectangles and columns, so a request holds a number of
 * ranges that does not grow with the journal's lines. Two syncs; a journal too large for one
 * request (thousands of lines) takes one more per further batch of values.
 */
export async function drawJournal(
  run: ExcelRun,
  layout: JournalLayout,
  state: JournalSheetState,
  sheetId?: string,
): Promise<SheetRef> {
  const [first, ...rest] = layoutBatches(layout, { fillOf: (cell) => FILL_OF_ROLE[cell.role] });
  return await run(async (context) => {
    const sheets = context.workbook.worksheets;
    const setting = queueStates(context);
    let sheet: Excel.Worksheet;
    if (sheetId === undefined) {
      sheet = sheets.add(layout.sheetName);
    } else {
      sheet = sheets.getItem(sheetId);
      sheet.getUsedRangeOrNullObject().clear("All");
    }
    sheet.load("id,name");
    if (first) queueBatch(sheet, first);
    await context.sync();
    for (const batch of rest.slice(0, -1)) await writeBatch(context, sheet, batch);
    const last = rest[rest.length - 1];
    if (last) queueBatch(sheet, last);
    for (const { column, count, width } of widthRuns(layout.columnWidths)) {
      sheet.getRangeByIndexes(0, column, 1, count).format.columnWidth = width;
    }
    if (layout.frozenRows > 0) sheet.freezePanes.freezeRows(layout.frozenRows);
    sheet.activate();
    const stored: JournalSheetState = { ...state, sheetName: sheet.name };
    saveStates(context, { ...rawStatesOf(setting), [sheet.id]: stored });
    await context.sync();
    return { sheetId: sheet.id, sheetName: sheet.name };
  });
}

/** One request of a drawing that needs several: its batch of values, then a sync. */
async function writeBatch(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  batch: DrawBatch,
): Promise<void> {
  queueBatch(sheet, batch);
  await context.sync();
}

/** Queues a batch's formats, then its contents. */
function queueBatch(sheet: Excel.Worksheet, batch: DrawBatch): void {
  for (const format of batch.formats) {
    const range = rangeOf(sheet, format);
    if (format.numberFormat !== undefined) range.numberFormat = numberFormats(format.numberFormat);
    if (format.fill !== undefined) range.format.fill.color = format.fill;
    if (format.bold) range.format.font.bold = true;
  }
  for (const contents of batch.contents) {
    const range = rangeOf(sheet, contents);
    range.values = contents.values as unknown[][];
    if (contents.formulas !== undefined) range.formulas = contents.formulas as unknown[][];
  }
}

/** Adjacent columns of equal width, set together. */
function widthRuns(widths: readonly number[]): { column: number; count: number; width: number }[] {
  const runs: { column: number; count: number; width: number }[] = [];
  widths.forEach((width, column) => {
    const last = runs[runs.length - 1];
    if (last && last.width === width && last.column + last.count === column) last.count += 1;
    else runs.push({ column, count: 1, width });
  });
  return runs;
}

function rangeOf(sheet: Excel.Worksheet, area: SheetArea): Excel.Range {
  return sheet.getRangeByIndexes(area.row, area.column, area.rowCount, area.columnCount);
}

/**
 * A number format for a range: a 2-D array, or one format that Excel applies to every cell of
 * the range (Office.js types only the array form).
 */
function numberFormats(format: string | readonly (readonly string[])[]): string[][] {
  return format as string[][];
}

/**
 * Records that the journal on `sheetId` is now at `changes` (after a save whose redraw failed,
 * so the next Send does not take the user's own change for someone else's). One or two syncs.
 */
export async function updateJournalSheetState(
  run: ExcelRun,
  sheetId: string,
  changes: Pick<JournalSheetState, "loadedUpdatedAt" | "status">,
): Promise<void> {
  await run(async (context) => {
    const setting = queueStates(context);
    await context.sync();
    const raw = rawStatesOf(setting);
    const entry = raw[sheetId];
    if (typeof entry !== "object" || entry === null) return;
    saveStates(context, { ...raw, [sheetId]: { ...entry, ...changes } });
    await context.sync();
  });
}

/** Reads the journal sheet from A1 to the end of what is used. Two syncs. */
export async function readJournalGrid(run: ExcelRun, sheetId: string): Promise<GridSnapshot> {
  return await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetId);
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
 * Marks `addresses` as problems (light red) and puts back, on the cells marked last time that
 * are no longer problems, exactly the fill each had before (grey facts, header shading, a user's
 * own colour, or none). Marked cells moved by inserted or deleted rows are found by their fill
 * ({@link planProblemMarks}). Remembers the marks with their fills in the sheet's state. Three syncs.
 */
export async function markProblems(
  run: ExcelRun,
  sheetId: string,
  addresses: readonly string[],
): Promise<void> {
  await run(async (context) => {
    const setting = queueStates(context);
    const sheet = context.workbook.worksheets.getItem(sheetId);
    sheet.load("name");
    const used = sheet.getUsedRangeOrNullObject(false);
    used.load("rowIndex,rowCount");
    await context.sync();
    const raw = rawStatesOf(setting);
    const reading =
      raw[sheetId] === undefined ? null : readJournalSheetState(raw[sheetId], sheet.name);
    const saved = reading?.ok ? (reading.state.marked ?? []) : [];

    // The current fill of every cell in the columns involved, down to the last used row.
    const positions = [...saved.map((mark) => mark.address), ...addresses].flatMap((address) => {
      const position = addressPosition(address);
      return position ? [position] : [];
    });
    // Down to the end of what is used, but not far past the marks: rows inserted above a mark
    // move it down by their count, and a stray value far below must not cost a cell per row.
    const lowestMark = Math.max(0, ...positions.map((position) => position.row));
    const lastRow = Math.max(
      lowestMark,
      Math.min(used.isNullObject ? 0 : used.rowIndex + used.rowCount, lowestMark + MARK_DRIFT_ROWS),
    );
    const columns = [...new Set(positions.map((position) => position.column))];
    const cells = new Map<string, Excel.Range>();
    for (const column of columns) {
      for (let row = 1; row <= lastRow; row++) {
        const cell = sheet.getRangeByIndexes(row - 1, column, 1, 1);
        cell.load("format/fill/color,format/fill/pattern");
        cells.set(`${columnLetter(column)}${row}`, cell);
      }
    }
    await context.sync();
    const fillOf = (address: string): string | null => {
      const fill = cells.get(address)?.format.fill;
      return fill === undefined || fill.pattern === "None" ? null : fill.color.toUpperCase();
    };
    const problemFilled = [...cells.keys()].filter((address) => fillOf(address) === PROBLEM_FILL);

    const plan = planProblemMarks(saved, problemFilled, fillOf, addresses);
    for (const { address, fill } of plan.restore) {
      const cell = sheet.getRange(address);
      if (fill === null) cell.format.fill.clear();
      else cell.format.fill.color = fill;
    }
    for (const address of addresses) sheet.getRange(address).format.fill.color = PROBLEM_FILL;
    if (reading?.ok) {
      const entry = raw[sheetId] as Record<string, unknown>;
      saveStates(context, { ...raw, [sheetId]: { ...entry, marked: plan.marks } });
    }
    await context.sync();
  });
}
