// The request context: a queue of operations that `sync()` sends to the fake host in one round
// trip, as Office.js batches proxy commands for Excel.
import { officeError } from "../errors";
import type { FakeWorkbook } from "../workbook";

/** One queued command: a property set, a method call or a load. */
export interface QueuedOperation {
  /** The member, e.g. "Range.values"; the errorLocation of an error it raises. */
  readonly name: string;
  /** Estimated bytes this command adds to the request. */
  readonly requestBytes: number;
  /** Runs the command against the workbook when the request arrives. */
  run(scope: SyncScope): void;
}

/** What one round trip has done so far: loads to deliver, calculation state, response size. */
export class SyncScope {
  private readonly deliveries: (() => void)[] = [];
  responseBytes = 0;
  calculationSuspended = false;

  constructor(readonly workbook: FakeWorkbook) {}

  /** Formulas are up to date before anything is read, unless calculation is suspended. */
  beforeRead(): void {
    if (this.workbook.dirty && !this.calculationSuspended) this.workbook.recalculate();
  }

  /** Registers loaded data to hand to proxies when the response arrives. */
  deliver(bytes: number, commit: () => void): void {
    this.responseBytes += bytes;
    this.deliveries.push(commit);
  }

  commit(): void {
    for (const commit of this.deliveries) commit();
  }
}

/** The host side of a round trip (FakeExcelHost). */
export interface SyncBackend {
  readonly workbook: FakeWorkbook;
  roundTrip(operations: readonly QueuedOperation[], implicit: boolean): Promise<unknown>;
}

// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;
/** Characters a JSON string writes as more than themselves: quotes, backslashes, controls, non-ASCII. */
// eslint-disable-next-line no-control-regex
const NOT_PLAIN = /["\\\x00-\x1f\x7f-\uffff]/;

/** UTF-8 bytes of a JSON text. */
function utf8Bytes(json: string): number {
  // Most requests are plain ASCII: a native scan then gives the answer without a character loop.
  if (!NON_ASCII.test(json)) return json.length;
  let bytes = 0;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes of an array element's JSON: what JSON.stringify writes for it inside an array. */
function elementBytes(value: unknown): number {
  switch (typeof value) {
    case "string":
      return NOT_PLAIN.test(value) ? utf8Bytes(JSON.stringify(value)) : value.length + 2;
    case "number":
      return Number.isFinite(value) ? String(value).length : 4; // NaN and Infinity are null
    case "boolean":
      return value ? 4 : 5;
    case "undefined":
    case "function":
    case "symbol":
      return 4; // null in an array
    default:
      return value === null ? 4 : jsonBytes(value);
  }
}

/**
 * UTF-8 bytes of a value's JSON, as it would travel in the request or response. Arrays (a
 * block's values: megabytes) are measured element by element, without building their text.
 */
export function jsonBytes(value: unknown): number {
  if (Array.isArray(value)) {
    let bytes = value.length > 0 ? value.length + 1 : 2; // brackets and commas
    for (const element of value as unknown[]) bytes += elementBytes(element);
    return bytes;
  }
  const json = JSON.stringify(value);
  return json === undefined ? 0 : utf8Bytes(json);
}

export class FakeRequestContext {
  private queue: QueuedOperation[] = [];
  private finished = false;
  /** Office.js members the add-in may touch; requests carry no headers here. */
  readonly requestHeaders: Record<string, string> = {};
  readonly trackedObjects = {
    add: (): void => undefined,
    remove: (): void => undefined,
  };

  constructor(readonly backend: SyncBackend) {}

  /** @internal Queues a command for the next sync. */
  enqueue(operation: QueuedOperation): void {
    this.queue.push(operation);
  }

  /** Sends the queued commands; resolves once Excel has run them and loads are delivered. */
  async sync<T>(passThroughValue?: T): Promise<T> {
    await this.flush(false);
    return passThroughValue as T;
  }

  /** @internal The final sync Excel.run performs after the batch. */
  async finalSync(): Promise<void> {
    await this.flush(true);
    this.finished = true;
  }

  /** @internal Drops what was queued (the batch failed). */
  abandon(): void {
    this.queue = [];
    this.finished = true;
  }

  private async flush(implicit: boolean): Promise<void> {
    if (this.finished) {
      throw officeError(
        "InvalidRequestContext",
        "This request context's Excel.run has finished; start a new Excel.run.",
        "RequestContext.sync",
      );
    }
    const operations = this.queue;
    this.queue = [];
    if (operations.length === 0) return; // Office.js makes no round trip for an empty queue
    await this.backend.roundTrip(operations, implicit);
  }

  load(object: { load(option?: unknown): unknown }, option?: unknown): void {
    object.load(option);
  }

  trace(_message: string): void {}

  get debugInfo(): { pendingStatements: string[] } {
    return { pendingStatements: this.queue.map((op) => op.name) };
  }
}
