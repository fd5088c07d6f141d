// Rows or columns as 1-D intervals: what a shift moves along its axis and what it spans across.
import { MAX_COLUMNS, MAX_ROWS } from "./addresses";
import type { Area } from "./addresses";

export type Axis = "rows" | "columns";

/** A 1-D interval. */
export interface Span {
  start: number;
  count: number;
}

export const end = (span: Span) => span.start + span.count - 1;

export function along(area: Area, axis: Axis): Span {
  return axis === "rows"
    ? { start: area.row, count: area.rowCount }
    : { start: area.column, count: area.columnCount };
}

export function across(area: Area, axis: Axis): Span {
  return along(area, axis === "rows" ? "columns" : "rows");
}

export function withAlong(area: Area, axis: Axis, span: Span): Area {
  return axis === "rows"
    ? { ...area, row: span.start, rowCount: span.count }
    : { ...area, column: span.start, columnCount: span.count };
}

export function limit(axis: Axis): number {
  return axis === "rows" ? MAX_ROWS : MAX_COLUMNS;
}

export function within(inner: Span, outer: Span): boolean {
  return inner.start >= outer.start && end(inner) <= end(outer);
}

export function disjoint(a: Span, b: Span): boolean {
  return end(a) < b.start || end(b) < a.start;
}
