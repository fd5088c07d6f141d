// Where each table of the export goes: a worksheet of one .xlsx, a file of its own name in a
// folder (invoices.parquet, invoice_lines.parquet), or standard output for one table. Every file
// is written under a temporary name and renamed only when the whole export is done; on any
// failure the temporary files and the spool are removed.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { CollectionId } from "../domain/collections";
import { exportListOf, tablesOf, type ExportList } from "../export/exportLists";
import type { ExportTable } from "../export/exportSchema";
import { UsageError, type ExportFormat } from "./exportArgs";
import type { ListWriters } from "./exportWalk";
import { PartialFile } from "./partialFile";
import { spoolFolder } from "./spool";
import {
  DISCARDED_TABLE,
  StdoutOutput,
  type ByteOutput,
  type TableWriter,
  type WritableLike,
} from "./tableOutput";
import { csvTable, jsonlTable } from "./textTables";
import type { XlsxBook } from "./xlsxBook";

/** Fails (a UsageError, before any request) unless `table` is one of the list's tables. */
export function checkTableName(collection: CollectionId, table: string): void {
  const names = tablesOf(exportListOf(collection)).map((each) => each.name);
  if (!names.includes(table)) {
    throw new UsageError(`--table names none of this list's tables: ${names.join(", ")}.`);
  }
}

export interface TargetRequest {
  readonly format: ExportFormat;
  /** A .xlsx file, a folder, or "-". */
  readonly out: string;
  readonly table?: string;
  readonly stdout: WritableLike;
  readonly sheetRows?: number;
}

type TableFormat = (output: ByteOutput, table: ExportTable) => TableWriter;

export class ExportTargets {
  private readonly partials: PartialFile[] = [];
  private spoolDir: string | undefined;
  private book: XlsxBook | undefined;
  private tableFormat: TableFormat | undefined;
  /** The files written, by their final names. */
  readonly written: string[] = [];

  constructor(private readonly request: TargetRequest) {}

  private async formatOf(): Promise<TableFormat> {
    if (this.tableFormat) return this.tableFormat;
    if (this.request.format === "parquet") {
      // Loaded only when needed: the Parquet writer is an ES module.
      const { parquetTable } = await import("./parquetTable");
      this.tableFormat = parquetTable;
    } else {
      this.tableFormat = this.request.format === "csv" ? csvTable : jsonlTable;
    }
    return this.tableFormat;
  }

  private async file(target: string): Promise<PartialFile> {
    const file = await PartialFile.create(target);
    this.partials.push(file);
    return file;
  }

  private async workbook(): Promise<XlsxBook> {
    if (this.book) return this.book;
    // Loaded only for an .xlsx export: exceljs is large.
    const { XlsxBook } = await import("./xlsxBook");
    this.book = new XlsxBook(
      await this.file(this.request.out),
      async () => (this.spoolDir ??= await spoolFolder()),
      this.request.sheetRows,
    );
    return this.book;
  }

  /** The writers of a list's tables. */
  async writersFor(list: ExportList): Promise<ListWriters> {
    const { format, out } = this.request;
    if (format === "xlsx") {
      const book = await this.workbook();
      return {
        main: book.live(list.main),
        ...(list.lines ? { lines: book.spooled(list.lines.table) } : {}),
      };
    }
    const tableFormat = await this.formatOf();
    const writer = async (table: ExportTable): Promise<TableWriter> => {
      if (out === "-" && table.name !== (this.request.table ?? list.main.name)) {
        return DISCARDED_TABLE;
      }
      const output =
        out === "-"
          ? new StdoutOutput(this.request.stdout)
          : await this.file(join(out, `${table.name}.${format}`));
      return tableFormat(output, table);
    };
    return {
      main: await writer(list.main),
      ...(list.lines ? { lines: await writer(list.lines.table) } : {}),
    };
  }

  /** The .xlsx's notes (amounts written as text, texts cut, a sheet continued). */
  get notes(): readonly string[] {
    return this.book?.notes ?? [];
  }

  /** Finishes the workbook, and gives every file its final name. */
  async commit(): Promise<void> {
    await this.book?.commit();
    for (const file of this.partials) await file.commit();
    this.written.push(...this.partials.map((file) => file.target));
    this.partials.length = 0;
  }

  /** Removes every temporary file and the spool (after a failure, or after the commit). */
  async cleanUp(): Promise<void> {
    await Promise.all(this.partials.map((file) => file.discard()));
    this.partials.length = 0;
    if (this.spoolDir) await rm(this.spoolDir, { recursive: true, force: true });
  }
}
