// Records to rows of typed cells for a column list that only ever grows at its end.
//
// Every shaper (payments, allocations, discovered collections) shares this: a column set whose
// existing columns never move or change kind, the "Import notes" column that closes the initial
// list, and the row builder that turns each record into exactly one cell per column, listing the
// text cells of non-text columns and the notes that explain them.

import type { JsonRecord, JsonValue } from "../api";
// From their own modules rather than an index, whose re-exports are getters once compiled to
// CommonJS (node, the benches): these are used for every cell.
import { isJsonObject } from "../api/json";
import { currencyMinorUnits } from "../money/currency";
import { MONEY_PLACES } from "../money/money";
import { EXCEL_MAX_COLUMNS } from "../domain/excelLimits";
import type { CellKind, CellValue, ColumnSpec } from "./cells";
import { claimHeader } from "./fieldNames";
import { CELL_OVERHEAD_BYTES, ROW_OVERHEAD_BYTES, valueJsonBytes } from "./payload";
import { fitText } from "./textCells";
import { plainCellFor, type PlainCell, type RowBytes } from "./plainCells";
import { toCell, type ShapeOptions } from "./typedCells";

/** `""`: the JSON text of the "Import notes" cell of a row without notes. */
const EMPTY_CELL_BYTES = 2;

/** A cell, by its row in the block and its column in the shaper's column list (both from 0). */
export interface CellAddress {
  readonly row: number;
  readonly column: number;
}

/** A cell whose number format is its own, not its column's (an amount in KWD or JPY). */
export interface FormattedCell {
  readonly row: number;
  readonly column: number;
  readonly format: string;
}

/** A cell of a non-text column that holds text because its value did not fit the kind. */
export interface Misfit {
  readonly row: number;
  readonly column: number;
  /** Why, e.g. `more than 15 significant digits` or `expected a number, got a string`. */
  readonly reason: string;
}

/** A sentence for people about one row of a block. */
export interface RowNote {
  readonly row: number;
  readonly message: string;
}

/** The rows of one page of records, ready for the writer. */
export interface ShapedBlock {
  /** One row per record (per allocation for the allocations sheet), each with exactly as many
   * cells as the shaper had columns when the block was shaped. */
  readonly rows: CellValue[][];
  /** Cells of non-text columns that hold text (a value that did not fit the column's kind): the
   * writer formats them "@" before writing the values, so Excel keeps them literal. */
  readonly textCells: CellAddress[];
  /** The same cells with the reason each is text, for the import's summary of them. */
  readonly misfits: Misfit[];
  /** Cells with a number format of their own (amounts of a currency without two decimals). */
  readonly formatCells?: FormattedCell[];
  /** Each note of each row (also joined with "; " in the row's "Import notes" cell). */
  readonly notes: RowNote[];
  /**
   * Each row's {@link estimateRowBytes}, counted as the row was built (while its cells are at
   * hand) when the shaper did so.
   */
  readonly rowValueBytes?: number[];
}

/** Turns pages of records into rows for a column list that grows only by appending. */
export interface RecordShaper {
  /** The columns so far. Later calls may return more columns at the end; never fewer, never
   * moved, never a changed kind. */
  columns(): readonly ColumnSpec[];
  /** Rows for these records; may first append columns for fields seen for the first time. */
  shape(records: readonly JsonRecord[]): ShapedBlock;
}

/** The last column of every initial column list: why a row's cells are text or cut. */
export const IMPORT_NOTES_HEADER = "Import notes";
/** The key of the "Import notes" column; `#` keeps it apart from record field paths. */
export const IMPORT_NOTES_KEY = "#import-notes";
/** Between several notes of one row. */
export const NOTE_SEPARATOR = "; ";

/** A column and where its values come from. */
export interface ColumnSource {
  readonly spec: ColumnSpec;
  /** The value of this column in a record; undefined when the record has none. */
  read(record: JsonRecord): JsonValue | undefined;
  /** The cell of a value as most are, with its bytes; undefined for one toCell shapes. */
  readonly plain: PlainCell;
}

/** The value at `path` (keys from the top level down); undefined when any step is missing. */
export function readPath(record: JsonRecord, path: readonly string[]): JsonValue | undefined {
  let value: JsonValue | undefined = record;
  for (const key of path) {
    if (!isJsonObject(value)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/**
 * {@link readPath} for one path, made once per column: a top-level field, most columns' source,
 * is read without walking a path on every row.
 */
export function pathReader(path: readonly string[]): (record: JsonRecord) => JsonValue | undefined {
  if (path.length === 1) {
    const key = path[0] as string;
    return (record) =>
      Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
  }
  const steps = [...path];
  return (record) => readPath(record, steps);
}

/**
 * The columns of one table: unique keys, unique headers (ignoring case, as Excel does), and the
 * position of "Import notes" once the initial list is closed.
 */
export class ColumnSet {
  constructor(
    /** How the cells of these columns are shaped. */
    readonly options: ShapeOptions = {},
  ) {}

  private readonly sources: ColumnSource[] = [];
  private readonly keys = new Set<string>([IMPORT_NOTES_KEY]);
  private readonly headers = new Set<string>([IMPORT_NOTES_HEADER.toLowerCase()]);
  private notesIndex = -1;
  private specs: readonly ColumnSpec[] = [];

  get size(): number {
    return this.sources.length;
  }

  get isFull(): boolean {
    return this.sources.length >= EXCEL_MAX_COLUMNS;
  }

  /** True once "Import notes" has closed the initial column list. */
  get isClosed(): boolean {
    return this.notesIndex >= 0;
  }

  get notesColumn(): number {
    return this.notesIndex;
  }

  columns(): readonly ColumnSpec[] {
    return this.specs;
  }

  all(): readonly ColumnSource[] {
    return this.sources;
  }

  /**
   * Appends a column. A key or header already taken gets a suffix (`key#2`, `Header (2)`), so a
   * record field can never collide with another column or with "Import notes".
   */
  add(
    key: string,
    header: string,
    kind: CellKind,
    read: (record: JsonRecord) => JsonValue | undefined,
  ): ColumnSpec {
    if (this.isFull) throw new RangeError(`A sheet has at most ${EXCEL_MAX_COLUMNS} columns.`);
    let uniqueKey = key;
    for (let n = 2; this.keys.has(uniqueKey); n++) uniqueKey = `${key}#${n}`;
    this.keys.add(uniqueKey);
    const spec: ColumnSpec = { key: uniqueKey, header: claimHeader(header, this.headers), kind };
    this.push({ spec, read, plain: plainCellFor(kind, this.options) });
    return spec;
  }

  /** Appends "Import notes", closing the initial column list. Later columns come after it. */
  closeWithImportNotes(): void {
    if (this.isClosed) return;
    this.notesIndex = this.sources.length;
    const spec: ColumnSpec = { key: IMPORT_NOTES_KEY, header: IMPORT_NOTES_HEADER, kind: "text" };
    this.push({ spec, read: () => undefined, plain: plainCellFor("text") });
  }

  private push(source: ColumnSource): void {
    this.sources.push(source);
    this.specs = Object.freeze(this.sources.map((each) => each.spec));
  }
}

/**
 * The decimals of a record's amounts: those of its `currency_code` when the platform knows the
 * code, two otherwise.
 */
export function recordMoneyPlaces(record: JsonRecord): number {
  const code = record["currency_code"];
  if (typeof code !== "string") return MONEY_PLACES;
  // A page's records mostly share their currency: its decimals are looked up once.
  if (code === lastCode) return lastPlaces;
  const minor = currencyMinorUnits(code);
  lastCode = code;
  lastPlaces = minor.known ? minor.places : MONEY_PLACES;
  return lastPlaces;
}

/** The last currency code {@link recordMoneyPlaces} looked up, and its decimals. */
let lastCode: string | undefined;
let lastPlaces = MONEY_PLACES;

/**
 * {@link recordMoneyPlaces} of each record, looked up once a row rather than once an amount: the
 * row shaper asks for each amount's cell in turn, row by row.
 */
export function placesByRecord(records: readonly JsonRecord[]): (index: number) => number {
  let last = -1;
  let places = MONEY_PLACES;
  return (index) => {
    if (index !== last) {
      last = index;
      places = recordMoneyPlaces(records[index] ?? {});
    }
    return places;
  };
}

/**
 * Puts row `index`'s value of each column into `values` (by column; undefined for none) and says
 * true; or says false when it cannot (its record has a field the columns do not know yet).
 */
export type RowReader = (index: number, values: (JsonValue | undefined)[]) => boolean;

/**
 * One row per record, one cell per column of `set` (which must be closed). `extraNotes` adds
 * notes of the shaper's own to a record's row (before the notes of its cells). `moneyPlaces`
 * gives the decimals of a record's amounts in a column (by default its currency's:
 * {@link recordMoneyPlaces}).
 */
export function shapeRows(
  set: ColumnSet,
  records: readonly JsonRecord[],
  extraNotes?: (index: number) => readonly string[],
  moneyPlaces: (index: number, column: ColumnSpec) => number = placesByRecord(records),
): ShapedBlock {
  const sources = set.all();
  const readRow: RowReader = (index, values) => {
    const record = records[index] as JsonRecord;
    for (let column = 0; column < sources.length; column++) {
      values[column] = (sources[column] as ColumnSource).read(record);
    }
    return true;
  };
  return shapeReadRows(set, records.length, readRow, extraNotes, moneyPlaces) as ShapedBlock;
}

/**
 * {@link shapeRows} for `count` rows whose values `readRow` reads (seeing every field of a record
 * in one walk rather than once a column); undefined as soon as it cannot read one.
 */
export function shapeReadRows(
  set: ColumnSet,
  count: number,
  readRow: RowReader,
  extraNotes: ((index: number) => readonly string[]) | undefined,
  moneyPlaces: (index: number, column: ColumnSpec) => number,
): ShapedBlock | undefined {
  const sources = set.all();
  const notesColumn = set.notesColumn;
  if (notesColumn < 0) throw new Error("The column list has no Import notes column yet.");
  const rows: CellValue[][] = [];
  const rowBytes: number[] = [];
  const textCells: CellAddress[] = [];
  const misfits: Misfit[] = [];
  const formatCells: FormattedCell[] = [];
  const notes: RowNote[] = [];
  const cutNotes = set.options.exactText !== true;
  const counted: RowBytes = { bytes: 0 };
  // Emptied as each row's cells are made, for the next row's values.
  const values: (JsonValue | undefined)[] = [];
  for (let column = 0; column < sources.length; column++) values.push(undefined);
  for (let row = 0; row < count; row++) {
    if (!readRow(row, values)) return undefined;
    const cells = new Array<CellValue>(sources.length);
    const extra = extraNotes?.(row);
    // Most rows have no note: their list is made only when one comes.
    let rowNotes: string[] | undefined =
      extra !== undefined && extra.length > 0 ? [...extra] : undefined;
    counted.bytes = ROW_OVERHEAD_BYTES + sources.length * CELL_OVERHEAD_BYTES;
    for (let column = 0; column < sources.length; column++) {
      const source = sources[column] as ColumnSource;
      const value = values[column];
      values[column] = undefined;
      const kind = source.spec.kind;
      const places = kind === "money" ? moneyPlaces(row, source.spec) : MONEY_PLACES;
      const plain = column === notesColumn ? "" : source.plain(value, places, counted);
      if (plain !== undefined) {
        cells[column] = plain;
        continue;
      }
      const outcome = toCell(kind, value, source.spec.header, places, set.options);
      cells[column] = outcome.value;
      counted.bytes += valueJsonBytes(outcome.value);
      if (outcome.numberFormat !== undefined) {
        formatCells.push({ row, column, format: outcome.numberFormat });
      }
      if (outcome.fallback && kind !== "text") {
        textCells.push({ row, column });
        misfits.push({ row, column, reason: outcome.reason ?? "not of the column's kind" });
      }
      if (outcome.notes.length > 0) (rowNotes ??= []).push(...outcome.notes);
    }
    if (rowNotes !== undefined) {
      const rowNote = rowNotes.join(NOTE_SEPARATOR);
      const shown = cutNotes ? fitText(rowNote, IMPORT_NOTES_HEADER).text : rowNote;
      cells[notesColumn] = shown;
      counted.bytes += valueJsonBytes(shown);
      for (const message of rowNotes) notes.push({ row, message });
    } else counted.bytes += EMPTY_CELL_BYTES;
    rows.push(cells);
    rowBytes.push(counted.bytes);
  }
  return {
    rows,
    textCells,
    misfits,
    notes,
    rowValueBytes: rowBytes,
    ...(formatCells.length > 0 ? { formatCells } : {}),
  };
}
