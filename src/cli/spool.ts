// Shaped rows kept on disk while the export walks the API: a collection's columns are known only
// at the end (a field that is empty on the first pages gets its column when it first holds a
// value), and a file's header comes first. One JSON line per row, so memory stays flat however
// long the list is.
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { once } from "node:events";
import { createInterface } from "node:readline";
import type { CellValue } from "../sheets/cells";

/** One spooled row: its cells, and the columns whose cell was written as text by the shaper. */
export interface SpooledRow {
  readonly cells: readonly CellValue[];
  readonly textColumns: readonly number[];
}

export class Spool {
  private readonly stream: WriteStream;
  private rowCount = 0;
  private failure: Error | undefined;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path, { encoding: "utf8" });
    // A write error (a full disk) fails the next add or close, rather than the process.
    this.stream.on("error", (error: Error) => {
      this.failure = error;
    });
  }

  get rows(): number {
    return this.rowCount;
  }

  /** Appends rows; resolves when the stream can take more (backpressure). */
  async add(rows: readonly SpooledRow[]): Promise<void> {
    if (this.failure) throw this.failure;
    if (rows.length === 0) return;
    const text = rows.map((row) => JSON.stringify([row.cells, row.textColumns])).join("\n");
    this.rowCount += rows.length;
    if (!this.stream.write(`${text}\n`)) await once(this.stream, "drain");
  }

  /** Ends writing; the rows can then be read back. */
  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    this.stream.end();
    await once(this.stream, "close");
    if (this.failure) throw this.failure;
  }

  /** The rows, in the order they were added. */
  async *read(): AsyncGenerator<SpooledRow> {
    const lines = createInterface({
      input: createReadStream(this.path, { encoding: "utf8" }),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (line === "") continue;
      const [cells, textColumns] = JSON.parse(line) as [CellValue[], number[]];
      yield { cells, textColumns };
    }
  }

  async remove(): Promise<void> {
    if (!this.stream.closed) this.stream.destroy();
    await rm(this.path, { force: true });
  }
}
