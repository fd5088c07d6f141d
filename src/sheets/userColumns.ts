// The columns a user added to an import table, as a refresh keeps them: a column holding one
// formula on every row is a calculated column (Excel fills it on new rows), and every new row
// gets that formula; any other column's cells stay with their record's key, whatever the server's
// order, and the cells of records that are gone are counted, never moved onto another record.

/** One cell as `Range.formulasR1C1` gives it: a constant, or a formula in R1C1 notation. */
export type UserCell = string | number | boolean;

/** A user's column as read before a refresh: its data cells top to bottom. */
export interface UserColumnRead {
  /** The table column (zero-based). */
  readonly position: number;
  readonly header: string;
  /** `formulasR1C1` of its data cells, one per row. */
  readonly formulas: readonly unknown[];
  /** `numberFormat` of its data cells, one per row. */
  readonly formats: readonly unknown[];
}

interface TypedCell {
  readonly formula: UserCell;
  readonly format: string;
}

type KeptColumn =
  | { readonly kind: "calculated"; readonly position: number; readonly formula: string }
  | {
      readonly kind: "typed";
      readonly position: number;
      readonly header: string;
      readonly byKey: Map<string, TypedCell>;
      /** Keys whose cell went into a new row. */
      readonly placed: Set<string>;
      /** Cells of rows with no key: they cannot follow a record. */
      readonly unkeyed: number;
    };

/** One user column's cells for a block of new rows: "" where the row's record had none. */
export interface UserColumnCells {
  readonly position: number;
  readonly formulas: UserCell[][];
  /** The kept cells' formats, null (left as they are) elsewhere; absent when none has one. */
  readonly formats?: (string | null)[][];
}

/** Cells of a typed column that no new row took: their records are gone from the list. */
export interface LeftBehind {
  readonly header: string;
  readonly count: number;
}

function isFormula(cell: unknown): cell is string {
  return typeof cell === "string" && cell.startsWith("=");
}

function isUserCell(cell: unknown): cell is UserCell {
  return typeof cell === "string" || typeof cell === "number" || typeof cell === "boolean";
}

/** The user's columns of a table being refreshed, and the cells each new row gets. */
export class UserColumns {
  private constructor(private readonly columns: readonly KeptColumn[]) {}

  /** None: a table with only the import's columns. */
  static readonly none = new UserColumns([]);

  /**
   * From the columns as read and the old rows' keys (null: a row with no key). A column is
   * calculated when every row holds the same formula (compared in R1C1, as Excel fills it).
   */
  static of(read: readonly UserColumnRead[], keys: readonly (string | null)[]): UserColumns {
    const columns = read.map((column): KeptColumn => {
      const first = column.formulas[0];
      if (
        column.formulas.length > 0 &&
        isFormula(first) &&
        column.formulas.every((cell) => cell === first)
      ) {
        return { kind: "calculated", position: column.position, formula: first };
      }
      const byKey = new Map<string, TypedCell>();
      let unkeyed = 0;
      column.formulas.forEach((cell, row) => {
        if (!isUserCell(cell) || cell === "") return;
        const key = keys[row];
        if (key === null || key === undefined) {
          unkeyed += 1;
          return;
        }
        const format = column.formats[row];
        if (!byKey.has(key)) {
          byKey.set(key, {
            formula: cell,
            format: typeof format === "string" ? format : "General",
          });
        }
      });
      return {
        kind: "typed",
        position: column.position,
        header: column.header,
        byKey,
        placed: new Set(),
        unkeyed,
      };
    });
    return new UserColumns(columns);
  }

  /** True when the table has columns of the user's. */
  get any(): boolean {
    return this.columns.length > 0;
  }

  /** The table columns of the user's calculated columns, with their R1C1 formulas. */
  get calculated(): readonly { readonly position: number; readonly formula: string }[] {
    return this.columns.flatMap((column) =>
      column.kind === "calculated" ? [{ position: column.position, formula: column.formula }] : [],
    );
  }

  /** The table columns of the user's. */
  get positions(): number[] {
    return this.columns.map((column) => column.position);
  }

  /**
   * Each user column's cells for new rows keyed `keys`: a calculated column's formula on every
   * row; a typed column's kept cell where the row's record had one, and "" elsewhere.
   */
  cellsFor(keys: readonly (string | null)[]): UserColumnCells[] {
    const out: UserColumnCells[] = [];
    for (const column of this.columns) {
      if (column.kind === "calculated") {
        out.push({ position: column.position, formulas: keys.map(() => [column.formula]) });
        continue;
      }
      let found = false;
      const cells = keys.map((key) => {
        const cell = key === null ? undefined : column.byKey.get(key);
        if (cell === undefined || key === null) return null;
        found = true;
        column.placed.add(key);
        return cell;
      });
      // Every row is written: a row written in place held another record's cell.
      out.push({
        position: column.position,
        formulas: cells.map((cell) => [cell?.formula ?? ""]),
        ...(found ? { formats: cells.map((cell) => [cell?.format ?? null]) } : {}),
      });
    }
    return out;
  }

  /** Per typed column, the cells no new row took (records gone, or rows with no key). */
  leftBehind(): LeftBehind[] {
    return this.columns.flatMap((column) => {
      if (column.kind === "calculated") return [];
      const count = column.byKey.size - column.placed.size + column.unkeyed;
      return count > 0 ? [{ header: column.header, count }] : [];
    });
  }
}
