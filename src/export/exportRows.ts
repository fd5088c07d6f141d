// Records to rows of a list's tables: one row per record, one row per nested record (an invoice's
// line, a payment's allocation) with its parent's id and its line number, every cell of its
// column's type. A value that does not fit is left empty and named, by record and column, for
// the caller to report. A record whose id was already exported is not exported again.
import { isJsonObject, stringifyJson, type JsonObject, type JsonRecord } from "../api";
import type { ExportList } from "./exportLists";
import { LINE_NUMBER_COLUMN, OTHER_FIELDS_COLUMN, type ExportTable } from "./exportSchema";
import { exportValueOf, isMisfit, type ExportValue } from "./exportValues";

export type ExportRow = ExportValue[];

/** A value left empty because it did not fit its column's type. */
export interface RowProblem {
  readonly table: string;
  /** The record's id (the parent's, for a line), or its place in the list when it has none. */
  readonly record: string;
  /** The column, with the line number for a line: `total`, `quantity` (line 2). */
  readonly column: string;
  readonly reason: string;
}

export interface RecordRows {
  readonly main: ExportRow;
  readonly lines: readonly ExportRow[];
  readonly problems: readonly RowProblem[];
}

/** The fields of `record` the table does not name, as one JSON object text, or null. */
function otherFields(record: JsonObject, known: ReadonlySet<string>): string | null {
  let other: JsonObject | undefined;
  for (const key of Object.keys(record)) {
    if (known.has(key)) continue;
    other ??= {};
    other[key] = record[key]!;
  }
  return other === undefined ? null : stringifyJson(other);
}

/** How a column's cell is made: read from the object, given by the caller, or the other fields. */
type CellPlan =
  | {
      readonly from: "field";
      readonly name: string;
      readonly type: ExportTable["columns"][number]["type"];
    }
  | { readonly from: "given"; readonly index: number }
  | { readonly from: "other" };

/** Builds rows of one table from objects, column by column. */
class TableRows {
  private readonly known: ReadonlySet<string>;
  private readonly plan: readonly CellPlan[];

  constructor(
    table: ExportTable,
    /** Columns filled by the caller, in the order of the values it gives. */
    given: readonly string[] = [],
    alsoKnown: readonly string[] = [],
  ) {
    this.plan = table.columns.map((column): CellPlan => {
      const index = given.indexOf(column.name);
      if (index >= 0) return { from: "given", index };
      if (column.name === OTHER_FIELDS_COLUMN) return { from: "other" };
      return { from: "field", name: column.name, type: column.type };
    });
    this.known = new Set([
      ...table.columns.map((column) => column.name).filter((name) => !given.includes(name)),
      ...alsoKnown,
    ]);
  }

  row(
    object: JsonObject,
    givenValues: readonly ExportValue[],
    problem: (column: string, reason: string) => void,
  ): ExportRow {
    const row: ExportRow = new Array<ExportValue>(this.plan.length);
    for (let i = 0; i < this.plan.length; i++) {
      const cell = this.plan[i]!;
      if (cell.from === "given") row[i] = givenValues[cell.index] ?? null;
      else if (cell.from === "other") row[i] = otherFields(object, this.known);
      else {
        const value = exportValueOf(cell.type, object[cell.name]);
        if (isMisfit(value)) {
          problem(cell.name, value.reason);
          row[i] = null;
        } else row[i] = value;
      }
    }
    return row;
  }
}

/** Rows of one list, each record once. */
export class ListRows {
  private readonly main: TableRows;
  private readonly lines: TableRows | undefined;
  private readonly seen = new Set<string>();
  private recordCount = 0;
  private repeatCount = 0;

  constructor(readonly list: ExportList) {
    const linesField = list.lines?.field;
    this.main = new TableRows(list.main, [], linesField ? [linesField] : []);
    if (list.lines) {
      const given = [list.lines.parentColumn, LINE_NUMBER_COLUMN, "currency_code"];
      // A nested record's own copy of its parent's id (an allocation's payment_id) is the
      // parent column's value, not another field.
      this.lines = new TableRows(list.lines.table, given, [list.lines.parentColumn]);
    }
  }

  /** Records given rows so far (repeats not counted). */
  get records(): number {
    return this.recordCount;
  }

  /** Records left out because their id had already been exported. */
  get repeats(): number {
    return this.repeatCount;
  }

  /** The rows of `record`, or null when its id was already exported. */
  rowsOf(record: JsonRecord): RecordRows | null {
    const id = typeof record["id"] === "string" ? record["id"] : undefined;
    if (id !== undefined) {
      if (this.seen.has(id)) {
        this.repeatCount += 1;
        return null;
      }
      this.seen.add(id);
    }
    this.recordCount += 1;
    const name = id ?? `record ${this.recordCount}`;
    const problems: RowProblem[] = [];
    const main = this.main.row(record, [], (column, reason) =>
      problems.push({ table: this.list.main.name, record: name, column, reason }),
    );
    const lines: ExportRow[] = [];
    const linked = this.list.lines;
    if (this.lines && linked) {
      const nested = record[linked.field];
      const items = Array.isArray(nested) ? nested : [];
      if (nested !== undefined && nested !== null && !Array.isArray(nested)) {
        problems.push({
          table: linked.table.name,
          record: name,
          column: linked.field,
          reason: "is not a list",
        });
      }
      const currency = typeof record["currency_code"] === "string" ? record["currency_code"] : null;
      items.forEach((item, index) => {
        const given = [id ?? null, BigInt(index + 1), currency];
        const object: JsonObject = isJsonObject(item) ? item : { value: item };
        lines.push(
          this.lines!.row(object, given, (column, reason) =>
            problems.push({
              table: linked.table.name,
              record: name,
              column: `${column} (line ${index + 1})`,
              reason,
            }),
          ),
        );
      });
    }
    return { main, lines, problems };
  }
}
