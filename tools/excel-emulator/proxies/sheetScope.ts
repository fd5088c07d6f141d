// Where a collection that Excel offers both on the workbook and on a worksheet (tables,
// PivotTables) looks: the whole workbook, or one sheet.
import type { SheetModel } from "../sheet";
import type { FakeWorkbook } from "../workbook";
import type { FakeRequestContext } from "./context";

export interface SheetScope {
  readonly workbook: FakeWorkbook;
  readonly sheet?: SheetModel;
}

/**
 * The scope's locator: `sheetLocator` undefined means the workbook; otherwise that sheet, and
 * no scope at all once the sheet is gone.
 */
export function sheetScopeLocator(
  context: FakeRequestContext,
  sheetLocator?: () => SheetModel | undefined,
): () => SheetScope | undefined {
  return () => {
    const workbook = context.backend.workbook;
    if (!sheetLocator) return { workbook };
    const sheet = sheetLocator();
    return sheet && { workbook, sheet };
  };
}

/** The items of `all` inside the scope. */
export function inSheetScope<T extends { readonly sheet: SheetModel }>(
  all: readonly T[],
  scope: SheetScope,
): T[] {
  return all.filter((item) => scope.sheet === undefined || item.sheet === scope.sheet);
}
