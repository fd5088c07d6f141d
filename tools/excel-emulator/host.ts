// The fake Excel host: one in-memory workbook, `run` (Excel.run's shape), the per-sync request
// log, and inspection helpers for tests. The Office shim and the grid view sit on top of it.
import { areasOverlap, formatAddress, formatArea, parseAddress } from "./addresses";
import { valueForApi } from "./cellValues";
import { readValues, usedArea, validateInput, writeNumberFormats, writeValues } from "./cellWrites";
import { CustomFunctionCalls } from "./customFunctionCalls";
import type { CustomFunctionMetadata } from "./customFunctionCalls";
import { officeError } from "./errors";
import type { FakeRichApiError } from "./errors";
import type { ExcelRun } from "../../src/excel/run";
import { formatCellText } from "./numberFormat";
import { checkTableClearOfPivotTables } from "./pivotTables";
import { SyncScope } from "./proxies/context";
import type { QueuedOperation, SyncBackend } from "./proxies/context";
import { FakeExcelRequestContext } from "./proxies/workbook";
import { deserializeWorkbook, serializeWorkbook } from "./serialization";
import type { ReopenOptions } from "./serialization";
import type { SheetModel } from "./sheet";
import { FakeWorkbook } from "./workbook";
import { CellEditMode } from "./cellEditMode";
import type { CellSnapshot, MeasuredRequest, SyncRecord, TableSnapshot } from "./hostRecords";

export type { CellSnapshot, MeasuredRequest, SyncRecord, TableSnapshot } from "./hostRecords";
import { DEFAULT_DOCUMENT_URL, DEFAULT_PAYLOAD_LIMIT } from "./hostOptions";
import type { FakeExcelHostOptions } from "./hostOptions";

export { DEFAULT_DOCUMENT_URL, DEFAULT_PAYLOAD_LIMIT } from "./hostOptions";
export type { FakeExcelHostOptions } from "./hostOptions";

type BatchResult<T> = Promise<T>;

export class FakeExcelHost implements SyncBackend {
  private shown!: FakeWorkbook;
  latencyMs: number;
  maxRequestBytes: number;
  maxResponseBytes: number;
  theme: "light" | "dark";
  /** OfficeRuntime.storage: in memory, per host, never localStorage. */
  readonly storage: Map<string, string>;
  /** `Office.context.document.url`, read when the add-in asks (openWorkbook changes it). */
  documentUrl: string;
  /** Functions registered through CustomFunctions.associate, by id (upper case). */
  readonly customFunctions = new Map<string, (...args: unknown[]) => unknown>();
  /** Calls of those functions from formulas, once declared ({@link defineCustomFunctions}). */
  readonly customFunctionCalls = new CustomFunctionCalls(this.customFunctions, () => {
    this.workbook.recalculate();
    this.notifyChange();
  });
  /** Function commands registered through Office.actions.associate, by id (the ribbon's). */
  readonly actions = new Map<string, (event?: unknown) => unknown>();
  private log: SyncRecord[] = [];
  private listeners = new Set<() => void>();
  private queueTail: Promise<void> = Promise.resolve();
  /** Requests refused because a cell was being edited (sent without delayForCellEdit). */
  refusedForCellEdit = 0;
  /** Whether the user is editing a cell, and the requests waiting for the edit to end. */
  private readonly cellEdit = new CellEditMode();
  /** What TODAY() reads (FakeExcelHostOptions.clock); tests may replace it. */
  clock: () => Date;
  /** The host reports the DelayForCellEdit set (FakeExcelHostOptions.delayForCellEdit). */
  readonly reportsDelayForCellEdit: boolean;

  /** FakeExcelHostOptions.structuredNamesAsAddresses, for every workbook the host shows. */
  private readonly structuredNamesAsAddresses: boolean;

  constructor(options: FakeExcelHostOptions = {}) {
    this.structuredNamesAsAddresses = options.structuredNamesAsAddresses === true;
    this.clock = options.clock ?? (() => new Date());
    this.reportsDelayForCellEdit = options.delayForCellEdit ?? true;
    this.workbook = new FakeWorkbook(options.sheets);
    this.latencyMs = options.latencyMs ?? 0;
    this.maxRequestBytes = options.maxRequestBytes ?? DEFAULT_PAYLOAD_LIMIT;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_PAYLOAD_LIMIT;
    this.theme = options.theme ?? "light";
    this.storage = options.storage ?? new Map();
    this.documentUrl = options.documentUrl ?? DEFAULT_DOCUMENT_URL;
  }

  /** The workbook shown: the file open now. */
  get workbook(): FakeWorkbook {
    return this.shown;
  }
  set workbook(workbook: FakeWorkbook) {
    workbook.customFunctionCalls = this.customFunctionCalls;
    workbook.clock = () => this.clock();
    workbook.structuredNamesAsAddresses = this.structuredNamesAsAddresses;
    this.shown = workbook;
  }

  /**
   * Declares the add-in's custom functions as its functions.json does, under the manifest's
   * namespace: formulas then call them (`=LEDGER.LIST("invoices")`) through the functions the
   * add-in associates.
   */
  defineCustomFunctions(namespace: string, functions: readonly CustomFunctionMetadata[]): void {
    this.customFunctionCalls.define(namespace, functions);
    this.workbook.recalculate();
    this.notifyChange();
  }

  /** Excel.run: a new request context for the batch, then the final sync Excel.run makes. */
  readonly run: ExcelRun = <T>(
    batch: (context: Excel.RequestContext) => Promise<T>,
  ): BatchResult<T> => this.runBatch(batch);

  protected async runBatch<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
    const context = new FakeExcelRequestContext(this);
    let result: T;
    try {
      const pending = batch(context as unknown as Excel.RequestContext);
      if (!pending || typeof (pending as { then?: unknown }).then !== "function") {
        throw officeError("RunMustReturnPromise", undefined, "Excel.run");
      }
      result = await pending;
    } catch (error) {
      context.abandon();
      throw error;
    }
    await context.finalSync();
    return result;
  }

  // ---- counters ----

  /** Round trips since the last resetCounters(). */
  get syncCount(): number {
    return this.log.length;
  }

  /** One record per round trip since the last resetCounters(). */
  get requestLog(): readonly SyncRecord[] {
    return this.log;
  }

  /** The largest request of the log, in bytes. */
  get largestRequestBytes(): number {
    return this.log.reduce((max, r) => Math.max(max, r.requestBytes), 0);
  }

  resetCounters(): void {
    this.log = [];
  }

  // ---- cell-edit mode ----

  /**
   * The user starts typing in a cell. Until {@link endCellEdit}, Excel refuses every request
   * with InvalidOperationInCellEditMode, except those sent with `delayForCellEdit` (office.js's
   * request flag 64), which wait until editing ends (Excel.RunOptions).
   */
  beginCellEdit(): void {
    this.cellEdit.begin();
  }

  /** The user presses Enter: requests waiting for the edit to end go on. */
  endCellEdit(): void {
    this.cellEdit.end();
  }

  /** True while a cell is being edited. */
  get editingCell(): boolean {
    return this.cellEdit.editing;
  }

  /** @internal Resolves when no cell is being edited (at once when none is). */
  cellEditEnded(): Promise<void> {
    return this.cellEdit.ended();
  }

  /** Resolves when a request is waiting for the cell edit to end (for tests, no polling). */
  requestWaitsForCellEdit(): Promise<void> {
    return this.cellEdit.requestWaits();
  }

  /**
   * Switches Office's theme, as a user would in File > Account. Excel tells the add-in nothing:
   * `Office.context.officeTheme` answers the new theme when the pane next reads it.
   */
  setTheme(theme: "light" | "dark"): void {
    this.theme = theme;
  }

  /**
   * Runs a ribbon button's function command, as Excel does when it is clicked; resolves when
   * the command calls event.completed().
   */
  runAction(id: string): Promise<void> {
    const action = this.actions.get(id);
    if (action === undefined) return Promise.reject(new Error(`No function command ${id}.`));
    return new Promise((resolve) => {
      action({ source: { id }, completed: () => resolve() });
    });
  }

  /** Called after every round trip (and after host-side changes); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @internal Tells listeners the workbook changed. */
  notifyChange(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * @internal One request to Excel: requests are served one at a time, in order. `measured`
   * comes from the office.js executor: the request's real serialized bytes, and the response is
   * measured (and refused when too large) by the executor, which builds it.
   */
  roundTrip(
    operations: readonly QueuedOperation[],
    implicit: boolean,
    measured?: MeasuredRequest,
  ): Promise<SyncRecord> {
    const turn = this.queueTail.then(() => this.serve(operations, implicit, measured));
    this.queueTail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async serve(
    operations: readonly QueuedOperation[],
    implicit: boolean,
    measured: MeasuredRequest | undefined,
  ): Promise<SyncRecord> {
    const requestBytes =
      measured?.requestBytes ?? operations.reduce((sum, op) => sum + op.requestBytes, 0);
    const record: SyncRecord = {
      index: this.log.length + 1,
      operations: operations.length,
      operationNames: operations.map((op) => op.name),
      requestBytes,
      responseBytes: 0,
      calculationSuspended: false,
      perRowCalls: operations.filter((op) => op.name === "TableRowCollection.add").length,
      implicit,
      serveMs: 0,
    };
    this.log.push(record);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const started = performance.now();
    if (requestBytes > this.maxRequestBytes) {
      record.error = "RequestPayloadSizeLimitExceeded";
      throw officeError(
        "RequestPayloadSizeLimitExceeded",
        `(${requestBytes} bytes; the limit is ${this.maxRequestBytes}.)`,
        operations[0]?.name,
      );
    }
    const scope = new SyncScope(this.workbook);
    try {
      for (const operation of operations) operation.run(scope);
      if (!scope.calculationSuspended && this.workbook.dirty) this.workbook.recalculate();
    } catch (error) {
      record.error = (error as Partial<FakeRichApiError>).code ?? "GeneralException";
      if (!scope.calculationSuspended && this.workbook.dirty) this.workbook.recalculate();
      this.notifyChange();
      throw error;
    } finally {
      record.calculationSuspended = scope.calculationSuspended;
      record.responseBytes = scope.responseBytes;
      record.serveMs = performance.now() - started;
    }
    this.notifyChange();
    if (measured) {
      scope.commit();
      return record;
    }
    if (scope.responseBytes > this.maxResponseBytes) {
      record.error = "ResponsePayloadSizeLimitExceeded";
      throw officeError(
        "ResponsePayloadSizeLimitExceeded",
        `(${scope.responseBytes} bytes; the limit is ${this.maxResponseBytes}.)`,
      );
    }
    scope.commit();
    return record;
  }

  // ---- inspection for tests ----

  sheetNames(): string[] {
    return this.workbook.sheets.map((s) => s.name);
  }

  get activeSheetName(): string {
    return this.workbook.activeSheet.name;
  }

  tableNames(): string[] {
    return this.workbook.tables.map((t) => t.name);
  }

  /** What Range.select() selected last, or null when nothing was selected (or its sheet is gone). */
  selection(): { sheet: string; address: string } | null {
    const selected = this.workbook.selection;
    return selected ? { sheet: selected.sheet.name, address: formatArea(selected.area) } : null;
  }

  /** One cell: value (errors as "#REF!" text, empty as ""), formula, number format, display text. */
  cell(sheetName: string, address: string): CellSnapshot {
    const { sheet, area } = this.locate(sheetName, address);
    const cell = sheet.getCell(area.row, area.column);
    const numberFormat = cell?.numberFormat ?? sheet.defaultFormat(area.row, area.column);
    if (!cell) return { value: "", formula: null, numberFormat, text: "" };
    return {
      value: valueForApi(cell.value),
      formula: cell.formula,
      numberFormat,
      text: formatCellText(cell.value, cell.valueFormat ?? numberFormat),
    };
  }

  /** The values of a block, as Range.values reads them. */
  values(sheetName: string, address: string): (string | number | boolean)[][] {
    const { sheet, area } = this.locate(sheetName, address);
    return readValues(sheet, area);
  }

  /** The used range's address ("Sheet1!A1:C3"), or null for an empty sheet. */
  usedRange(sheetName: string, valuesOnly = false): string | null {
    const sheet = this.sheet(sheetName);
    const area = usedArea(this.workbook, sheet, valuesOnly);
    return area ? formatAddress(sheet.name, area) : null;
  }

  tableInfo(name: string): TableSnapshot | undefined {
    const table = this.workbook.tableNamed(name);
    if (!table) return undefined;
    return {
      name: table.name,
      sheet: table.sheet.name,
      address: formatAddress(table.sheet.name, table.area),
      headers: table.columns.map((c) => c.name),
      rowCount: table.dataArea.rowCount,
      style: table.style,
      showHeaders: table.showHeaders,
      showTotals: table.showTotals,
    };
  }

  /** The workbook's defined names (Name Manager) and their formulas. */
  definedNames(): { name: string; formula: string }[] {
    return this.workbook.names.map(({ name, formula }) => ({ name, formula }));
  }

  /** Frozen rows and columns of a sheet. */
  frozenPanes(sheetName: string): { rows: number; columns: number } {
    const sheet = this.sheet(sheetName);
    return { rows: sheet.frozenRows, columns: sheet.frozenColumns };
  }

  /** Column width in points (Excel's default 48 where none was set). */
  columnWidth(sheetName: string, column: number): number {
    return this.sheet(sheetName).columnWidths.get(column) ?? 48;
  }

  /**
   * Arranges cells directly (no sync, not logged), with the same coercion as Range.values; a
   * `numberFormat` is applied first. Formulas are recalculated.
   */
  setCells(sheetName: string, address: string, values: unknown[][], numberFormat?: string): void {
    const { sheet, area } = this.locate(sheetName, address, values);
    if (numberFormat !== undefined) {
      writeNumberFormats(this.workbook, sheet, area, { kind: "scalar", value: numberFormat });
    }
    writeValues(
      this.workbook,
      sheet,
      area,
      validateInput("values", values, area, "setCells"),
      "setCells",
    );
    this.workbook.recalculate();
    this.notifyChange();
  }

  /**
   * Places a PivotTable named `name` over the cells at `address` (no sync), showing `values`
   * there as the user's PivotTable would: the fake keeps only where it is (pivotTables.ts), no
   * source or fields. Its cells must be free of tables, merged cells and other PivotTables.
   */
  addPivotTable(name: string, sheetName: string, address: string, values: unknown[][]): void {
    const { sheet, area } = this.locate(sheetName, address, values);
    const upper = name.toUpperCase();
    if (this.workbook.pivotTables.some((pivot) => pivot.name.toUpperCase() === upper)) {
      throw new Error(`There is a PivotTable named ${name} already.`);
    }
    checkTableClearOfPivotTables(this.workbook.pivotTables, sheet, area, "addPivotTable");
    if (this.workbook.tables.some((t) => t.sheet === sheet && areasOverlap(t.area, area))) {
      throw new Error(`A table is in the way of PivotTable ${name}.`);
    }
    if (sheet.merged.some((merged) => areasOverlap(merged, area))) {
      throw new Error(`Merged cells are in the way of PivotTable ${name}.`);
    }
    writeValues(
      this.workbook,
      sheet,
      area,
      validateInput("values", values, area, "addPivotTable"),
      "addPivotTable",
    );
    this.workbook.addPivotTable(name, sheet, area);
    this.workbook.recalculate();
    this.notifyChange();
  }

  /** Adds a sheet directly (no sync). */
  addSheet(name: string): void {
    this.workbook.addSheet(name);
    this.notifyChange();
  }

  /** Makes a sheet active, as a user clicking its tab would. */
  activateSheet(name: string): void {
    this.workbook.activeSheet = this.sheet(name);
    this.notifyChange();
  }

  /**
   * Makes a chart sheet named `name` the active sheet, as a user clicking its tab would (the fake
   * keeps no chart sheet otherwise; activating a worksheet leaves it).
   */
  activateChartSheet(name: string): void {
    this.workbook.activeChartSheet = name;
    this.notifyChange();
  }

  /**
   * Calls a function registered with CustomFunctions.associate. Excel passes one argument per
   * declared parameter, null for an optional one left out, then the invocation: a call whose
   * last argument is the invocation gets nulls for the parameters it leaves out before it.
   */
  callCustomFunction(id: string, ...args: unknown[]): unknown {
    const fn = this.customFunctions.get(id.toUpperCase());
    if (!fn) throw new Error(`No custom function ${id} was associated.`);
    const last = args[args.length - 1];
    const invocation = typeof last === "object" && last !== null && !Array.isArray(last);
    if (invocation && args.length < fn.length) {
      const missing = new Array<null>(fn.length - args.length).fill(null);
      return fn(...args.slice(0, -1), ...missing, last);
    }
    return fn(...args);
  }

  /** The workbook file: cells, formats, tables, settings. */
  serialize(): string {
    return serializeWorkbook(this.workbook);
  }

  /**
   * Opens a saved workbook (from serialize()) at `url` in this host, in place of the one shown:
   * another file on the same computer, whose add-in storage stays. Reload the add-in's page
   * afterwards, as Excel starts the add-in again for the other file.
   */
  openWorkbook(json: string, url: string): void {
    this.workbook = deserializeWorkbook(json);
    this.documentUrl = url;
    this.notifyChange();
  }

  /**
   * Opens a saved workbook in a new host (OfficeRuntime.storage is not in the file); `options`
   * may also say how Excel treats the file's ids ({@link ReopenOptions}).
   */
  static fromSerialized<H extends FakeExcelHost>(
    this: new (options?: FakeExcelHostOptions) => H,
    json: string,
    options: Omit<FakeExcelHostOptions, "sheets"> & ReopenOptions = {},
  ): H {
    const host = new this(options);
    host.workbook = deserializeWorkbook(json, options);
    return host;
  }

  private sheet(name: string): SheetModel {
    const sheet = this.workbook.sheetNamed(name);
    if (!sheet)
      throw new Error(`There is no sheet ${name}; sheets: ${this.sheetNames().join(", ")}.`);
    return sheet;
  }

  private locate(sheetName: string, address: string, values?: unknown[][]) {
    const sheet = this.sheet(sheetName);
    const parsed = parseAddress(address);
    if (!parsed) throw new Error(`"${address}" is not an address.`);
    let area = parsed.area;
    if (values && area.rowCount === 1 && area.columnCount === 1) {
      area = { ...area, rowCount: values.length, columnCount: values[0]?.length ?? 1 };
    }
    return { sheet, area };
  }
}
