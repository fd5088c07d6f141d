// Draws a journal sheet from its layout, reads it back for validation, marks the cells that have
// problems, and remembers (in the workbook's settings, so it survives save and reopen) which
// journal a sheet shows and when that journal was loaded. Sheets are known by their worksheet id,
// which survives a rename; a name can be reused by an unrelated sheet.
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
import type { ExcelRun } from "./run";
import { FillIndex, readFills, readSpans } from "./spanFills";
import type { FillTarget, SpanReading } from "./spanFills";

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
    const queued = queueActiveJournalSheet(context);
    await context.sync();
    return activeJournalOf(queued);
  });
}

/** What {@link queueActiveJournalSheet} loads, for {@link activeJournalOf} after the sync. */
export interface QueuedActiveSheet {
  readonly sheet: Excel.Worksheet;
  readonly sheets: Excel.WorksheetCollection;
  readonly setting: Excel.Setting;
}

/** Queues the reads of {@link activeJournalSheet} into a request of the caller's. */
export function queueActiveJournalSheet(context: Excel.RequestContext): QueuedActiveSheet {
  const sheets = context.workbook.worksheets;
  const sheet = sheets.getActiveWorksheet();
  sheet.load("id,name");
  sheets.load("items/id");
  return { sheet, sheets, setting: queueStates(context) };
}

/** The active sheet's journal, or null, once the queued reads are synced. */
export function activeJournalOf(queued: QueuedActiveSheet): JournalSheet | null {
  const { sheet, sheets, setting } = queued;
  const ids = new Set(sheets.items.map((item) => item.id));
  const ref = { sheetId: sheet.id, sheetName: sheet.name };
  return journalSheetOf(ref, entryOf(rawStatesOf(setting), ref, ids));
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
export async function readJournalGrid(run: ExcelRun, sheetId: string): Promise<GridSnapshot> {
  return await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetId);
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
      const entry = raw[sheetId] as Record<string, unknown>;
      saveStates(context, { ...raw, [sheetId]: { ...entry, marked: compactMarks(plan.marks) } });
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
