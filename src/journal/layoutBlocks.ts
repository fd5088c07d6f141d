// The journal layout as few large writes: its cells grouped into rectangles (one `values` array
// each), number formats, fills and bold set on whole rectangles, and the writes packed into
// requests that stay well under Excel on the web's payload limit (src/domain/excelLimits.ts). Each range in a request costs
// hundreds of bytes on its own, so the count of ranges depends on the layout's columns and
// sections, never on its number of lines.

import { JOURNAL_DRAW_BUDGET_BYTES } from "../domain/excelLimits";
import type { CellValue } from "../sheets/cells";
import { utf8Length } from "../util/utf8Length";
import { addressPosition } from "../sheets/cellAddresses";
import type { JournalLayout, LayoutCell } from "./contract";

/** A rectangle of the sheet, zero-based, as `getRangeByIndexes` takes it. */
export interface SheetArea {
  readonly row: number;
  readonly column: number;
  readonly rowCount: number;
  readonly columnCount: number;
}

/** Formats set on one rectangle: a number format (one for all its cells, or one each), fill, bold. */
export interface AreaFormat extends SheetArea {
  readonly numberFormat?: string | readonly (readonly string[])[];
  readonly fill?: string;
  readonly bold?: true;
}

/**
 * What one rectangle holds: `values` for its constants (null where a formula goes, which leaves
 * the cell alone), and `formulas` (null where a constant is) when it has any formula.
 */
export interface AreaContents extends SheetArea {
  readonly values: readonly (readonly (CellValue | null)[])[];
  readonly formulas?: readonly (readonly (string | null)[])[];
}

/** One request's share of the drawing: formats first, so server text lands as literal text. */
export interface DrawBatch {
  readonly formats: readonly AreaFormat[];
  readonly contents: readonly AreaContents[];
}

/** A fill that takes a cell's fill away (Excel's No Fill), as `fill.clear()` does. */
export const NO_FILL = "none";

export interface BlockOptions {
  /**
   * The fill to set on a cell (null: nothing to set; {@link NO_FILL}: none): the layout gives
   * roles, the Excel layer their colours.
   */
  readonly fillOf: (cell: LayoutCell) => string | null;
  /**
   * A fill for the whole of the layout's extent, its empty cells included, set before every
   * other format: one range, so that `fillOf` needs to name only the cells that differ.
   */
  readonly background?: string;
  /** Estimated request bytes one batch may carry; default {@link JOURNAL_DRAW_BUDGET_BYTES}. */
  readonly budgetBytes?: number;
}

/**
 * What one range object costs in a request besides its data: its object path, the instantiate
 * and keep-reference actions and one set-property action (measured with Microsoft's office.js:
 * about 150 to 470 bytes). Used to pick the cheaper way to set formats and to size batches.
 */
const RANGE_COST_BYTES = 470;

/**
 * The layout's writes in order, packed into batches of at most `budgetBytes` (a single write
 * larger than that is split into row chunks first). All formats come before any contents.
 */
export function layoutBatches(layout: JournalLayout, options: BlockOptions): DrawBatch[] {
  const budget = options.budgetBytes ?? JOURNAL_DRAW_BUDGET_BYTES;
  const rectangles = rectanglesOf(layout.cells);
  const formats = [
    ...backgroundOf(layout.extent, options.background),
    ...rectangles.flatMap((rectangle) => formatsOf(rectangle, options.fillOf)),
  ];
  const contents = rectangles.flatMap((rectangle) =>
    rowChunks(rectangle, budget - RANGE_COST_BYTES),
  );
  const batches: { formats: AreaFormat[]; contents: AreaContents[]; bytes: number }[] = [];
  let current = { formats: [] as AreaFormat[], contents: [] as AreaContents[], bytes: 0 };
  const room = (bytes: number): void => {
    if (current.bytes > 0 && current.bytes + bytes > budget) {
      batches.push(current);
      current = { formats: [], contents: [], bytes: 0 };
    }
    current.bytes += bytes;
  };
  for (const format of formats) {
    room(formatBytes(format));
    current.formats.push(format);
  }
  for (const chunk of contents) {
    room(contentsBytes(chunk));
    current.contents.push(chunk);
  }
  if (current.bytes > 0) batches.push(current);
  return batches.map(({ formats, contents }) => ({ formats, contents }));
}

/** The background's one format: the extent ("A1:L40") with its fill; none without one. */
function backgroundOf(extent: string, fill: string | undefined): AreaFormat[] {
  if (fill === undefined) return [];
  const [from, to] = extent.split(":").map(addressPosition);
  if (!from || !to) throw new Error(`The layout's extent is ${extent}.`);
  return [
    {
      row: from.row - 1,
      column: from.column,
      rowCount: to.row - from.row + 1,
      columnCount: to.column - from.column + 1,
      fill,
    },
  ];
}

/** Estimated request bytes of a format write. */
export function formatBytes(format: AreaFormat): number {
  return RANGE_COST_BYTES + (format.numberFormat === undefined ? 0 : jsonSize(format.numberFormat));
}

/** Estimated request bytes of a contents write. */
export function contentsBytes(contents: AreaContents): number {
  return (
    RANGE_COST_BYTES +
    jsonSize(contents.values) +
    (contents.formulas === undefined ? 0 : jsonSize(contents.formulas))
  );
}

/** A rectangle of layout cells, every position filled. */
interface Rectangle extends SheetArea {
  readonly cells: readonly (readonly LayoutCell[])[];
}

/**
 * The layout's cells as rectangles: rows in a run of consecutive rows with the same occupied
 * columns form a band, and each run of adjacent columns in a band is a rectangle. Cells the
 * layout leaves out are never written, so they keep Excel's defaults.
 */
function rectanglesOf(cells: readonly LayoutCell[]): Rectangle[] {
  const rows = new Map<number, Map<number, LayoutCell>>();
  for (const cell of cells) {
    const position = addressPosition(cell.address);
    if (position === null) throw new Error(`The layout has a cell at ${cell.address}.`);
    const row = rows.get(position.row) ?? new Map<number, LayoutCell>();
    row.set(position.column, cell);
    rows.set(position.row, row);
  }
  const ordered = [...rows.keys()].sort((a, b) => a - b);
  const rectangles: Rectangle[] = [];
  let start = 0;
  while (start < ordered.length) {
    const first = ordered[start]!;
    const columns = [...rows.get(first)!.keys()].sort((a, b) => a - b);
    const key = columns.join(",");
    let end = start + 1;
    while (
      end < ordered.length &&
      ordered[end] === first + (end - start) &&
      [...rows.get(ordered[end]!)!.keys()].sort((a, b) => a - b).join(",") === key
    ) {
      end++;
    }
    const bandRows = ordered.slice(start, end).map((row) => rows.get(row)!);
    for (const run of adjacentRuns(columns)) {
      rectangles.push({
        row: first - 1,
        column: run.first,
        rowCount: end - start,
        columnCount: run.count,
        cells: bandRows.map((row) =>
          Array.from({ length: run.count }, (_, i) => row.get(run.first + i)!),
        ),
      });
    }
    start = end;
  }
  return rectangles;
}

function adjacentRuns(sorted: readonly number[]): { first: number; count: number }[] {
  const runs: { first: number; count: number }[] = [];
  for (const column of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.first + last.count === column) last.count += 1;
    else runs.push({ first: column, count: 1 });
  }
  return runs;
}

/**
 * The rectangle's contents in row chunks of at most `maxBytes` each (a single row larger than
 * that is a chunk of its own), so a large journal's values travel in several requests.
 */
function rowChunks(rectangle: Rectangle, maxBytes: number): AreaContents[] {
  const values = rectangle.cells.map((row) =>
    row.map((cell) => (cell.formula !== undefined ? null : (cell.value ?? ""))),
  );
  const hasFormulas = rectangle.cells.some((row) => row.some((cell) => cell.formula !== undefined));
  const formulas = hasFormulas
    ? rectangle.cells.map((row) => row.map((cell) => cell.formula ?? null))
    : undefined;
  const chunks: AreaContents[] = [];
  let first = 0;
  let bytes = 0;
  const cut = (end: number): void => {
    if (end === first) return;
    chunks.push({
      row: rectangle.row + first,
      column: rectangle.column,
      rowCount: end - first,
      columnCount: rectangle.columnCount,
      values: values.slice(first, end),
      ...(formulas ? { formulas: formulas.slice(first, end) } : {}),
    });
    first = end;
    bytes = 0;
  };
  for (let i = 0; i < values.length; i++) {
    const rowBytes = jsonSize(values[i]) + (formulas ? jsonSize(formulas[i]) : 0) + 2;
    if (bytes > 0 && bytes + rowBytes > maxBytes) cut(i);
    bytes += rowBytes;
  }
  cut(values.length);
  return chunks;
}

/** A format property's ranges over a rectangle, and what they cost in a request. */
interface Cover<T> {
  readonly areas: (SheetArea & { readonly value: T | readonly (readonly T[])[] })[];
  readonly bytes: number;
}

/**
 * Number formats, fills and bold of a rectangle, each set on as few ranges as it takes; ranges
 * of different properties that coincide are one range with several properties.
 */
function formatsOf(
  rectangle: Rectangle,
  fillOf: (cell: LayoutCell) => string | null,
): AreaFormat[] {
  const grid = <T>(read: (cell: LayoutCell) => T): T[][] =>
    rectangle.cells.map((row) => row.map(read));
  const numberFormats = cheaper(
    byRowRuns(
      rectangle,
      grid((cell) => cell.numberFormat),
    ),
    byColumns(
      rectangle,
      grid((cell) => cell.numberFormat),
      true,
    ),
  );
  const fills = cheaper(
    byRowRuns(rectangle, grid(fillOf)),
    byColumns(rectangle, grid(fillOf), false),
  );
  const bold = cheaper(
    byRowRuns(
      rectangle,
      grid((cell) => cell.bold === true || null),
    ),
    byColumns(
      rectangle,
      grid((cell) => cell.bold === true || null),
      false,
    ),
  );
  type Mutable = { -readonly [K in keyof AreaFormat]: AreaFormat[K] };
  const merged = new Map<string, Mutable>();
  const at = (area: SheetArea): Mutable => {
    const key = `${area.row},${area.column},${area.rowCount},${area.columnCount}`;
    let entry = merged.get(key);
    if (!entry) {
      const { row, column, rowCount, columnCount } = area;
      entry = { row, column, rowCount, columnCount };
      merged.set(key, entry);
    }
    return entry;
  };
  for (const area of numberFormats.areas) at(area).numberFormat = area.value;
  for (const area of fills.areas) at(area).fill = area.value as string;
  for (const area of bold.areas) at(area).bold = true;
  return [...merged.values()];
}

function cheaper<T>(a: Cover<T>, b: Cover<T>): Cover<T> {
  return b.bytes < a.bytes ? b : a;
}

/**
 * Ranges for a property (null: nothing to set) by runs of identical rows, each split into runs
 * of equal adjacent cells: the header row is one range, all the lines another per column group.
 */
function byRowRuns<T>(rectangle: SheetArea, grid: readonly (readonly (T | null)[])[]): Cover<T> {
  const areas: Cover<T>["areas"] = [];
  let bytes = 0;
  let start = 0;
  while (start < grid.length) {
    let end = start + 1;
    while (end < grid.length && sameRow(grid[end]!, grid[start]!)) end++;
    const row = grid[start]!;
    let column = 0;
    while (column < row.length) {
      const value = row[column];
      let next = column + 1;
      while (next < row.length && row[next] === value) next++;
      if (value !== null && value !== undefined) {
        areas.push({
          row: rectangle.row + start,
          column: rectangle.column + column,
          rowCount: end - start,
          columnCount: next - column,
          value,
        });
        bytes += RANGE_COST_BYTES + jsonSize(value);
      }
      column = next;
    }
    start = end;
  }
  return { areas, bytes };
}

/**
 * Ranges for a property column by column: each run of equal cells down a column, or (for number
 * formats, when cheaper) the whole column with one format per cell.
 */
function byColumns<T>(
  rectangle: SheetArea,
  grid: readonly (readonly (T | null)[])[],
  perCell: boolean,
): Cover<T> {
  const areas: Cover<T>["areas"] = [];
  let bytes = 0;
  for (let column = 0; column < rectangle.columnCount; column++) {
    const runs: Cover<T>["areas"] = [];
    let runBytes = 0;
    let complete = true;
    let row = 0;
    while (row < grid.length) {
      const value = grid[row]![column];
      let next = row + 1;
      while (next < grid.length && grid[next]![column] === value) next++;
      if (value === null || value === undefined) complete = false;
      else {
        runs.push({
          row: rectangle.row + row,
          column: rectangle.column + column,
          rowCount: next - row,
          columnCount: 1,
          value,
        });
        runBytes += RANGE_COST_BYTES + jsonSize(value);
      }
      row = next;
    }
    if (perCell && complete && runs.length > 1) {
      const cells = grid.map((line) => [line[column] as T]);
      const cellBytes = RANGE_COST_BYTES + jsonSize(cells);
      if (cellBytes < runBytes) {
        areas.push({
          row: rectangle.row,
          column: rectangle.column + column,
          rowCount: grid.length,
          columnCount: 1,
          value: cells,
        });
        bytes += cellBytes;
        continue;
      }
    }
    areas.push(...runs);
    bytes += runBytes;
  }
  return { areas, bytes };
}

function sameRow<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** UTF-8 bytes of a value's JSON, as it travels in a request. */
export function jsonSize(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? "");
}
