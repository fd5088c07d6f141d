// Where a table's bytes go, and the writer of a table in one format. A file under its temporary
// name (PartialFile) and standard output (`--out -`) take bytes the same way, so every format
// can go to either.
import { once } from "node:events";
import type { ExportRow } from "../export/exportRows";

export interface ByteOutput {
  /** Resolves when the output can take more (backpressure); rejects when it failed. */
  write(data: string | Uint8Array): Promise<void>;
  /** Everything written has been handed over (a file is closed). */
  finish(): Promise<void>;
}

/** The rows of one table, written as they come. */
export interface TableWriter {
  add(rows: readonly ExportRow[]): Promise<void>;
  /** Writes what is left (a Parquet footer) and ends the output. */
  finish(): Promise<void>;
}

/** A stream such as process.stdout, or a test's stand-in that only has write. */
export interface WritableLike {
  write(data: string | Uint8Array): unknown;
  once?(event: "drain" | "error", listener: (...args: unknown[]) => void): unknown;
}

/** An output failure of standard output (the reader went away: EPIPE). */
export class StdoutOutput implements ByteOutput {
  private failure: Error | undefined;

  constructor(private readonly stream: WritableLike) {
    stream.once?.("error", (error) => {
      this.failure = error as Error;
    });
  }

  async write(data: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.stream.write(data) === false && this.stream.once) {
      await once(this.stream as unknown as NodeJS.EventEmitter, "drain");
    }
    if (this.failure) throw this.failure;
  }

  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    return Promise.resolve();
  }
}

/** A table nobody asked for (`--out -` writes one table): its rows go nowhere. */
export const DISCARDED_TABLE: TableWriter = {
  add: () => Promise.resolve(),
  finish: () => Promise.resolve(),
};
