// Marks the cells that have problems and restores the fills of cells that no longer do.
import { SMALL_COMMANDS_BUDGET_BYTES } from "../domain/excelLimits";
import { cellAddress } from "../sheets/cellAddresses";
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
import { withStateChanges } from "../settings/journalSheets";
import { queueStates, rawStatesOf, saveStates, sheetOfKey } from "./journalSheetStates";
import type { ExcelRun } from "./run";
import { FillIndex, readFills, readSpans } from "./spanFills";
import type { FillTarget, SpanReading } from "./spanFills";

/** Problem cells: Office's light red. */
export const PROBLEM_FILL = "#FDE7E9";
/** How far below the lowest mark a moved mark is looked for (rows inserted since marking). */
const MARK_DRIFT_ROWS = 500;

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
      const updated = withStateChanges(raw, sheetKey, { marked: compactMarks(plan.marks) });
      if (updated !== null) saveStates(context, updated);
    }
    await context.sync();
  });
}

/**
 * Request bytes of one fill write, a range with its format and fill objects and one action: about
 * 740 measured with Microsoft's office.js, counted as 800 so a longer sheet name or address stays
 * within the budget.
 */
const FILL_WRITE_BYTES = 800;
/** Fill writes per request, so a request stays within {@link SMALL_COMMANDS_BUDGET_BYTES}. */
const FILLS_PER_REQUEST = Math.floor(SMALL_COMMANDS_BUDGET_BYTES / FILL_WRITE_BYTES);

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
