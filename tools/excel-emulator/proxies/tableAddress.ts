// What the table proxies share: a range proxy over a located target, a table's range argument
// resolved to sheet and area, and its total row (or Excel's refusal).
import { parseAddress } from "../addresses";
import type { Area } from "../addresses";
import { officeError } from "../errors";
import type { SheetModel } from "../sheet";
import type { TableModel } from "../tables";
import type { FakeRequestContext, SyncScope } from "./context";
import { FakeRange, fakeRangeOf } from "./range";
import type { RangeTarget } from "./range";

/** A Range proxy over a target found when the request runs. */
export function rangeProxy(
  context: FakeRequestContext,
  locate: () => RangeTarget | undefined,
): Excel.Range {
  return new FakeRange(context, locate) as unknown as Excel.Range;
}

/** A table's range argument (a Range of this context, or an address) as sheet and area. */
export function resolveTableAddress(
  context: FakeRequestContext,
  address: Excel.Range | string,
  scope: SyncScope,
  defaultSheet: SheetModel | undefined,
  errorLocation: string,
): RangeTarget {
  if (typeof address === "string") {
    const parsed = parseAddress(address);
    if (!parsed)
      throw officeError("InvalidArgument", `"${address}" is not a valid address.`, errorLocation);
    const sheet =
      parsed.sheet === undefined
        ? (defaultSheet ?? scope.workbook.activeSheet)
        : scope.workbook.sheetNamed(parsed.sheet);
    if (!sheet)
      throw officeError("ItemNotFound", `There is no sheet ${parsed.sheet ?? ""}.`, errorLocation);
    if (defaultSheet && sheet !== defaultSheet) {
      throw officeError(
        "InvalidArgument",
        `"${address}" is not on sheet ${defaultSheet.name}.`,
        errorLocation,
      );
    }
    return { sheet, area: parsed.area };
  }
  const target = fakeRangeOf(address, context, errorLocation)._target(errorLocation);
  if (defaultSheet && target.sheet !== defaultSheet) {
    throw officeError("InvalidArgument", "The range is on another sheet.", errorLocation);
  }
  return target;
}

/** A table's total row, or Excel's refusal when the table does not show one. */
export function totalRowOf(table: TableModel, errorLocation: string): Area {
  const totals = table.totalsArea;
  if (!totals) {
    throw officeError("InvalidOperation", "The table's total row is hidden.", errorLocation);
  }
  return totals;
}
