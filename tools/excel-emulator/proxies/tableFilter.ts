// Excel.Filter (TableColumn.filter, ExcelApi 1.2): one table column's AutoFilter criterion, read
// and applied; the criteria of all columns hide the data rows they reject (guards.ts).
import { officeError } from "../errors";
import { applyTableFilter, checkUnprotected } from "../guards";
import type { FilterCriterionModel, TableColumnModel, TableModel } from "../tables";
import { FakeClientObject } from "./clientObject";
import type { PropertyReader } from "./clientObject";
import type { FakeRequestContext } from "./context";

const FILTER_ON: readonly string[] = ["Values", "Custom"];

/**
 * Excel.FilterCriteria as the fake keeps it: "Values" (texts only) or "Custom" criteria; the
 * other kinds (top items, colours, icons, dynamic dates) are refused as not modelled.
 */
export function criterionFromApi(criteria: unknown, errorLocation: string): FilterCriterionModel {
  const c = (criteria ?? {}) as Excel.FilterCriteria;
  const filterOn = c.filterOn as string | undefined;
  if (!FILTER_ON.includes(filterOn ?? "")) {
    throw officeError(
      "InvalidArgument",
      "The Excel emulator filters a table column by Values or Custom criteria only.",
      errorLocation,
    );
  }
  if (filterOn === "Values" && !Array.isArray(c.values)) {
    throw officeError("InvalidArgument", "A Values filter needs values.", errorLocation);
  }
  if (filterOn === "Custom" && typeof c.criterion1 !== "string") {
    throw officeError("InvalidArgument", "A Custom filter needs criterion1.", errorLocation);
  }
  return {
    filterOn: filterOn as "Values" | "Custom",
    ...(c.values ? { values: c.values.map((value) => String(value)) } : {}),
    ...(c.criterion1 !== undefined ? { criterion1: c.criterion1 } : {}),
    ...(c.criterion2 !== undefined ? { criterion2: c.criterion2 } : {}),
    ...(c.operator !== undefined ? { operator: c.operator as "And" | "Or" } : {}),
  };
}

/** A criterion as `criteria` reads it: a copy of what was applied; null for none (a guess). */
export function criterionForApi(
  criterion: FilterCriterionModel | undefined,
): Excel.FilterCriteria | null {
  if (!criterion) return null;
  return {
    ...criterion,
    ...(criterion.values ? { values: [...criterion.values] } : {}),
  } as Excel.FilterCriteria;
}

/** Sets (or with undefined drops) one column's criterion and filters the table again. */
export function setColumnCriterion(
  table: TableModel,
  column: TableColumnModel,
  criterion: FilterCriterionModel | undefined,
  errorLocation: string,
): void {
  checkUnprotected(table.sheet, errorLocation);
  if (criterion) table.filters.set(column, criterion);
  else table.filters.delete(column);
  applyTableFilter(table);
}

interface FilterTarget {
  readonly table: TableModel;
  readonly column: TableColumnModel;
}

const FILTER_PROPERTIES: Readonly<Record<string, PropertyReader<FilterTarget>>> = {
  criteria: (t) => criterionForApi(t.table.filters.get(t.column)),
};

export class FakeFilter extends FakeClientObject<FilterTarget> {
  protected readonly typeName = "Filter";
  protected readonly loadable = FILTER_PROPERTIES;

  constructor(context: FakeRequestContext, locator: () => FilterTarget | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  protected override isGone(target: FilterTarget): boolean {
    return target.table.deleted || !target.table.columns.includes(target.column);
  }

  get criteria(): Excel.FilterCriteria {
    return this.field("criteria");
  }

  /** Filters the column by the criteria (replacing its criterion). */
  apply(criteria: Excel.FilterCriteria): void {
    this.queueCall("apply", [criteria], ({ table, column }) =>
      setColumnCriterion(table, column, criterionFromApi(criteria, "Filter.apply"), "Filter.apply"),
    );
  }

  /** Shows only the rows whose displayed text is one of `values`. */
  applyValuesFilter(values: Array<string | Excel.FilterDatetime>): void {
    this.queueCall("applyValuesFilter", [values], ({ table, column }) => {
      const location = "Filter.applyValuesFilter";
      if (!Array.isArray(values) || values.some((value) => typeof value !== "string")) {
        throw officeError(
          "InvalidArgument",
          "The Excel emulator filters by text values only.",
          location,
        );
      }
      setColumnCriterion(
        table,
        column,
        criterionFromApi({ filterOn: "Values", values }, location),
        location,
      );
    });
  }

  /** Shows the rows that pass criteria1 (and/or criteria2): "=x", ">5", "<>", ... */
  applyCustomFilter(
    criteria1: string,
    criteria2?: string,
    oper?: Excel.FilterOperator | string,
  ): void {
    this.queueCall("applyCustomFilter", [criteria1, criteria2 ?? null, oper ?? null], (target) => {
      const location = "Filter.applyCustomFilter";
      const criteria = {
        filterOn: "Custom",
        criterion1: criteria1,
        ...(criteria2 === undefined ? {} : { criterion2: criteria2 }),
        ...(oper === undefined ? {} : { operator: oper }),
      };
      setColumnCriterion(
        target.table,
        target.column,
        criterionFromApi(criteria, location),
        location,
      );
    });
  }

  /** Drops the column's criterion; the rows only it hid show again. */
  clear(): void {
    this.queueCall("clear", [], ({ table, column }) =>
      setColumnCriterion(table, column, undefined, "Filter.clear"),
    );
  }
}
