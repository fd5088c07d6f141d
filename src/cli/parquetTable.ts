// A table as a Parquet file, its row groups encoded in a worker thread (parquetEncoder.ts): a row
// group takes a good half second of CPU, which on the walk's own thread would hold back the next
// page's request each time. Here the walk only gathers each group's values; the worker encodes
// them while the API is read, and its bytes are written to the file in order. At most two
// groups wait for the worker, so memory stays flat.
import { Worker } from "node:worker_threads";
import { join } from "node:path";
import type { ExportRow } from "../export/exportRows";
import type { ExportTable } from "../export/exportSchema";
import type { ExportValue } from "../export/exportValues";
import { ParquetEncoder, type EncoderReply, type EncoderRequest } from "./parquetEncoder";
import type { ByteOutput, TableWriter } from "./tableOutput";

/** Rows per row group: a few MB of column data at a time. */
const ROW_GROUP = 10_000;
/** Groups sent to the worker and not yet encoded, before the walk waits. */
const GROUPS_AHEAD = 2;

/** Encodes requests in order somewhere, and tells when each is done. */
interface Encoder {
  send(request: EncoderRequest): void;
  close(): Promise<void>;
}

/** The worker thread, built from the compiled encoder beside this file. */
function workerEncoder(table: ExportTable, onReply: (reply: EncoderReply) => void): Encoder {
  const worker = new Worker(
    `require(${JSON.stringify(join(__dirname, "parquetEncoder.js"))}).serveParquetEncoder();`,
    { eval: true, workerData: table },
  );
  worker.on("message", onReply);
  worker.on("error", (error) => onReply({ kind: "failed", message: error.message }));
  return {
    send: (request) => worker.postMessage(request),
    close: async () => {
      await worker.terminate();
    },
  };
}

/** The same encoder on this thread, where no compiled encoder exists (the sources under test). */
function threadEncoder(table: ExportTable, onReply: (reply: EncoderReply) => void): Encoder {
  const encoder = new ParquetEncoder(table, (chunk) => onReply({ kind: "chunk", chunk }));
  return {
    send: (request) => {
      try {
        if (request.kind === "group") encoder.group(request.columns);
        else encoder.finish();
        onReply({ kind: "done" });
      } catch (error) {
        onReply({
          kind: "failed",
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
    close: () => Promise.resolve(),
  };
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
  ) {
    this.columns = table.columns.map(() => []);
    const onReply = (reply: EncoderReply) => this.reply(reply);
    this.encoder = __filename.endsWith(".js")
      ? workerEncoder(table, onReply)
      : threadEncoder(table, onReply);
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
  private request(request: EncoderRequest): Promise<void> {
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
    try {
      await this.sendGroup();
      await this.request({ kind: "finish" });
      await this.writing;
      if (this.failure) throw this.failure;
      await this.output.finish();
    } finally {
      await this.encoder.close();
    }
  }

  /** Stops the worker (the export failed or was interrupted). */
  async close(): Promise<void> {
    await this.encoder.close();
  }
}

export function parquetTable(output: ByteOutput, table: ExportTable): TableWriter {
  return new ParquetTable(output, table);
}
