// Compile-time checks (npm run typecheck): each implemented member has a type assignable to the
// same member of @types/office-js, so code typed against Excel compiles against the fake and the
// fake returns what Excel's types promise.
import { FakeRange } from "../../../tools/excel-emulator/proxies/range";
import {
  FakeRangeFill,
  FakeRangeFont,
  FakeRangeFormat,
} from "../../../tools/excel-emulator/proxies/rangeFormat";
import { FakeTable, FakeTableCollection } from "../../../tools/excel-emulator/proxies/table";
import {
  FakeTableColumn,
  FakeTableColumnCollection,
} from "../../../tools/excel-emulator/proxies/tableColumns";
import {
  FakeTableRow,
  FakeTableRowCollection,
} from "../../../tools/excel-emulator/proxies/tableRows";
import {
  FakeApplication,
  FakeSetting,
  FakeSettingCollection,
  FakeWorkbookProxy,
} from "../../../tools/excel-emulator/proxies/workbook";
import {
  FakeWorksheet,
  FakeWorksheetCollection,
  FakeWorksheetFreezePanes,
} from "../../../tools/excel-emulator/proxies/worksheet";

/** True when every listed member of the fake is assignable to Excel's. */
type Fits<Fake, Real, K extends keyof Fake & keyof Real> = [Pick<Fake, K>] extends [Pick<Real, K>]
  ? true
  : false;
const fits = <T extends true>(value: T): T => value;

const RANGE_MEMBERS = [
  "values",
  "formulas",
  "numberFormat",
  "text",
  "valueTypes",
  "address",
  "addressLocal",
  "rowIndex",
  "columnIndex",
  "rowCount",
  "columnCount",
  "cellCount",
  "isEntireRow",
  "isEntireColumn",
  "worksheet",
  "format",
  "clear",
  "delete",
  "insert",
  "select",
  "getCell",
  "getRow",
  "getColumn",
  "getLastRow",
  "getLastColumn",
  "getLastCell",
  "getEntireRow",
  "getEntireColumn",
  "getResizedRange",
  "getOffsetRange",
  "getUsedRange",
  "getUsedRangeOrNullObject",
  "isNullObject",
] as const;

fits<Fits<FakeRange, Excel.Range, (typeof RANGE_MEMBERS)[number]>>(true);
fits<
  Fits<
    FakeRangeFormat,
    Excel.RangeFormat,
    "columnWidth" | "autofitColumns" | "autofitRows" | "font" | "fill"
  >
>(true);
fits<Fits<FakeRangeFont, Excel.RangeFont, "bold" | "color">>(true);
fits<Fits<FakeRangeFill, Excel.RangeFill, "color" | "clear" | "pattern">>(true);
fits<
  Fits<
    FakeWorksheet,
    Excel.Worksheet,
    | "name"
    | "id"
    | "position"
    | "visibility"
    | "tables"
    | "freezePanes"
    | "activate"
    | "delete"
    | "getRange"
    | "getRangeByIndexes"
    | "getCell"
    | "getUsedRange"
    | "getUsedRangeOrNullObject"
    | "isNullObject"
  >
>(true);
fits<
  Fits<
    FakeWorksheetCollection,
    Excel.WorksheetCollection,
    | "getItem"
    | "getItemOrNullObject"
    | "add"
    | "getActiveWorksheet"
    | "getFirst"
    | "getCount"
    | "items"
  >
>(true);
fits<
  Fits<
    FakeWorksheetFreezePanes,
    Excel.WorksheetFreezePanes,
    "freezeRows" | "freezeColumns" | "unfreeze" | "getLocationOrNullObject"
  >
>(true);
fits<
  Fits<
    FakeWorkbookProxy,
    Excel.Workbook,
    "worksheets" | "tables" | "settings" | "name" | "getSelectedRange" | "getActiveCell"
  >
>(true);
fits<
  Fits<
    FakeApplication,
    Excel.Application,
    | "suspendApiCalculationUntilNextSync"
    | "suspendScreenUpdatingUntilNextSync"
    | "calculate"
    | "calculationMode"
  >
>(true);
fits<
  Fits<
    FakeTable,
    Excel.Table,
    | "name"
    | "id"
    | "showHeaders"
    | "showTotals"
    | "style"
    | "showBandedRows"
    | "showFilterButton"
    | "worksheet"
    | "columns"
    | "rows"
    | "getRange"
    | "getHeaderRowRange"
    | "getDataBodyRange"
    | "getTotalRowRange"
    | "resize"
    | "delete"
    | "convertToRange"
    | "clearFilters"
    | "isNullObject"
  >
>(true);
fits<
  Fits<
    FakeTableCollection,
    Excel.TableCollection,
    "add" | "getItem" | "getItemOrNullObject" | "getItemAt" | "getCount" | "count" | "items"
  >
>(true);
fits<
  Fits<
    FakeTableColumnCollection,
    Excel.TableColumnCollection,
    "add" | "getItem" | "getItemOrNullObject" | "getItemAt" | "getCount" | "count"
  >
>(true);
fits<
  Fits<
    FakeTableColumn,
    Excel.TableColumn,
    | "name"
    | "id"
    | "index"
    | "values"
    | "getRange"
    | "getDataBodyRange"
    | "getHeaderRowRange"
    | "delete"
  >
>(true);
fits<
  Fits<FakeTableRowCollection, Excel.TableRowCollection, "add" | "getItemAt" | "getCount" | "count">
>(true);
fits<Fits<FakeTableRow, Excel.TableRow, "index" | "values" | "getRange" | "delete">>(true);
fits<
  Fits<
    FakeSettingCollection,
    Excel.SettingCollection,
    "add" | "getItem" | "getItemOrNullObject" | "getCount"
  >
>(true);
fits<Fits<FakeSetting, Excel.Setting, "key" | "value" | "delete">>(true);

describe("typing against @types/office-js", () => {
  it("implements every Range member the fake lists (checked at compile time, present at run time)", () => {
    const missing = RANGE_MEMBERS.filter(
      (member) => !(member in FakeRange.prototype) && member !== "isNullObject",
    );
    expect(missing).toEqual([]);
  });
});
