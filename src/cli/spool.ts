// Rows kept on disk while another worksheet of the .xlsx is being streamed: an .xlsx is written
// one worksheet after another, so a list's lines wait here while its records go into the
// workbook. One JSON line per row, so memory stays flat however long the list. A failure here is
// the temporary folder's (full, or not writable), told apart from a failure of --out.
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { ExportRow } from "../export/exportRows";
import type { ExportTable } from "../export/exportSchema";

/** The temporary folder failed (full, missing, not writable): not --out's fault. */
export class SpoolError extends Error {
  override readonly name = "SpoolError";

  constructor(override readonly cause: Error) {
    super(
      `The temporary folder ${tmpdir()} could not hold the rows waiting for their worksheet (${cause.message}). Free space there, or point TMPDIR at a folder with room; nothing was written to --out.`,
    );
  }
}

/** A folder of the export's own in the temporary folder, for its spools. */
export async function spoolFolder(): Promise<string> {
  try {
    return await mkdtemp(join(tmpdir(), "ledger-sheets-export-"));
  } catch (error) {
    throw new SpoolError(error as Error);
  }
}

export class Spool {
  private readonly stream: WriteStream;
  private failure: SpoolError | undefined;
  /** The columns whose values are bigints. */
  private readonly bigColumns: number[];

  constructor(
    readonly path: string,
    private readonly table: ExportTable,
  ) {
    this.bigColumns = table.columns.flatMap((column, index) =>
      column.type === "timestamp" || column.type === "int64" ? [index] : [],
    );
    this.stream = createWriteStream(path, { encoding: "utf8" });
    this.stream.on("error", (error: Error) => {
      this.failure = new SpoolError(error);
    });
  }

  /** Appends rows; resolves when the stream can take more (backpressure). */
  async add(rows: readonly ExportRow[]): Promise<void> {
    if (this.failure) throw this.failure;
    if (rows.length === 0) return;
    // Bigints (timestamps, whole numbers) as their digits, since JSON has no bigint; a
    // replacer function would be called for every value, this only for those columns.
    let text = "";
    for (const row of rows) {
      let line = row;
      for (const index of this.bigColumns) {
        if (row[index] !== null) {
          if (line === row) line = [...row];
          line[index] = String(row[index]);
        }
      }
      text += `${JSON.stringify(line)}\n`;
    }
    if (!this.stream.write(text)) await once(this.stream, "drain");
    if (this.failure) throw this.failure;
  }

  /** Ends writing; the rows can then be read back. */
  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    this.stream.end();
    await once(this.stream, "close");
    if (this.failure) throw this.failure;
  }

  /** The rows, in the order they were added, bigints restored by their columns' types. */
  async *read(): AsyncGenerator<ExportRow> {
    const lines = createInterface({
      input: createReadStream(this.path, { encoding: "utf8" }),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (line === "") continue;
      const row = JSON.parse(line) as ExportRow;
      for (const index of this.bigColumns) {
        if (row[index] !== null) row[index] = BigInt(row[index] as string);
      }
      yield row;
    }
  }

  async remove(): Promise<void> {
    if (!this.stream.closed) this.stream.destroy();
    await rm(this.path, { force: true });
  }
}
