// What a shift (Range.insert / Range.delete) does to the tables of its sheet: which move, grow,
// shrink, empty or go, and which it would cut (refused, as Excel refuses).
import { lastColumn } from "./addresses";
import { officeError } from "./errors";
import {
  type Axis,
  type Span,
  across,
  along,
  disjoint,
  end,
  limit,
  within,
  withAlong,
} from "./shiftSpans";
import type { SheetModel } from "./sheet";
import { writeHeaderCells } from "./tables";
import type { TableModel } from "./tables";
import type { FakeWorkbook } from "./workbook";

export interface DeletePlan {
  deleted: TableModel[];
  changed: { table: TableModel; apply: (table: TableModel) => void }[];
  emptied: TableModel[];
}

export function planTablesForDelete(
  wb: FakeWorkbook,
  sheet: SheetModel,
  removed: Span,
  band: Span,
  axis: Axis,
  errorLocation: string,
): DeletePlan {
  const plan: DeletePlan = { deleted: [], changed: [], emptied: [] };
  for (const table of wb.tables.filter((t) => t.sheet === sheet)) {
    const tableAlong = along(table.area, axis);
    const tableAcross = across(table.area, axis);
    if (disjoint(tableAcross, band) || end(tableAlong) < removed.start) continue;
    if (!within(tableAcross, band)) throw shiftsTable(errorLocation);
    if (within(tableAlong, removed)) {
      plan.deleted.push(table);
      continue;
    }
    if (end(removed) < tableAlong.start) {
      plan.changed.push({
        table,
        apply: (t) =>
          (t.area = withAlong(t.area, axis, {
            start: tableAlong.start - removed.count,
            count: tableAlong.count,
          })),
      });
      continue;
    }
    if (!sameBand(tableAcross, band, axis)) throw shiftsTable(errorLocation);
    const overlapStart = Math.max(removed.start, tableAlong.start);
    const overlapEnd = Math.min(end(removed), end(tableAlong));
    const overlap = overlapEnd - overlapStart + 1;
    const before = Math.max(0, tableAlong.start - removed.start);
    if (axis === "rows") {
      if (table.showHeaders && removed.start <= tableAlong.start) throw shiftsTable(errorLocation);
      // Deleting the total row's cells turns the total row off, as in Excel.
      const totals = table.totalsArea;
      const totalsGone = totals !== undefined && totals.row <= end(removed);
      const dataRows = table.dataArea.rowCount - (overlap - (totalsGone ? 1 : 0));
      plan.changed.push({
        table,
        apply: (t) => {
          t.area = withAlong(t.area, axis, {
            start: tableAlong.start - before,
            count: tableAlong.count - overlap,
          });
          if (totalsGone) {
            t.showTotals = false;
            for (const column of t.columns) delete column.hiddenTotal;
          }
        },
      });
      if (dataRows === 0) plan.emptied.push(table);
    } else {
      const firstGone = overlapStart - tableAlong.start;
      const goneColumns = table.columns.slice(firstGone, firstGone + overlap);
      plan.changed.push({
        table,
        apply: (t) => {
          t.columns.splice(firstGone, overlap);
          t.area = withAlong(t.area, axis, {
            start: tableAlong.start - before,
            count: tableAlong.count - overlap,
          });
          for (const column of goneColumns) wb.renameTableColumn(t, column.name, undefined);
        },
      });
    }
  }
  return plan;
}

export interface InsertPlan {
  overflow: boolean;
  changes: (() => void)[];
}

export function planTablesForInsert(
  wb: FakeWorkbook,
  sheet: SheetModel,
  inserted: Span,
  band: Span,
  axis: Axis,
  errorLocation: string,
  growTable: TableModel | undefined,
): InsertPlan {
  const plan: InsertPlan = { overflow: false, changes: [] };
  for (const table of wb.tables.filter((t) => t.sheet === sheet)) {
    const tableAlong = along(table.area, axis);
    const tableAcross = across(table.area, axis);
    const grows =
      table === growTable ||
      (inserted.start > tableAlong.start && inserted.start <= end(tableAlong));
    if (disjoint(tableAcross, band)) continue;
    if (!grows && end(tableAlong) < inserted.start) continue;
    if (!within(tableAcross, band)) throw shiftsTable(errorLocation);
    if (grows && table !== growTable && !sameBand(tableAcross, band, axis)) {
      throw shiftsTable(errorLocation);
    }
    if (grows) {
      const count = tableAlong.count + inserted.count;
      if (tableAlong.start + count > limit(axis)) plan.overflow = true;
      plan.changes.push(() => {
        table.area = withAlong(table.area, axis, { start: tableAlong.start, count });
        if (axis === "columns") addInsertedColumns(table, inserted);
      });
    } else {
      if (end(tableAlong) + inserted.count >= limit(axis)) plan.overflow = true;
      plan.changes.push(() => {
        table.area = withAlong(table.area, axis, {
          start: tableAlong.start + inserted.count,
          count: tableAlong.count,
        });
      });
    }
  }
  return plan;
}

/** New columns inside a table get names ColumnN and header cells. */
function addInsertedColumns(table: TableModel, inserted: Span): void {
  const at = inserted.start - table.area.column;
  let nextId = Math.max(0, ...table.columns.map((c) => c.id)) + 1;
  const used = new Set(table.columns.map((c) => c.name.toUpperCase()));
  const added = [];
  for (let i = 0; i < inserted.count; i++) {
    let n = at + i + 1;
    while (used.has(`COLUMN${n}`)) n++;
    used.add(`COLUMN${n}`);
    added.push({ id: nextId++, name: `Column${n}` });
  }
  table.columns.splice(at, 0, ...added);
  if (lastColumn(table.area) - table.area.column + 1 !== table.columns.length) return;
  writeHeaderCells(table.sheet, table);
}

/**
 * True when a shift that goes through a table's rows (or columns) spans exactly the table's
 * columns (rows), or whole rows (columns) of the sheet. Cells inserted or deleted across a table
 * and cells beside it are refused, as Excel refuses to shift part of a table.
 */
function sameBand(tableAcross: Span, band: Span, axis: Axis): boolean {
  const whole = band.start === 0 && band.count === limit(axis === "rows" ? "columns" : "rows");
  return whole || (tableAcross.start === band.start && tableAcross.count === band.count);
}

/**
 * A shift that would cut a table. InsertDeleteConflict is documented without the cases it covers:
 * that this is one is a guess (the detail is Excel's own message for it in the UI).
 */
function shiftsTable(errorLocation: string) {
  return officeError(
    "InsertDeleteConflict",
    "This operation is not allowed. The operation is attempting to shift cells in a table on your worksheet.",
    errorLocation,
  );
}
