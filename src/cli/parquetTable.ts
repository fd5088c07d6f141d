// A table as a Parquet file, encoded a row group at a time (parquetEncoder.ts) on the export's
// own thread. A group is encoded in a task of its own, after the walk has asked for its next
// page: the encoding then takes the time the API takes to answer. (A worker thread cost more CPU
// than the encoding itself: at 20,000 invoices, 60 against 40 µs per invoice, for its start,
// its own compilation of the writer and the copy of every group.) At most two groups wait to be
// encoded, so memory stays flat.
import type { ExportRow } from "../export/exportRows";
import type { ExportTable } from "../export/exportSchema";
import type { ExportValue } from "../export/exportValues";
import { ParquetEncoder } from "./parquetEncoder";
import type { ByteOutput, TableWriter } from "./tableOutput";

/** Rows per row group: a few MB of column data at a time. */
const ROW_GROUP = 10_000;
/** Groups waiting to be encoded, before the walk waits. */
const GROUPS_AHEAD = 2;

class ParquetTable implements TableWriter {
  private readonly encoder: ParquetEncoder;
  private columns: ExportValue[][];
  /** The encoding of the groups so far, one after another. */
  private encoding: Promise<void> = Promise.resolve();
  private waiting = 0;
  private failure: Error | undefined;
  /** The file's writes, in the order the bytes came. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly output: ByteOutput,
    private readonly table: ExportTable,
  ) {
    this.columns = table.columns.map(() => []);
    this.encoder = new ParquetEncoder(table, (chunk) => {
      this.writing = this.writing.then(() => this.output.write(chunk));
      // Seen here so that a failed write nobody awaits yet is no unhandled rejection.
      this.writing.catch((error: Error) => (this.failure ??= error));
    });
  }

  /** Runs `work` in a later task, after what was asked before; resolves when it is done. */
  private later(work: () => void): Promise<void> {
    this.waiting += 1;
    this.encoding = this.encoding.then(
      () =>
        new Promise<void>((resolve, reject) =>
          setImmediate(() => {
            this.waiting -= 1;
            try {
              if (!this.failure) work();
              resolve();
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              this.failure ??= new Error(`The Parquet file could not be encoded: ${message}`);
              reject(this.failure);
            }
          }),
        ),
    );
    // Awaited by the walk or by finish; observed here so an early failure is not unhandled.
    this.encoding.catch(() => undefined);
    return this.encoding;
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
    const encoded = this.later(() => this.encoder.group(columns));
    // The walk goes on meanwhile; it waits only when groups pile up.
    if (this.waiting > GROUPS_AHEAD) await encoded;
  }

  async finish(): Promise<void> {
    await this.sendGroup();
    await this.later(() => this.encoder.finish());
    await this.writing;
    if (this.failure) throw this.failure;
    await this.output.finish();
  }
}

/** The Parquet writer of each table of an export. */
export function parquetTable(output: ByteOutput, table: ExportTable): TableWriter {
  return new ParquetTable(output, table);
}
