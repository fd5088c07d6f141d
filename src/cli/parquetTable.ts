// A table as a Parquet file, its row groups encoded in a worker thread (parquetEncoder.ts), one
// for all the tables of an export: a row group takes a good half second of CPU, which on the
// walk's own thread would hold back the next page's request each time. Here the walk only
// gathers each group's values; the worker encodes them while the API is read, and its bytes are
// written to the file in order. At most two groups wait for the worker, so memory stays flat.
import { Worker } from "node:worker_threads";
import { join } from "node:path";
import type { ExportRow } from "../export/exportRows";
import type { ExportTable } from "../export/exportSchema";
import type { ExportValue } from "../export/exportValues";
import {
  handleEncoderRequest,
  ParquetEncoder,
  type EncoderReply,
  type EncoderRequest,
} from "./parquetEncoder";
import type { ByteOutput, TableWriter } from "./tableOutput";

/** Rows per row group: a few MB of column data at a time. */
const ROW_GROUP = 10_000;
/** Groups sent to the worker and not yet encoded, before the walk waits. */
const GROUPS_AHEAD = 2;

/** A table's requests, done in order somewhere, each told done through the table's replies. */
interface Encoder {
  send(request: TableRequest): void;
}

type TableRequest =
  { readonly kind: "group"; readonly columns: ExportValue[][] } | { readonly kind: "finish" };

/**
 * The encoding thread of one export, shared by its tables (started once: loading the Parquet
 * writer in a thread costs more than a small list's encoding). Where no compiled encoder exists
 * (the sources under test), the tables are encoded on this thread.
 */
export class ParquetThreads {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly tables = new Map<number, (reply: EncoderReply) => void>();
  private readonly local = new Map<number, ParquetEncoder>();

  encoder(table: ExportTable, onReply: (reply: EncoderReply) => void): Encoder {
    const id = this.nextId++;
    this.tables.set(id, onReply);
    const post = (request: EncoderRequest) => {
      if (__filename.endsWith(".js")) this.thread().postMessage(request);
      else handleEncoderRequest(this.local, request, (reply) => this.tables.get(reply.id)?.(reply));
    };
    post({ kind: "open", id, table });
    return { send: (request) => post({ ...request, id }) };
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(
      `require(${JSON.stringify(join(__dirname, "parquetEncoder.js"))}).serveParquetEncoder();`,
      { eval: true },
    );
    worker.on("message", (reply: EncoderReply) => this.tables.get(reply.id)?.(reply));
    worker.on("error", (error) => {
      for (const [id, onReply] of this.tables)
        onReply({ kind: "failed", id, message: error.message });
    });
    this.worker = worker;
    return worker;
  }

  /** Stops the thread (the export is done, failed or interrupted). */
  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

class ParquetTable implements TableWriter {
  private readonly encoder: Encoder;
  private columns: ExportValue[][];
  /** Requests sent and not yet done, each with what waits for it. */
  private readonly pending: {
    readonly done: Promise<void>;
    readonly resolve: () => void;
    readonly reject: (error: Error) => void;
  }[] = [];
  private failure: Error | undefined;
  /** The file's writes, in the order the bytes came. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly output: ByteOutput,
    private readonly table: ExportTable,
    threads: ParquetThreads,
  ) {
    this.columns = table.columns.map(() => []);
    this.encoder = threads.encoder(table, (reply) => this.reply(reply));
  }

  private reply(reply: EncoderReply): void {
    if (reply.kind === "chunk") {
      this.writing = this.writing.then(() => this.output.write(reply.chunk));
      // Seen here so that a failed write nobody awaits yet is no unhandled rejection.
      this.writing.catch((error: Error) => this.fail(error));
    } else if (reply.kind === "done") {
      this.pending.shift()?.resolve();
    } else {
      this.fail(new Error(`The Parquet file could not be encoded: ${reply.message}`));
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.splice(0)) waiting.reject(error);
  }

  /** Sends a request; resolves when the worker has done it. */
  private request(request: TableRequest): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    let settle!: { resolve: () => void; reject: (error: Error) => void };
    const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    // Awaited by the walk or by finish; observed here so an early failure is not unhandled.
    done.catch(() => undefined);
    this.pending.push({ done, ...settle });
    this.encoder.send(request);
    return done;
  }

  async add(rows: readonly ExportRow[]): Promise<void> {
    if (this.failure) throw this.failure;
    const width = this.table.columns.length;
    for (const row of rows) {
      for (let index = 0; index < width; index++) this.columns[index]!.push(row[index]!);
      if (this.columns[0]!.length >= ROW_GROUP) await this.sendGroup();
    }
  }

  private async sendGroup(): Promise<void> {
    if (this.columns[0]!.length === 0) return;
    const columns = this.columns;
    this.columns = this.table.columns.map(() => []);
    void this.request({ kind: "group", columns });
    // The walk goes on while the worker encodes; it waits only when groups pile up.
    if (this.pending.length > GROUPS_AHEAD) await this.pending[0]!.done;
  }

  async finish(): Promise<void> {
    await this.sendGroup();
    await this.request({ kind: "finish" });
    await this.writing;
    if (this.failure) throw this.failure;
    await this.output.finish();
  }
}

/** The Parquet writer of each table of an export, all encoded on `threads`. */
export function parquetTables(
  threads: ParquetThreads,
): (output: ByteOutput, table: ExportTable) => TableWriter {
  return (output, table) => new ParquetTable(output, table, threads);
}
