// Draws a journal sheet from its layout, reads it back for validation, marks the cells that have
// problems, and remembers (in the workbook's settings, so it survives save and reopen) which
// journal a sheet shows and when that journal was loaded. A journal sheet is known by its key,
// kept in a hidden defined name that refers to the sheet (journalMarkers.ts): Excel follows the
// sheet's renames, and the key stays when Worksheet.id changes between sessions.
import { cellAddress } from "../journal/cellAddresses";
import type {
  GridSnapshot,
  JournalLayout,
  JournalSheetState,
  LayoutCell,
} from "../journal/contract";
import { jsonSize, layoutBatches } from "../journal/layoutBlocks";
import type { DrawBatch, SheetArea } from "../journal/layoutBlocks";
import {
  cellSpans,
  compactMarks,
  fillSpans,
  markCells,
  planProblemMarks,
  rowsWithin,
} from "../journal/problemMarks";
import type { ColumnSpan, FillSpan } from "../journal/problemMarks";
import { readJournalSheetState } from "../journal/sheetState";
import { hiddenColumnsOf, hiddenRowsOf } from "./hiddenCells";
import {
  markedSheetName,
  markerFormula,
  markerName,
  newJournalKey,
  readMarkers,
} from "./journalMarkers";
import type { LoadedName } from "./journalMarkers";
import type { ExcelRun } from "./run";
import { FillIndex, readFills, readSpans } from "./spanFills";
import type { FillTarget, SpanReading } from "./spanFills";

/** The workbook setting that maps journal sheets (by their key) to their state. */
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

/**
 * A journal sheet as the editor follows it from one request to the next: by its key (which
 * survives renames, and Worksheet.id changing when the workbook is reopened), with its name as
 * last seen, for messages.
 */
export interface SheetRef {
  readonly sheetKey: string;
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

function journalSheetOf(sheet: SheetRef, entry: unknown): JournalSheet {
  const reading = readJournalSheetState(entry, sheet.sheetName);
  return reading.ok
    ? { ...sheet, state: reading.state }
    : { ...sheet, state: null, refusal: reading.message };
}

/**
 * The sheet of `sheetKey` in a request: the sheet its marker refers to. The request fails when
 * the marker is gone (ItemNotFound) or its sheet was deleted.
 */
function sheetOfKey(context: Excel.RequestContext, sheetKey: string): Excel.Worksheet {
  return context.workbook.names.getItem(markerName(sheetKey)).getRange().worksheet;
}

/** What {@link queueJournalSheets} loads, for {@link journalSheetsOf} after the sync. */
export interface QueuedJournalSheets {
  readonly setting: Excel.Setting;
  readonly names: Excel.NamedItemCollection;
  readonly worksheets: Excel.WorksheetCollection;
}

/** Queues the reads that find the journal sheets: the states, the names, the sheets' names. */
function queueJournalSheets(context: Excel.RequestContext): QueuedJournalSheets {
  const names = context.workbook.names;
  names.load("items/name,items/formula,items/scope");
  const worksheets = context.workbook.worksheets;
  worksheets.load("items/name");
  return { setting: queueStates(context), names, worksheets };
}

/**
 * The workbook-scoped names loaded. (`workbook.names` lists only those; a copy of a journal sheet
 * gets worksheet-scoped duplicates of its marker, which must never count.)
 */
function workbookNames(queued: QueuedJournalSheets): LoadedName[] {
  return queued.names.items
    .filter((item) => item.scope === "Workbook")
    .map(({ name, formula }) => ({ name, formula }));
}

/** The journal sheets found, and the keys of states whose sheet is gone. */
interface JournalSheets {
  readonly sheetNames: string[];
  readonly journals: JournalSheet[];
  readonly gone: readonly string[];
  readonly raw: RawStates;
}

/**
 * Each stored state with the sheet its marker refers to. A sheet that two markers refer to
 * (something other than the add-in made the second) is refused rather than guessed at.
 */
function journalSheetsOf(queued: QueuedJournalSheets): JournalSheets {
  const raw = rawStatesOf(queued.setting);
  const sheetNames = queued.worksheets.items.map((sheet) => sheet.name);
  const { keysBySheet, gone } = readMarkers(Object.keys(raw), workbookNames(queued), sheetNames);
  const journals: JournalSheet[] = [];
  for (const sheetName of sheetNames) {
    const keys = keysBySheet.get(sheetName.toUpperCase()) ?? [];
    const [sheetKey] = keys;
    if (sheetKey === undefined) continue;
    if (keys.length === 1) {
      journals.push(journalSheetOf({ sheetKey, sheetName }, raw[sheetKey]));
      continue;
    }
    journals.push({
      sheetKey,
      sheetName,
      state: null,
      refusal:
        `The sheet “${sheetName}” is marked as showing more than one journal, so it cannot be ` +
        "validated or sent. Open the journal again (it opens on a new sheet) and copy your edits across.",
    });
  }
  return { sheetNames, journals, gone, raw };
}

/** The state of the journal on the sheet with key `sheetKey`, else null. */
export async function journalSheetState(
  run: ExcelRun,
  sheetKey: string,
): Promise<JournalSheetState | null> {
  return (await journalSheetByKey(run, sheetKey))?.state ?? null;
}

/** A journal sheet, with the states of every journal sheet of the workbook (itself included). */
export type JournalSheetAmongOthers = JournalSheet & {
  readonly openJournals: readonly JournalSheetState[];
};

function amongOthers(
  sheet: JournalSheet | undefined,
  journals: readonly JournalSheet[],
): JournalSheetAmongOthers | null {
  if (sheet === undefined) return null;
  const openJournals = journals.flatMap((each) => (each.state === null ? [] : [each.state]));
  return { ...sheet, openJournals };
}

/** The journal sheet with key `sheetKey`, or null when it is gone. One sync. */
export async function journalSheetByKey(
  run: ExcelRun,
  sheetKey: string,
): Promise<JournalSheetAmongOthers | null> {
  return await run(async (context) => {
    const queued = queueJournalSheets(context);
    await context.sync();
    const { journals } = journalSheetsOf(queued);
    return amongOthers(
      journals.find((sheet) => sheet.sheetKey === sheetKey),
      journals,
    );
  });
}

/**
 * The workbook's sheet names, and its journal sheets. The states of sheets that were deleted
 * (their marker is gone, or says so) are dropped from the setting here, with their markers; a
 * state is never dropped for anything else. One or two syncs.
 */
export async function journalWorkbookOverview(
  run: ExcelRun,
): Promise<{ sheetNames: string[]; journals: JournalSheet[] }> {
  return await run(async (context) => {
    const queued = queueJournalSheets(context);
    await context.sync();
    const { sheetNames, journals, gone, raw } = journalSheetsOf(queued);
    if (gone.length > 0) {
      const kept = { ...raw };
      for (const key of gone) delete kept[key];
      saveStates(context, kept);
      const dropped = new Set(gone.map((key) => markerName(key).toUpperCase()));
      for (const { name, formula } of workbookNames(queued)) {
        if (dropped.has(name.toUpperCase()) && markedSheetName(formula) === "deleted") {
          context.workbook.names.getItem(name).delete();
        }
      }
      await context.sync();
    }
    return { sheetNames, journals };
  });
}

/** Makes the journal sheet with key `sheetKey` the active sheet. One sync. */
export async function activateSheet(run: ExcelRun, sheetKey: string): Promise<void> {
  await run(async (context) => {
    sheetOfKey(context, sheetKey).activate();
    await context.sync();
  });
}

/** Selects `address` ("F12") on the journal sheet with key `sheetKey`, wherever it is now. */
export async function selectJournalCell(
  run: ExcelRun,
  sheetKey: string,
  address: string,
): Promise<void> {
  await run(async (context) => {
    const sheet = sheetOfKey(context, sheetKey);
    sheet.activate();
    sheet.getRange(address).select();
    await context.sync();
  });
}

/** The active sheet, when it shows a journal. One sync. */
export async function activeJournalSheet(run: ExcelRun): Promise<JournalSheetAmongOthers | null> {
  return await run(async (context) => {
    const queued = queueActiveJournalSheet(context);
    try {
      await context.sync();
    } catch (error) {
      if (chartSheetActive(error)) return null;
      throw error;
    }
    return activeJournalOf(queued);
  });
}

/**
 * True for the failure of a request that asked for the active worksheet while a chart sheet is
 * active: Excel has none to give and fails the request at getActiveWorksheet. A chart sheet
 * shows no journal and no table.
 */
export function chartSheetActive(error: unknown): boolean {
  const location = (error as { debugInfo?: { errorLocation?: unknown } } | null)?.debugInfo
    ?.errorLocation;
  return typeof location === "string" && /getActiveWorksheet/i.test(location);
}

/** What {@link queueActiveJournalSheet} loads, for {@link activeJournalOf} after the sync. */
export interface QueuedActiveSheet {
  readonly sheet: Excel.Worksheet;
  readonly journals: QueuedJournalSheets;
}

/** Queues the reads of {@link activeJournalSheet} into a request of the caller's. */
export function queueActiveJournalSheet(context: Excel.RequestContext): QueuedActiveSheet {
  const sheet = context.workbook.worksheets.getActiveWorksheet();
  sheet.load("name");
  return { sheet, journals: queueJournalSheets(context) };
}

/** The active sheet's journal, or null, once the queued reads are synced. */
export function activeJournalOf(queued: QueuedActiveSheet): JournalSheetAmongOthers | null {
  const active = queued.sheet.name.toUpperCase();
  const { journals } = journalSheetsOf(queued.journals);
  return amongOthers(
    journals.find((sheet) => sheet.sheetName.toUpperCase() === active),
    journals,
  );
}

/**
 * Draws `layout` on the journal sheet with key `sheetKey` (cleared first), or on a new sheet
 * named `layout.sheetName`, marked with a new key, when no key is given; applies formats before
 * values so server text stays literal, shades read-only cells, and records `state`. Returns the
 * sheet drawn.
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
  sheetKey?: string,
): Promise<SheetRef> {
  const [first, ...rest] = layoutBatches(layout, { fillOf: (cell) => FILL_OF_ROLE[cell.role] });
  return await run(async (context) => {
    const setting = queueStates(context);
    const key = sheetKey ?? newJournalKey();
    let sheet: Excel.Worksheet;
    if (sheetKey === undefined) {
      sheet = context.workbook.worksheets.add(layout.sheetName);
    } else {
      sheet = sheetOfKey(context, sheetKey);
      sheet.getUsedRangeOrNullObject().clear("All");
    }
    sheet.load("name");
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
    // The marker and the state together, once the sheet is drawn: a drawing that failed half
    // way leaves no journal behind.
    if (sheetKey === undefined) {
      context.workbook.names.add(markerName(key), markerFormula(sheet.name)).visible = false;
    }
    const stored: JournalSheetState = { ...state, sheetName: sheet.name };
    saveStates(context, { ...rawStatesOf(setting), [key]: stored });
    await context.sync();
    return { sheetKey: key, sheetName: sheet.name };
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
 * Records that the journal on the sheet with key `sheetKey` is now at `changes` (after a save whose redraw failed,
 * so the next Send does not take the user's own change for someone else's). One or two syncs.
 */
export async function updateJournalSheetState(
  run: ExcelRun,
  sheetKey: string,
  changes: Pick<JournalSheetState, "loadedUpdatedAt" | "status">,
): Promise<void> {
  await run(async (context) => {
    const setting = queueStates(context);
    await context.sync();
    const raw = rawStatesOf(setting);
    const entry = raw[sheetKey];
    if (typeof entry !== "object" || entry === null) return;
    saveStates(context, { ...raw, [sheetKey]: { ...entry, ...changes } });
    await context.sync();
  });
}

/** Rows of the first read of a sheet; the next reads are sized from what these weighed. */
const FIRST_READ_ROWS = 2_000;
/** Estimated response bytes of one read: Excel on the web refuses responses over 5 MB. */
const READ_BUDGET_BYTES = 2_000_000;

/**
 * Reads the journal sheet from A1 to the end of what is used. Two syncs for a sheet of up to
 * 2,000 rows; a longer one is read in blocks of rows (one sync each) sized so that each answer
 * stays near 2 MB: two more for 10,000 lines of usual length. Which rows and columns are hidden
 * (or filtered out) is asked in the first request; only a sheet with some hidden costs more
 * ({@link hiddenRowsOf}).
 */
export async function readJournalGrid(run: ExcelRun, sheetKey: string): Promise<GridSnapshot> {
  return await run(async (context) => {
    const sheet = sheetOfKey(context, sheetKey);
    const used = sheet.getUsedRange(false);
    used.load("rowIndex,columnIndex,rowCount,columnCount");
    // From A1 to the end of the sheet's used rows and columns: are any of them hidden?
    const shown = sheet.getRange("A1").getBoundingRect(used);
    shown.load("rowHidden,columnHidden");
    await context.sync();
    // From A1, so row and column numbers in the snapshot are the sheet's own.
    const rows = used.rowIndex + used.rowCount;
    const columns = used.columnIndex + used.columnCount;
    const values: GridSnapshot["values"][number][] = [];
    const formulas: GridSnapshot["formulas"][number][] = [];
    let blockRows = FIRST_READ_ROWS;
    for (let top = 0, count = 0; top < rows; top += count) {
      count = Math.min(blockRows, rows - top);
      const block = await readRows(context, sheet.getRangeByIndexes(top, 0, count, columns));
      values.push(...block.values);
      formulas.push(...block.formulas);
      const bytesPerRow = (jsonSize(block.values) + jsonSize(block.formulas)) / count;
      blockRows = Math.max(100, Math.floor(READ_BUDGET_BYTES / bytesPerRow));
    }
    const hiddenRows = await hiddenRowsOf(context, sheet, rows, shown.rowHidden);
    const hiddenColumns = await hiddenColumnsOf(context, sheet, columns, shown.columnHidden);
    return {
      values,
      formulas,
      // One-based rows, as the parser numbers them.
      ...(hiddenRows.length > 0 ? { hiddenRows: hiddenRows.map((row) => row + 1) } : {}),
      ...(hiddenColumns.length > 0 ? { hiddenColumns } : {}),
    };
  });
}

/** One request reading a block of rows. */
async function readRows(context: Excel.RequestContext, range: Excel.Range): Promise<GridSnapshot> {
  range.load("values,formulas");
  await context.sync();
  return { values: range.values, formulas: range.formulas };
}

/**
 * Marks `addresses` as problems (light red) and puts back, on the cells marked last time that
 * are no longer problems, exactly the fill each had before (grey facts, header shading, a user's
 * own colour, or none). Remembers the marks with their fills in the sheet's state, as spans of
 * adjacent cells of a column ({@link compactMarks}).
 *
 * Fills are read by spans, not cell by cell ({@link readFills}): the new problem cells of each
 * column, and each saved span, which still shows the problem fill all over unless rows inserted
 * or deleted since have moved it. Only a column whose marks moved is searched for the problem
 * fill, from the top down to a little below the marks, and its moved marks are followed as
 * {@link planProblemMarks} pairs them. (A problem-coloured cell that is no mark, such as one
 * Excel's Insert copied from a mark, is left alone; it no longer takes a mark's place.) Fills are
 * written one range per span. Three syncs when nothing moved and the cells read share their
 * fills; a few more otherwise.
 */
export async function markProblems(
  run: ExcelRun,
  sheetKey: string,
  addresses: readonly string[],
): Promise<void> {
  await run(async (context) => {
    const setting = queueStates(context);
    const sheet = sheetOfKey(context, sheetKey);
    sheet.load("name");
    const used = sheet.getUsedRangeOrNullObject(false);
    used.load("rowIndex,rowCount");
    await context.sync();
    const raw = rawStatesOf(setting);
    const reading =
      raw[sheetKey] === undefined ? null : readJournalSheetState(raw[sheetKey], sheet.name);
    const saved = markCells(reading?.ok ? (reading.state.marked ?? []) : []);
    const wanted = markCells(addresses.map((address) => ({ address, fill: null })));

    // One request reads each saved span (still all problem fill where it was saved?), the new
    // problem cells of each column, from the first to the last, as one span, and the cells
    // between two marks to be cleared to the same fill (if they have it too, one range clears
    // both marks and what lies between).
    const savedAt = new Set(saved.map((cell) => cell.address));
    const wantedAt = new Set(wanted.map((cell) => cell.address));
    const savedSpans = cellSpans([...savedAt]);
    const fresh = targetsOf(wanted.filter((cell) => !savedAt.has(cell.address)));
    const gaps = gapsBetween(
      fillSpans(saved.filter((cell) => !wantedAt.has(cell.address))),
      wanted,
    );
    const readings = await readSpans(context, sheet, [...savedSpans, ...gaps, ...fresh]);
    const moved = new Set<number>();
    savedSpans.forEach((span, i) => {
      if (!isProblemFill(readings[i]!)) moved.add(span.column);
    });
    const gapFills = gaps.flatMap((gap, i) => {
      const found = readings[savedSpans.length + i]!;
      return found === "mixed" ? [] : [{ ...gap, fill: found.fill }];
    });

    // Columns whose marks moved: searched from the top down to the end of what is used, but
    // not far past the marks (a stray value far below must not cost reads).
    const lowest = Math.max(0, ...saved.map((cell) => cell.row), ...wanted.map((cell) => cell.row));
    const lastRow = Math.max(
      lowest,
      Math.min(used.isNullObject ? 0 : used.rowIndex + used.rowCount, lowest + MARK_DRIFT_ROWS),
    );
    const freshReadings = readings.slice(savedSpans.length + gaps.length);
    const kept = fresh.flatMap((target, i) =>
      moved.has(target.column) ? [] : [{ target, reading: freshReadings[i]! }],
    );
    const searched = [...moved].map((column) => ({ column, first: 1, last: lastRow }));
    const stayed = (at: { column: number }) => !moved.has(at.column);
    const fills = new FillIndex([
      ...(await readFills(
        context,
        sheet,
        [...kept.map((entry) => entry.target), ...searched],
        [...kept.map((entry) => entry.reading), ...searched.map(() => "mixed" as const)],
      )),
      ...savedSpans.filter(stayed).map((span) => ({ ...span, fill: PROBLEM_FILL })),
      ...gapFills.filter(stayed),
    ]);
    const problemFilled = [
      ...saved.filter(stayed).map((cell) => cell.address),
      ...fills.cellsWith(PROBLEM_FILL, moved),
    ];

    const plan = planProblemMarks(
      saved,
      problemFilled,
      (address) => fills.at(address) ?? null,
      addresses,
    );
    const writes: FillSpan[] = [
      ...joinAcross(fillSpans(plan.restore), fills, wantedAt),
      ...cellSpans(
        wanted.filter((cell) => fills.at(cell.address) !== PROBLEM_FILL).map((c) => c.address),
      ).map((span) => ({ ...span, fill: PROBLEM_FILL })),
    ];
    const last = writes.length - (writes.length % FILLS_PER_REQUEST || FILLS_PER_REQUEST);
    for (let start = 0; start < last; start += FILLS_PER_REQUEST) {
      await writeFills(context, sheet, writes.slice(start, start + FILLS_PER_REQUEST));
    }
    queueFills(sheet, writes.slice(Math.max(0, last)));
    if (reading?.ok) {
      const entry = raw[sheetKey] as Record<string, unknown>;
      saveStates(context, { ...raw, [sheetKey]: { ...entry, marked: compactMarks(plan.marks) } });
    }
    await context.sync();
  });
}

/**
 * Fill writes per request: a range with its format and fill objects and one action (about 740
 * bytes of request with Microsoft's office.js), so a request stays under 2 MB.
 */
const FILLS_PER_REQUEST = 2_500;

function isProblemFill(reading: SpanReading): boolean {
  return reading !== "mixed" && reading.fill === PROBLEM_FILL;
}

/** Per column, the span from the first to the last of `cells`, to read only their rows. */
function targetsOf(cells: readonly { row: number; column: number }[]): FillTarget[] {
  const rows = new Map<number, number[]>();
  for (const cell of cells) {
    const list = rows.get(cell.column) ?? [];
    list.push(cell.row);
    rows.set(cell.column, list);
  }
  return [...rows].map(([column, list]) => {
    const sorted = [...new Set(list)].sort((a, b) => a - b);
    return { column, first: sorted[0]!, last: sorted[sorted.length - 1]!, rows: sorted };
  });
}

/**
 * The cells between two spans of a column that are to get the same fill, where none is to be
 * marked: when they have that fill already, one range restores both spans.
 */
function gapsBetween(
  spans: readonly FillSpan[],
  marked: readonly { row: number; column: number }[],
): ColumnSpan[] {
  const markedRows = new Map<number, number[]>();
  for (const cell of marked) {
    const list = markedRows.get(cell.column) ?? [];
    list.push(cell.row);
    markedRows.set(cell.column, list);
  }
  for (const list of markedRows.values()) list.sort((a, b) => a - b);
  const gaps: ColumnSpan[] = [];
  spans.forEach((span, i) => {
    const next = spans[i + 1];
    if (!next || next.column !== span.column || next.fill !== span.fill) return;
    const gap = { column: span.column, first: span.last + 1, last: next.first - 1 };
    if (rowsWithin(markedRows.get(span.column) ?? [], gap.first, gap.last).length === 0) {
      gaps.push(gap);
    }
  });
  return gaps;
}

/**
 * Restores as few ranges: two spans of a column that get the same fill become one across the
 * cells between them when those already have that fill and are not to be marked (every other
 * line restored to no fill is one range when the lines between have none either).
 */
function joinAcross(
  spans: readonly FillSpan[],
  fills: FillIndex,
  marked: ReadonlySet<string>,
): FillSpan[] {
  const joined: FillSpan[] = [];
  const ordered = [...spans].sort((a, b) => a.column - b.column || a.first - b.first);
  for (const span of ordered) {
    const previous = joined[joined.length - 1];
    const gap = previous && { column: span.column, first: previous.last + 1, last: span.first - 1 };
    if (
      previous &&
      gap &&
      previous.column === span.column &&
      previous.fill === span.fill &&
      fills.allHave(gap, span.fill) &&
      !Array.from({ length: gap.last - gap.first + 1 }, (_, i) =>
        cellAddress(gap.column, gap.first + i),
      ).some((address) => marked.has(address))
    ) {
      joined[joined.length - 1] = { ...previous, last: span.last };
    } else joined.push(span);
  }
  return joined;
}

/** One request of fill writes, when there are too many for one. */
async function writeFills(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  spans: readonly FillSpan[],
): Promise<void> {
  queueFills(sheet, spans);
  await context.sync();
}

function queueFills(sheet: Excel.Worksheet, spans: readonly FillSpan[]): void {
  for (const span of spans) {
    const rows = span.last - span.first + 1;
    const fill = sheet.getRangeByIndexes(span.first - 1, span.column, rows, 1).format.fill;
    if (span.fill === null) fill.clear();
    else fill.color = span.fill;
  }
}
