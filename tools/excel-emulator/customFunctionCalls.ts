// Custom functions in formulas, as Excel calls them: a name of the add-in's metadata (functions.json,
// under the manifest's namespace: LEDGER.LIST) calls the function the add-in registered through
// CustomFunctions.associate, with one argument per declared parameter (null for an optional one
// left out, a 2-D array of values for a "matrix" parameter, an array of them for a repeating one)
// and then the invocation. A promise shows #BUSY! until it settles; then the workbook is
// recalculated with the answer, kept per cell until the formula is entered again, its arguments
// change or a full calculation asks again (Excel calls the function again only then). A matrix
// result spills when the call is the whole formula. A thrown CustomFunctions.Error shows its
// code, and its message is kept for the cell's error flag. A number returned as a formatted number
// value (`{ type: "Double", basicValue, numberFormat }`, or the older type "FormattedNumber")
// is shown in its format, which it carries instead of the cell's ("Use data types with custom
// functions in Excel", https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts;
// Excel.DoubleCellValue and Excel.FormattedNumberCellValue in the Excel JavaScript reference).
//
// Simplifications: an error in an argument is the result (Excel passes errors only to functions
// that declare they take them); empty cells of a range arrive as "".
import { CellError } from "./cellValues";
import { ERROR_CODES } from "./cellValues";
import type { CellScalar } from "./cellValues";
import { VALUE_ERROR, toBoolean, toNumber, toText } from "./formulas/evaluate";
import type { Evaluator, RangeValue, ScalarValue } from "./formulas/evaluate";
import type { FormulaNode } from "./formulas/parser";

/** One parameter of a function in functions.json. */
export interface CustomFunctionParameter {
  readonly name: string;
  readonly type?: string;
  readonly dimensionality?: string;
  readonly optional?: boolean;
  readonly repeating?: boolean;
}

/** One function of functions.json. */
export interface CustomFunctionMetadata {
  readonly id: string;
  readonly name: string;
  readonly parameters: readonly CustomFunctionParameter[];
  readonly result?: { readonly dimensionality?: string };
}

/** What a call gives its formula: a value, or a block of values that spills. */
export type CustomResult = CellScalar | CellScalar[][];

export const BUSY = CellError.of("#BUSY!");

interface Invocation {
  onCanceled?: () => void;
}

/** The number format each value of a result carries, where it carries one. */
export type ResultFormats = (string | undefined)[][];

interface Call {
  result: CustomResult | undefined;
  formats?: ResultFormats;
  message?: string;
  readonly invocation: Invocation;
}

/** The add-in's registered functions, by id (upper case), as CustomFunctions.associate keeps them. */
export type RegisteredFunctions = ReadonlyMap<string, (...args: unknown[]) => unknown>;

export class CustomFunctionCalls {
  private readonly byName = new Map<string, CustomFunctionMetadata>();
  /** Answers per formula cell (any object standing for it), then per call and arguments. */
  private calls = new WeakMap<object, Map<string, Call>>();
  private readonly pending = new Set<Call>();
  /** A formula called a declared function the add-in had not registered yet. */
  private waiting = false;

  constructor(
    private readonly registered: RegisteredFunctions,
    /** Called when an answer arrives: the workbook recalculates with it. */
    private readonly settled: () => void,
  ) {}

  /** Declares the add-in's functions (functions.json) under its namespace ("LEDGER"). */
  define(namespace: string, functions: readonly CustomFunctionMetadata[]): void {
    for (const fn of functions) {
      this.byName.set(`${namespace}.${fn.name}`.toUpperCase(), fn);
    }
  }

  /** True for a name the metadata declares. */
  declares(name: string): boolean {
    return this.byName.has(name.toUpperCase());
  }

  /** The formula in `cell` was entered again: its earlier answers go, running calls are cancelled. */
  forget(cell: object): void {
    const calls = this.calls.get(cell);
    if (!calls) return;
    for (const call of calls.values()) this.cancel(call);
    this.calls.delete(cell);
  }

  /** A full calculation: every function is called again. */
  forgetAll(): void {
    for (const call of [...this.pending]) this.cancel(call);
    this.calls = new WeakMap();
  }

  /**
   * The add-in registered its functions again (its page reloaded): calls left running by the
   * page that went away never settle, so they are made again.
   */
  reassociated(): void {
    if (this.pending.size === 0 && !this.waiting) return;
    this.waiting = false;
    if (this.pending.size > 0) {
      for (const call of [...this.pending]) this.cancel(call);
      this.calls = new WeakMap();
    }
    this.settled();
  }

  /** The formats the values of a spilled answer in this cell carry, if any carries one. */
  formatsOf(cell: object): ResultFormats | undefined {
    for (const call of this.calls.get(cell)?.values() ?? []) {
      if (call.formats && Array.isArray(call.result)) return call.formats;
    }
    return undefined;
  }

  /** The message of the error an answer in this cell carries, if any. */
  messageOf(cell: object): string | undefined {
    for (const call of this.calls.get(cell)?.values() ?? []) {
      if (call.message) return call.message;
    }
    return undefined;
  }

  /**
   * The value of a call of `name` in the formula of `cell`, or undefined when the metadata does
   * not declare the name.
   */
  evaluate(
    name: string,
    args: readonly FormulaNode[],
    ev: Evaluator,
    cell: object,
  ): CustomResult | undefined {
    const metadata = this.byName.get(name.toUpperCase());
    if (!metadata) return undefined;
    const fn = this.registered.get(metadata.id.toUpperCase());
    if (!fn) {
      this.waiting = true; // the add-in has not registered it yet
      return BUSY;
    }
    const prepared = argumentsFor(metadata, args, ev);
    if (prepared instanceof CellError) return prepared;
    const key = `${metadata.id}\u0000${JSON.stringify(prepared, replacer)}`;
    let calls = this.calls.get(cell);
    if (!calls) {
      calls = new Map();
      this.calls.set(cell, calls);
    }
    const known = calls.get(key);
    if (known) return known.result ?? BUSY;
    const call = this.start(fn, prepared, metadata);
    calls.set(key, call);
    return call.result ?? BUSY;
  }

  private start(
    fn: (...args: unknown[]) => unknown,
    args: unknown[],
    metadata: CustomFunctionMetadata,
  ): Call {
    const call: Call = { result: undefined, invocation: {} };
    const matrix = metadata.result?.dimensionality === "matrix";
    let answer: unknown;
    try {
      answer = fn(...args, call.invocation);
    } catch (error) {
      settle(call, { error }, matrix);
      return call;
    }
    if (!isThenable(answer)) {
      settle(call, { value: answer }, matrix);
      return call;
    }
    this.pending.add(call);
    answer.then(
      (value) => this.arrived(call, { value }, matrix),
      (error: unknown) => this.arrived(call, { error }, matrix),
    );
    return call;
  }

  private arrived(call: Call, outcome: Outcome, matrix: boolean): void {
    if (!this.pending.delete(call)) return; // cancelled meanwhile
    settle(call, outcome, matrix);
    this.settled();
  }

  private cancel(call: Call): void {
    if (this.pending.delete(call)) call.invocation.onCanceled?.();
  }
}

type Outcome = { value: unknown } | { error: unknown };

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

function settle(call: Call, outcome: Outcome, matrix: boolean): void {
  if ("error" in outcome) {
    const { code, message } = (outcome.error ?? {}) as { code?: unknown; message?: unknown };
    const known = ERROR_CODES.find((c) => c === code);
    call.result = known ? CellError.of(known) : VALUE_ERROR;
    if (typeof message === "string" && message !== "") call.message = message;
    return;
  }
  call.result = resultOf(outcome.value, matrix);
  const formats = Array.isArray(outcome.value) ? formatsIn(outcome.value) : undefined;
  if (formats) call.formats = formats;
}

/** The format of a formatted number value (`Double` or `FormattedNumber`), else undefined. */
function formatOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { type, numberFormat } = value as { type?: unknown; numberFormat?: unknown };
  const formatted = type === "Double" || type === "FormattedNumber";
  return formatted && typeof numberFormat === "string" ? numberFormat : undefined;
}

/** The formats a matrix's values carry, or undefined when none carries one. */
function formatsIn(rows: readonly unknown[]): ResultFormats | undefined {
  let any = false;
  const formats = rows.map((row) =>
    (Array.isArray(row) ? row : []).map((value: unknown) => {
      const format = formatOf(value);
      if (format !== undefined) any = true;
      return format;
    }),
  );
  return any ? formats : undefined;
}

/** A returned value as cells hold it; a matrix of one cell is that cell. */
function resultOf(value: unknown, matrix: boolean): CustomResult {
  if (!Array.isArray(value)) return scalarOf(value);
  const rows = value as unknown[];
  if (!matrix || rows.length === 0 || !rows.every(Array.isArray)) return VALUE_ERROR;
  const width = (rows[0] as unknown[]).length;
  if (width === 0 || rows.some((row) => (row as unknown[]).length !== width)) return VALUE_ERROR;
  const grid = rows.map((row) => (row as unknown[]).map(scalarOf));
  return grid.length === 1 && width === 1 ? (grid[0]?.[0] ?? VALUE_ERROR) : grid;
}

function scalarOf(value: unknown): CellScalar {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    return Number.isFinite(value) ? value : CellError.of("#NUM!");
  }
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "object" && "basicValue" in value) {
    return scalarOf((value as { basicValue: unknown }).basicValue);
  }
  return VALUE_ERROR;
}

/** Errors in a key: their code (CellError has no enumerable fields). */
function replacer(_key: string, value: unknown): unknown {
  return value instanceof CellError ? { error: value.code } : value;
}

/** The arguments Excel passes for the formula's `args`, or the error the call shows instead. */
function argumentsFor(
  metadata: CustomFunctionMetadata,
  args: readonly FormulaNode[],
  ev: Evaluator,
): unknown[] | CellError {
  const params = metadata.parameters;
  const repeating = params[params.length - 1]?.repeating === true;
  const fixed = repeating ? params.length - 1 : params.length;
  if (!repeating && args.length > params.length) return VALUE_ERROR;
  const prepared: unknown[] = [];
  for (let i = 0; i < fixed; i++) {
    const param = params[i] as CustomFunctionParameter;
    const node = args[i];
    if (node === undefined || node.kind === "missing") {
      if (!param.optional) return VALUE_ERROR;
      prepared.push(null);
      continue;
    }
    const value = argumentOf(param, node, ev);
    if (value instanceof CellError) return value;
    prepared.push(value);
  }
  if (repeating) {
    const param = params[params.length - 1] as CustomFunctionParameter;
    const rest: unknown[] = [];
    for (const node of args.slice(fixed)) {
      const value = node.kind === "missing" ? null : argumentOf(param, node, ev);
      if (value instanceof CellError) return value;
      rest.push(value);
    }
    prepared.push(rest);
  }
  return prepared;
}

function argumentOf(
  param: CustomFunctionParameter,
  node: FormulaNode,
  ev: Evaluator,
): unknown | CellError {
  const value = ev.evaluate(node);
  if (param.dimensionality === "matrix") {
    if (value !== null && typeof value === "object" && !(value instanceof CellError)) {
      return matrixOf(value, ev);
    }
    const scalar = typed(param, value);
    return scalar instanceof CellError ? scalar : [[scalar]];
  }
  return typed(param, ev.dereference(value));
}

function matrixOf(range: RangeValue, ev: Evaluator): unknown[][] | CellError {
  const { sheet, area } = range;
  const rows: unknown[][] = [];
  for (let r = 0; r < area.rowCount; r++) {
    const row: unknown[] = [];
    for (let c = 0; c < area.columnCount; c++) {
      const value = ev.env.cellValue(sheet, area.row + r, area.column + c);
      if (value instanceof CellError) return value;
      row.push(value ?? "");
    }
    rows.push(row);
  }
  return rows;
}

/** A scalar argument converted to the parameter's declared type, as Excel converts it. */
function typed(param: CustomFunctionParameter, value: ScalarValue): unknown | CellError {
  if (value instanceof CellError) return value;
  switch (param.type) {
    case "number":
      return value === null ? null : toNumber(value);
    case "string":
      return value === null ? "" : toText(value);
    case "boolean":
      return toBoolean(value);
    default:
      return value ?? "";
  }
}
