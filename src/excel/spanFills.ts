// Reads the fills of spans of a column with few ranges. Excel reports one fill for a range whose
// cells share it and null when they differ, so a span that shares a fill costs one range however
// long it is; a span whose cells differ is split and read again, down to single cells only where
// fills change. Each round of reads is one request.
import { SMALL_COMMANDS_BUDGET_BYTES } from "../domain/excelLimits";
import { addressPosition, cellAddress } from "../sheets/cellAddresses";
import { rowsWithin, splitSpan } from "../journal/problemMarks";
import type { ColumnSpan, FillSpan } from "../journal/problemMarks";

/** What a range's fill read says: the fill all its cells share (null: none), or that they differ. */
export type SpanReading = { readonly fill: string | null } | "mixed";

/** A span whose fills are wanted, for all its rows or only for `rows` (sorted). */
export interface FillTarget extends ColumnSpan {
  readonly rows?: readonly number[];
}

/**
 * Request bytes of one read, a range and a query of its fill: about 480 measured with Microsoft's
 * office.js, counted as 500 so a longer sheet name or address stays within the budget.
 */
const FILL_READ_BYTES = 500;
/** Reads per request, so a request stays within {@link SMALL_COMMANDS_BUDGET_BYTES}. */
const READS_PER_REQUEST = Math.floor(SMALL_COMMANDS_BUDGET_BYTES / FILL_READ_BYTES);
/** A span whose cells differ is read again in this many parts. */
const PARTS = 16;

/** The fill of each span, in as many requests as READS_PER_REQUEST asks. */
export async function readSpans(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  spans: readonly ColumnSpan[],
): Promise<SpanReading[]> {
  const readings: SpanReading[] = [];
  for (let start = 0; start < spans.length; start += READS_PER_REQUEST) {
    readings.push(
      ...(await readRequest(context, sheet, spans.slice(start, start + READS_PER_REQUEST))),
    );
  }
  return readings;
}

/** One request reading the fill of each span. */
async function readRequest(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  spans: readonly ColumnSpan[],
): Promise<SpanReading[]> {
  const ranges = spans.map((span) => {
    const rows = span.last - span.first + 1;
    const range = sheet.getRangeByIndexes(span.first - 1, span.column, rows, 1);
    range.load("format/fill/color,format/fill/pattern");
    return range;
  });
  await context.sync();
  return ranges.map((range, i) => {
    const fill = range.format.fill;
    if (fill.pattern === "None") return { fill: null };
    if (fill.color !== null && fill.pattern !== null) return { fill: fill.color.toUpperCase() };
    // A single cell always has one fill; one Excel cannot name (a gradient) counts as none.
    return spans[i]!.first === spans[i]!.last ? { fill: null } : "mixed";
  });
}

/**
 * The fills of the targets' rows as spans that share a fill. Targets whose cells differ are
 * split in PARTS, each part shrunk to the rows that matter, and read again: a round per level.
 * `first` gives readings already made of the targets themselves (to share their request).
 */
export async function readFills(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  targets: readonly FillTarget[],
  first?: readonly SpanReading[],
): Promise<FillSpan[]> {
  const known: FillSpan[] = [];
  let pending = targets;
  let readings = first ?? (await readSpans(context, sheet, pending));
  while (pending.length > 0) {
    const mixed: FillTarget[] = [];
    pending.forEach((target, i) => {
      const reading = readings[i]!;
      const { column, first, last } = target;
      if (reading === "mixed") mixed.push(...partsOf(target));
      else known.push({ column, first, last, fill: reading.fill });
    });
    pending = mixed;
    readings = pending.length > 0 ? await readSpans(context, sheet, pending) : [];
  }
  return known;
}

function partsOf(target: FillTarget): FillTarget[] {
  const { rows } = target;
  return splitSpan(target, PARTS, rows).map((part) =>
    rows === undefined ? part : { ...part, rows: rowsWithin(rows, part.first, part.last) },
  );
}

/** Fills known by spans, looked up by cell or by span. */
export class FillIndex {
  private readonly columns = new Map<number, FillSpan[]>();

  /** Spans read in the same moment: where two overlap they agree, so each row is kept once. */
  constructor(spans: readonly FillSpan[]) {
    const sorted = [...spans].sort((a, b) => a.column - b.column || a.first - b.first);
    for (const span of sorted) {
      const list = this.columns.get(span.column) ?? [];
      this.columns.set(span.column, list);
      const previous = list[list.length - 1];
      if (previous === undefined || previous.last < span.first) list.push(span);
      else if (previous.last < span.last) list.push({ ...span, first: previous.last + 1 });
    }
  }

  /** The fill of the cell at `address`: null for none, undefined when it was not read. */
  at(address: string): string | null | undefined {
    const position = addressPosition(address);
    return position === null ? undefined : this.fillAt(position.column, position.row);
  }

  /** True when every cell of the span is known to have `fill`. */
  allHave(span: ColumnSpan, fill: string | null): boolean {
    for (let row = span.first; row <= span.last;) {
      const known = this.spanAt(span.column, row);
      if (known === undefined || known.fill !== fill) return false;
      row = known.last + 1;
    }
    return true;
  }

  /** The addresses of the cells known to have `fill`, in `columns`. */
  cellsWith(fill: string, columns: Iterable<number>): string[] {
    const cells: string[] = [];
    for (const column of columns) {
      for (const span of this.columns.get(column) ?? []) {
        if (span.fill !== fill) continue;
        for (let row = span.first; row <= span.last; row++) cells.push(cellAddress(column, row));
      }
    }
    return cells;
  }

  private fillAt(column: number, row: number): string | null | undefined {
    return this.spanAt(column, row)?.fill;
  }

  private spanAt(column: number, row: number): FillSpan | undefined {
    const list = this.columns.get(column) ?? [];
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const span = list[mid]!;
      if (row < span.first) hi = mid - 1;
      else if (row > span.last) lo = mid + 1;
      else return span;
    }
    return undefined;
  }
}
