// What the fake host tells tests about its work: each round trip, a request's measured size, and
// cells and tables as they read them.
/** One round trip to Excel. */
export interface SyncRecord {
  /** 1-based, counted since the last resetCounters(). */
  readonly index: number;
  /** Commands in the request (property sets, method calls, loads). */
  readonly operations: number;
  /** The commands by member, e.g. "Range.values", "TableRowCollection.add". */
  readonly operationNames: readonly string[];
  /** Estimated request bytes: the JSON of the values, formulas, formats and arguments sent. */
  readonly requestBytes: number;
  /** Estimated response bytes: the JSON of the loaded properties. */
  responseBytes: number;
  /** True when the batch called application.suspendApiCalculationUntilNextSync(). */
  calculationSuspended: boolean;
  /** TableRowCollection.add calls: rows added one call at a time. */
  readonly perRowCalls: number;
  /** True for the final sync Excel.run makes after the batch. */
  readonly implicit: boolean;
  /** The error code when the request failed. */
  error?: string;
  /**
   * Milliseconds the fake spent running the request (its latency wait excluded): CPU that real
   * Excel spends in its own process, so benchmarks can report it apart from the add-in's.
   */
  serveMs: number;
}

/** A request whose size the office.js executor measured on office.js's own serialization. */
export interface MeasuredRequest {
  readonly requestBytes: number;
}

/** A cell as tests inspect it. */
export interface CellSnapshot {
  readonly value: string | number | boolean;
  /** The formula text, or null for a constant. */
  readonly formula: string | null;
  readonly numberFormat: string;
  readonly text: string;
}

export interface TableSnapshot {
  readonly name: string;
  readonly sheet: string;
  /** "Sheet1!A3:F140": header row, data body and total row. */
  readonly address: string;
  readonly headers: readonly string[];
  /** Data body rows. */
  readonly rowCount: number;
  readonly style: string;
  readonly showHeaders: boolean;
  readonly showTotals: boolean;
}
