// The ranges an Excel.Range derives from itself, computed when the request runs: a cell, a row
// or a column of it, its last ones, the whole rows or columns, resized or offset, the used part,
// its spill, its intersection with another range or the rectangle holding both.
import { MAX_COLUMNS, MAX_ROWS, cellCount, lastColumn, lastRow } from "../addresses";
import type { Area } from "../addresses";
import { usedArea } from "../cellWrites";
import { officeError } from "../errors";
import { boundingArea, checkedArea, intersect } from "../rangeGeometry";
import { spillRangeAt } from "../spills";
import { FakeClientObject } from "./clientObject";
import type { FakeRequestContext } from "./context";
import type { RangeTarget } from "./rangeProperties";

/** A Range proxy's ranges derived from it; the proxy makes each ({@link rangeAt}). */
export abstract class FakeRangeNavigation extends FakeClientObject<RangeTarget> {
  /** A new range proxy of this context, located when the request runs. */
  protected abstract rangeAt(locator: () => RangeTarget | undefined, orNull?: boolean): Excel.Range;

  /**
   * Called on one cell whose formula spills (ExcelApi 1.12): the spill range, its own cell
   * included. Fails (ItemNotFound) for any other range; the OrNullObject form gives a null object.
   */
  getSpillingToRange(): Excel.Range {
    return this.spillRange("getSpillingToRange", false, true);
  }

  getSpillingToRangeOrNullObject(): Excel.Range {
    return this.spillRange("getSpillingToRangeOrNullObject", true, true);
  }

  /**
   * Called on one cell of a spill range (ExcelApi 1.12): the cell of the formula that spills
   * there (itself, for that cell). ItemNotFound, or a null object, otherwise.
   */
  getSpillParent(): Excel.Range {
    return this.spillRange("getSpillParent", false, false);
  }

  getSpillParentOrNullObject(): Excel.Range {
    return this.spillRange("getSpillParentOrNullObject", true, false);
  }

  private spillRange(method: string, orNull: boolean, whole: boolean): Excel.Range {
    const name = `Range.${method}`;
    return this.rangeAt(() => {
      const { sheet, area } = this._target(name);
      const spill = cellCount(area) === 1 ? spillRangeAt(sheet, area.row, area.column) : undefined;
      const isAnchor =
        spill !== undefined && spill.area.row === area.row && spill.area.column === area.column;
      if (spill && (isAnchor || !whole)) {
        return {
          sheet,
          area: whole ? spill.area : { ...spill.area, rowCount: 1, columnCount: 1 },
        };
      }
      if (orNull) return undefined;
      throw officeError(
        "ItemNotFound",
        whole ? "The cell is not the formula of a spill range." : "The cell is not spilled into.",
        name,
      );
    }, orNull);
  }

  /** The smallest range holding this one and `other` (both on one sheet). */
  getBoundingRect(other: Excel.Range): Excel.Range {
    const name = "Range.getBoundingRect";
    return this.rangeAt(() => {
      const { sheet, area } = this._target(name);
      const otherTarget = rangeArgument(other, this._context, name)._target(name);
      if (otherTarget.sheet !== sheet) {
        throw officeError("InvalidArgument", "The ranges are on different worksheets.", name);
      }
      return { sheet, area: boundingArea(area, otherTarget.area) };
    });
  }

  /** The rectangle this range and `other` share (one sheet); ItemNotFound when they share none. */
  getIntersection(other: Excel.Range): Excel.Range {
    return this.intersection(other, false);
  }

  /** As getIntersection, but a null object when the ranges share no cell. */
  getIntersectionOrNullObject(other: Excel.Range): Excel.Range {
    return this.intersection(other, true);
  }

  private intersection(other: Excel.Range, orNull: boolean): Excel.Range {
    const name = orNull ? "Range.getIntersectionOrNullObject" : "Range.getIntersection";
    return this.rangeAt(() => {
      const { sheet, area } = this._target(name);
      const otherTarget = rangeArgument(other, this._context, name)._target(name);
      const shared = otherTarget.sheet === sheet ? intersect(area, otherTarget.area) : undefined;
      if (shared) return { sheet, area: shared };
      if (orNull) return undefined;
      throw officeError("ItemNotFound", "The ranges do not intersect.", name);
    }, orNull);
  }

  getCell(row: number, column: number): Excel.Range {
    return this.derive("getCell", (a) => ({
      row: a.row + row,
      column: a.column + column,
      rowCount: 1,
      columnCount: 1,
    }));
  }

  getRow(row: number): Excel.Range {
    return this.derive("getRow", (a) => {
      if (row < 0 || row >= a.rowCount) throw outside("getRow");
      return { ...a, row: a.row + row, rowCount: 1 };
    });
  }

  getColumn(column: number): Excel.Range {
    return this.derive("getColumn", (a) => {
      if (column < 0 || column >= a.columnCount) throw outside("getColumn");
      return { ...a, column: a.column + column, columnCount: 1 };
    });
  }

  getLastRow(): Excel.Range {
    return this.derive("getLastRow", (a) => ({ ...a, row: lastRow(a), rowCount: 1 }));
  }

  getLastColumn(): Excel.Range {
    return this.derive("getLastColumn", (a) => ({ ...a, column: lastColumn(a), columnCount: 1 }));
  }

  getLastCell(): Excel.Range {
    return this.derive("getLastCell", (a) => ({
      row: lastRow(a),
      column: lastColumn(a),
      rowCount: 1,
      columnCount: 1,
    }));
  }

  getEntireRow(): Excel.Range {
    return this.derive("getEntireRow", (a) => ({ ...a, column: 0, columnCount: MAX_COLUMNS }));
  }

  getEntireColumn(): Excel.Range {
    return this.derive("getEntireColumn", (a) => ({ ...a, row: 0, rowCount: MAX_ROWS }));
  }

  getResizedRange(deltaRows: number, deltaColumns: number): Excel.Range {
    return this.derive("getResizedRange", (a) => ({
      ...a,
      rowCount: a.rowCount + deltaRows,
      columnCount: a.columnCount + deltaColumns,
    }));
  }

  getOffsetRange(rowOffset: number, columnOffset: number): Excel.Range {
    return this.derive("getOffsetRange", (a) => ({
      ...a,
      row: a.row + rowOffset,
      column: a.column + columnOffset,
    }));
  }

  getUsedRange(valuesOnly?: boolean): Excel.Range {
    return this.usedWithin(valuesOnly, false);
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): Excel.Range {
    return this.usedWithin(valuesOnly, true);
  }

  private usedWithin(valuesOnly: boolean | undefined, orNull: boolean): Excel.Range {
    const name = orNull ? "Range.getUsedRangeOrNullObject" : "Range.getUsedRange";
    return this.rangeAt(() => {
      const { sheet, area } = this._target(name);
      const used = usedArea(this._context.backend.workbook, sheet, valuesOnly === true);
      const inside = used && intersect(used, area);
      if (inside) return { sheet, area: inside };
      if (orNull) return undefined;
      return { sheet, area: { row: area.row, column: area.column, rowCount: 1, columnCount: 1 } };
    }, orNull);
  }

  /** A range computed from this one when the request runs. */
  protected derive(method: string, compute: (area: Area) => Area): Excel.Range {
    const name = `Range.${method}`;
    return this.rangeAt(() => {
      const { sheet, area } = this._target(name);
      return { sheet, area: checkedArea(compute(area), name) };
    });
  }
}

function outside(method: string) {
  return officeError("InvalidArgument", "The index is outside the range.", `Range.${method}`);
}

/** The fake behind an Excel.Range argument; refuses objects of another context. */
export function rangeArgument(
  range: unknown,
  context: FakeRequestContext,
  errorLocation: string,
): FakeRangeNavigation {
  if (!(range instanceof FakeRangeNavigation)) {
    throw officeError(
      "InvalidArgument",
      "Expected a Range from this request context.",
      errorLocation,
    );
  }
  if (range._context !== context) {
    throw officeError("InvalidRequestContext", undefined, errorLocation);
  }
  return range;
}
