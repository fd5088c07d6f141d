// Excel.RangeFormat, RangeFont and RangeFill: the formats the add-in sets (column widths, autofit,
// bold, font colour, fill colour). Reads give null where the cells differ, as Excel does.
import { checkUnprotected } from "../guards";
import { lastColumn } from "../addresses";
import { readStyle, writeStyle } from "../cellWrites";
import type { CellStyleKey } from "../cellWrites";
import { officeError } from "../errors";
import { formatCellText } from "../numberFormat";
import { shownFormat } from "../sheet";
import { FakeClientObject } from "./clientObject";
import type { LoadableObject, PropertyReader } from "./clientObject";
import type { FakeRequestContext } from "./context";
import type { RangeTarget } from "./range";

/** Excel's default column width in points (8.43 characters of Calibri 11). */
export const DEFAULT_COLUMN_WIDTH = 48;
const DEFAULT_FONT_COLOR = "#000000";
const NO_FILL = "#FFFFFF";

function columnWidthOf(target: RangeTarget): number | null {
  const { sheet, area } = target;
  const first = sheet.columnWidths.get(area.column) ?? DEFAULT_COLUMN_WIDTH;
  for (let c = area.column + 1; c <= lastColumn(area); c++) {
    if ((sheet.columnWidths.get(c) ?? DEFAULT_COLUMN_WIDTH) !== first) return null;
  }
  return first;
}

function checkColor(value: unknown, errorLocation: string): string {
  if (typeof value !== "string" || !/^(#[0-9A-Fa-f]{6}|[A-Za-z]+)$/.test(value)) {
    throw officeError("InvalidArgument", `${String(value)} is not a colour.`, errorLocation);
  }
  return value.startsWith("#") ? value.toUpperCase() : value;
}

export class FakeRangeFormat extends FakeClientObject<RangeTarget> {
  protected readonly typeName = "RangeFormat";
  protected readonly loadable: Readonly<Record<string, PropertyReader<RangeTarget>>> = {
    columnWidth: columnWidthOf,
  };
  private fontProxy: FakeRangeFont | undefined;
  private fillProxy: FakeRangeFill | undefined;

  constructor(context: FakeRequestContext, locator: () => RangeTarget | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  protected override navigation(): Record<string, LoadableObject> {
    return {
      font: this.font as unknown as LoadableObject,
      fill: this.fill as unknown as LoadableObject,
    };
  }

  get font(): Excel.RangeFont {
    this.fontProxy ??= new FakeRangeFont(this._context, () => this._tryLocate());
    return this.fontProxy as unknown as Excel.RangeFont;
  }

  get fill(): Excel.RangeFill {
    this.fillProxy ??= new FakeRangeFill(this._context, () => this._tryLocate());
    return this.fillProxy as unknown as Excel.RangeFill;
  }

  get columnWidth(): number {
    return this.field("columnWidth");
  }
  set columnWidth(width: number) {
    this.queueSet("columnWidth", width, ({ sheet, area }) => {
      checkUnprotected(sheet, "RangeFormat.columnWidth");
      if (typeof width !== "number" || !(width >= 0) || width > 255 * 7.5) {
        throw officeError(
          "InvalidArgument",
          `${width} is not a column width.`,
          "RangeFormat.columnWidth",
        );
      }
      for (let c = area.column; c <= lastColumn(area); c++) sheet.columnWidths.set(c, width);
    });
  }

  /** Sizes each column to its longest text in the range (about 7 points a character). */
  autofitColumns(): void {
    this.queueCall("autofitColumns", [], ({ sheet, area }) => {
      checkUnprotected(sheet, "RangeFormat.autofitColumns");
      const longest = new Map<number, number>();
      sheet.forEachCellIn(area, (_r, c, cell) => {
        const text = formatCellText(cell.value, shownFormat(cell));
        longest.set(c, Math.max(longest.get(c) ?? 0, text.length));
      });
      for (let c = area.column; c <= lastColumn(area); c++) {
        const chars = longest.get(c);
        if (chars === undefined) continue;
        sheet.columnWidths.set(c, Math.min(255 * 7.5, Math.max(12, Math.round(chars * 5.6 + 7.5))));
      }
    });
  }

  autofitRows(): void {
    this.queueCall("autofitRows", [], () => undefined);
  }
}

function styleProperty(key: CellStyleKey, fallback: boolean | string): PropertyReader<RangeTarget> {
  return ({ sheet, area }) =>
    readStyle(sheet, area, (cell) =>
      cell ? (key === "bold" ? cell.bold : (cell[key] ?? fallback)) : fallback,
    );
}

export class FakeRangeFont extends FakeClientObject<RangeTarget> {
  protected readonly typeName = "RangeFont";
  protected readonly loadable: Readonly<Record<string, PropertyReader<RangeTarget>>> = {
    bold: styleProperty("bold", false),
    color: styleProperty("fontColor", DEFAULT_FONT_COLOR),
  };

  constructor(context: FakeRequestContext, locator: () => RangeTarget | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  get bold(): boolean {
    return this.field("bold");
  }
  set bold(bold: boolean) {
    this.queueSet("bold", bold, ({ sheet, area }, scope) => {
      if (typeof bold !== "boolean")
        throw officeError("InvalidArgument", "bold is true or false.", "RangeFont.bold");
      writeStyle(scope.workbook, sheet, area, "bold", bold);
    });
  }

  get color(): string {
    return this.field("color");
  }
  set color(color: string) {
    this.queueSet("color", color, ({ sheet, area }, scope) => {
      writeStyle(scope.workbook, sheet, area, "fontColor", checkColor(color, "RangeFont.color"));
    });
  }
}

export class FakeRangeFill extends FakeClientObject<RangeTarget> {
  protected readonly typeName = "RangeFill";
  protected readonly loadable: Readonly<Record<string, PropertyReader<RangeTarget>>> = {
    color: styleProperty("fillColor", NO_FILL),
    // "None" tells no fill apart from a white one (both read as #FFFFFF); set fills are solid.
    pattern: ({ sheet, area }) =>
      readStyle(sheet, area, (cell) => ((cell?.fillColor ?? null) === null ? "None" : "Solid")),
  };

  constructor(context: FakeRequestContext, locator: () => RangeTarget | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  get color(): string {
    return this.field("color");
  }

  get pattern(): Excel.FillPattern {
    return this.field("pattern");
  }
  set color(color: string) {
    this.queueSet("color", color, ({ sheet, area }, scope) => {
      writeStyle(scope.workbook, sheet, area, "fillColor", checkColor(color, "RangeFill.color"));
    });
  }

  clear(): void {
    this.queueCall("clear", [], ({ sheet, area }, scope) =>
      writeStyle(scope.workbook, sheet, area, "fillColor", null),
    );
  }
}
