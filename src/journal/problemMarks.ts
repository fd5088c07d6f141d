// Which fills to restore when problem marks move on: each mark remembers the fill its cell had,
// and rows the user inserted or deleted since are followed by matching marked cells in order.
// Marks travel as spans (contiguous cells of one column), so marking every line of a long
// journal is a few ranges and a few saved entries, not one per cell.

import { addressPosition, cellAddress } from "../sheets/cellAddresses";
import type { ProblemMark } from "./contract";

/** What to do to the sheet's fills. */
export interface MarkPlan {
  /** Cells whose mark is gone, with the fill to put back (null: no fill). */
  readonly restore: readonly ProblemMark[];
  /** The cells to mark now, each with the fill it had before any mark: the state to save. */
  readonly marks: readonly ProblemMark[];
}

/** Cells `first` to `last` (one-based rows) of the zero-based `column`. */
export interface ColumnSpan {
  readonly column: number;
  readonly first: number;
  readonly last: number;
}

/** A span whose cells all have `fill` (null: no fill). */
export interface FillSpan extends ColumnSpan {
  readonly fill: string | null;
}

/** A cell and its row and column. */
interface Placed {
  readonly address: string;
  readonly row: number;
  readonly column: number;
}

/**
 * Plans the marks for `addresses`, given the marks saved last time and the cells that show the
 * problem fill now (in the columns of those marks), with every cell's current fill.
 *
 * A saved address may be stale: rows inserted or deleted above it moved the marked cell. In each
 * column, the cells showing the problem fill are the old marks moved in order, so when there are
 * as many of them as saved marks they pair up in order; otherwise each cell, top to bottom,
 * pairs with the nearest unpaired saved mark (its own address first; the upper one of two as
 * near). A marked cell showing the problem fill that pairs with no saved mark is left alone
 * (the fill is the user's).
 */
export function planProblemMarks(
  saved: readonly ProblemMark[],
  problemFilled: readonly string[],
  currentFill: (address: string) => string | null,
  addresses: readonly string[],
): MarkPlan {
  const origin = new Map<string, string | null>();
  const filledByColumn = groupByColumn(placedAll(problemFilled));
  for (const [column, marks] of groupByColumn(markCells(saved))) {
    const cells = filledByColumn.get(column) ?? [];
    if (cells.length === marks.length) {
      cells.forEach((cell, i) => origin.set(cell.address, marks[i]!.fill));
    } else {
      for (const [cell, mark] of pairNearest(cells, marks)) origin.set(cell.address, mark.fill);
    }
  }
  const wanted = new Set(addresses);
  const restore: ProblemMark[] = [];
  for (const [address, fill] of origin) if (!wanted.has(address)) restore.push({ address, fill });
  const marks = addresses.map((address) => ({
    address,
    fill: origin.has(address) ? (origin.get(address) ?? null) : currentFill(address),
  }));
  return { restore, marks };
}

/**
 * Pairs cells (top to bottom) with the nearest unpaired mark, the upper one of two as near, in
 * time proportional to n log n: paired marks are skipped through union-find links.
 */
function pairNearest<M extends Placed>(
  cells: readonly Placed[],
  marks: readonly M[],
): [Placed, M][] {
  const n = marks.length;
  // after[i]: towards the first unpaired mark at or after i (n: none). before[i + 1]: towards
  // the last unpaired mark at or before i, plus one (0: none).
  const after = Array.from({ length: n + 1 }, (_, i) => i);
  const before = Array.from({ length: n + 1 }, (_, i) => i);
  const find = (links: number[], i: number): number => {
    let root = i;
    while (links[root] !== root) root = links[root]!;
    for (let at = i; at !== root;) {
      const next = links[at]!;
      links[at] = root;
      at = next;
    }
    return root;
  };
  const pairs: [Placed, M][] = [];
  for (const cell of cells) {
    if (pairs.length === n) break;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (marks[mid]!.row < cell.row) lo = mid + 1;
      else hi = mid;
    }
    const below = find(after, lo);
    const above = find(before, lo) - 1;
    let best: number;
    if (below === n) best = above;
    else if (above < 0) best = below;
    else best = cell.row - marks[above]!.row <= marks[below]!.row - cell.row ? above : below;
    pairs.push([cell, marks[best]!]);
    after[best] = best + 1;
    before[best + 1] = best;
  }
  return pairs;
}

/**
 * The cells of saved marks: an entry's address is one cell ("F20") or a span of one column
 * ("F20:F31") whose cells all had its fill. Unreadable addresses are skipped, repeats kept once.
 */
export function markCells(marks: readonly ProblemMark[]): (ProblemMark & Placed)[] {
  const seen = new Set<string>();
  const cells: (ProblemMark & Placed)[] = [];
  for (const mark of marks) {
    const ends = mark.address.split(":");
    const start = addressPosition(ends[0] ?? "");
    const end = addressPosition(ends[ends.length - 1] ?? "");
    if (
      ends.length > 2 ||
      start === null ||
      end === null ||
      start.column !== end.column ||
      end.row < start.row
    ) {
      continue;
    }
    for (let row = start.row; row <= end.row; row++) {
      const address = cellAddress(start.column, row);
      if (seen.has(address)) continue;
      seen.add(address);
      cells.push({ address, row, column: start.column, fill: mark.fill });
    }
  }
  return cells;
}

/**
 * Marks as saved: runs of adjacent cells of one column with the same fill become one entry
 * ("F20:F31"), column by column, top to bottom.
 */
export function compactMarks(marks: readonly ProblemMark[]): ProblemMark[] {
  return fillSpans(markCells(marks)).map((span) => ({
    address: spanAddress(span),
    fill: span.fill,
  }));
}

/** Cells with fills as spans of adjacent cells of one column that share a fill. */
export function fillSpans(cells: readonly { address: string; fill: string | null }[]): FillSpan[] {
  const placed = placedAll(cells.map((cell) => cell.address));
  const fills = new Map(cells.map((cell) => [cell.address, cell.fill]));
  return spansWhere(placed, (a, b) => fills.get(a.address) === fills.get(b.address)).map(
    (span) => ({ ...span, fill: fills.get(cellAddress(span.column, span.first)) ?? null }),
  );
}

/** Cells as spans of adjacent cells of one column, column by column, top to bottom. */
export function cellSpans(addresses: readonly string[]): ColumnSpan[] {
  return spansWhere(placedAll(addresses), () => true);
}

/** "F20", or "F20:F31" for a span of several cells. */
function spanAddress(span: ColumnSpan): string {
  const first = cellAddress(span.column, span.first);
  return span.last === span.first ? first : `${first}:${cellAddress(span.column, span.last)}`;
}

/**
 * Up to `parts` spans covering `span`, each shrunk to the `rows` (sorted) it holds; parts
 * holding none of them are dropped. Without `rows`, every row counts.
 */
export function splitSpan(span: ColumnSpan, parts: number, rows?: readonly number[]): ColumnSpan[] {
  const size = Math.ceil((span.last - span.first + 1) / parts);
  const pieces: ColumnSpan[] = [];
  for (let first = span.first; first <= span.last; first += size) {
    const last = Math.min(span.last, first + size - 1);
    if (rows === undefined) {
      pieces.push({ column: span.column, first, last });
      continue;
    }
    const inside = rowsWithin(rows, first, last);
    if (inside.length > 0) {
      pieces.push({ column: span.column, first: inside[0]!, last: inside[inside.length - 1]! });
    }
  }
  return pieces;
}

/** The sorted `rows` from `first` to `last`. */
export function rowsWithin(rows: readonly number[], first: number, last: number): number[] {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]! < first) lo = mid + 1;
    else hi = mid;
  }
  const inside: number[] = [];
  for (let i = lo; i < rows.length && rows[i]! <= last; i++) inside.push(rows[i]!);
  return inside;
}

function spansWhere(
  cells: readonly Placed[],
  joins: (upper: Placed, lower: Placed) => boolean,
): ColumnSpan[] {
  const spans: ColumnSpan[] = [];
  for (const [, column] of groupByColumn(cells)) {
    let start = column[0]!;
    let previous = start;
    for (const cell of column.slice(1)) {
      if (cell.row !== previous.row + 1 || !joins(previous, cell)) {
        spans.push({ column: start.column, first: start.row, last: previous.row });
        start = cell;
      }
      previous = cell;
    }
    spans.push({ column: start.column, first: start.row, last: previous.row });
  }
  return spans;
}

function placedAll(addresses: readonly string[]): Placed[] {
  const seen = new Set<string>();
  const placed: Placed[] = [];
  for (const address of addresses) {
    const position = addressPosition(address);
    if (position === null || seen.has(address)) continue;
    seen.add(address);
    placed.push({ address, ...position });
  }
  return placed;
}

/** Cells by column (columns in order of first appearance), each column sorted by row. */
function groupByColumn<T extends Placed>(cells: readonly T[]): Map<number, T[]> {
  const columns = new Map<number, T[]>();
  for (const cell of cells) {
    const list = columns.get(cell.column) ?? [];
    list.push(cell);
    columns.set(cell.column, list);
  }
  for (const list of columns.values()) list.sort((a, b) => a.row - b.row);
  return columns;
}
