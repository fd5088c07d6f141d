// Writes the spooled sheets: one .xlsx workbook (exceljs's streaming writer, a worksheet per sheet,
// continued on "Invoices (2)" past Excel's row limit) or one .csv file per sheet. Files go under
// the temporary names given; the caller renames them over the targets on success.
import * as ExcelJS from "exceljs";
import { NUMBER_FORMATS, type ColumnSpec } from "../sheets/cells";
import { csvLine, UTF8_BOM } from "./csv";
import { csvField, headerFields, xlsxCell } from "./exportCells";
import { EXCEL_MAX_ROWS } from "../domain/excelLimits";
import { finalColumns, type ExportSheet } from "./exportRun";
import type { PartialFile } from "./partialFile";
import type { SpooledRow } from "./spool";
import { count } from "../util/plural";
import { REPLACEMENT_CHARACTER, withoutNonXml } from "./xlsxText";

/** The widest column the export makes, in characters. */
const MAX_WIDTH = 40;

export interface XlsxResult {
  /** Each worksheet written and its data rows. */
  readonly worksheets: readonly { readonly name: string; readonly rows: number }[];
  /** A sentence per sheet that went on over the row limit. */
  readonly notes: readonly string[];
}

/** A worksheet name Excel accepts: at most 31 characters. */
function worksheetName(label: string, part: number): string {
  const suffix = part === 1 ? "" : ` (${part})`;
  return `${label.slice(0, 31 - suffix.length)}${suffix}`;
}

/** One worksheet being written; continues on "Label (2)" past the row limit. */
export class XlsxSheetWriter {
  private part = 0;
  private rows = 0;
  private worksheet: ExcelJS.Worksheet | undefined;
  private readonly names: string[] = [];
  /** Cells per column whose text had characters an .xlsx cannot hold. */
  private readonly replacedCells = new Map<number, number>();

  constructor(
    private readonly owner: XlsxWriter,
    private readonly label: string,
    private readonly columns: readonly ColumnSpec[],
  ) {}

  private start(): ExcelJS.Worksheet {
    this.worksheet?.commit();
    this.part += 1;
    this.rows = 0;
    const name = worksheetName(this.label, this.part);
    const added = this.owner.addWorksheet(name);
    added.columns = this.columns.map((column, index) => ({
      // A header is a field name from the server: text like any other.
      header: withoutNonXml(column.header),
      key: String(index),
      // Streamed rows are written before later ones are seen: widths come from the headers.
      width: Math.min(MAX_WIDTH, Math.max(12, column.header.length) + 2),
      style: { numFmt: NUMBER_FORMATS[column.kind] },
    }));
    const header = added.getRow(1);
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.numFmt = "@";
    });
    header.commit();
    this.names.push(name);
    this.worksheet = added;
    return added;
  }

  add(row: SpooledRow): void {
    const worksheet =
      !this.worksheet || this.rows >= this.owner.sheetRows - 1 ? this.start() : this.worksheet;
    const text = new Set(row.textColumns);
    const cells = this.columns.map((column, index) =>
      xlsxCell(column.kind, row.cells[index] ?? "", text.has(index)),
    );
    const added = worksheet.addRow(cells.map((cell) => cell.value));
    cells.forEach((cell, index) => {
      if (cell.replaced > 0) {
        this.replacedCells.set(index, (this.replacedCells.get(index) ?? 0) + 1);
      }
      if (cell.numFmt !== NUMBER_FORMATS[this.columns[index]!.kind]) {
        added.getCell(index + 1).numFmt = cell.numFmt;
      }
    });
    added.commit();
    this.rows += 1;
    this.owner.counted(this.names[this.names.length - 1]!, this.rows);
  }

  /** Ends the sheet (an empty list still gets its sheet and header); notes a continuation. */
  finish(): void {
    if (!this.worksheet) this.start();
    this.worksheet!.commit();
    for (const [index, cells] of this.replacedCells) {
      this.owner.note(
        `${this.label}, ${withoutNonXml(this.columns[index]!.header)}: ${count(cells, "cell")} held characters an .xlsx cannot hold (control characters, U+FFFE, U+FFFF or half a surrogate pair); each is shown as ${REPLACEMENT_CHARACTER} (U+FFFD).`,
      );
    }
    if (this.part > 1) {
      this.owner.note(
        `${this.label} has more rows than an Excel sheet holds (${(this.owner.sheetRows - 1).toLocaleString("en-US")}); it continues on ${this.names
          .slice(1)
          .map((name) => `“${name}”`)
          .join(", ")}.`,
      );
    }
  }
}

/** A workbook written with exceljs's streaming writer: worksheets one after another. */
export class XlsxWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly worksheets: { name: string; rows: number }[] = [];
  private readonly notes: string[] = [];

  constructor(
    private readonly file: PartialFile,
    /** Rows per worksheet, the header included (Excel's 1,048,576 unless a test needs fewer). */
    readonly sheetRows = EXCEL_MAX_ROWS,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: file.stream,
      useStyles: true,
      useSharedStrings: false,
    });
  }

  /** Throws the file's write error, if any, so a walk stops at once rather than at the end. */
  check(): void {
    this.file.check();
  }

  sheet(label: string, columns: readonly ColumnSpec[]): XlsxSheetWriter {
    return new XlsxSheetWriter(this, label, columns);
  }

  addWorksheet(name: string): ExcelJS.Worksheet {
    this.worksheets.push({ name, rows: 0 });
    return this.workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
  }

  counted(name: string, rows: number): void {
    const entry = this.worksheets.find((each) => each.name === name);
    if (entry) entry.rows = rows;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** Finishes the workbook and its file; rejects as soon as the file fails (exceljs would wait). */
  async commit(): Promise<XlsxResult> {
    await this.file.unlessFailed(this.workbook.commit());
    await this.file.finish();
    return { worksheets: this.worksheets, notes: this.notes };
  }
}

/** Writes spooled sheets to a new workbook in `file`, each from its spool. */
export async function writeXlsx(
  file: PartialFile,
  sheets: readonly ExportSheet[],
  sheetRows = EXCEL_MAX_ROWS,
): Promise<XlsxResult> {
  const writer = new XlsxWriter(file, sheetRows);
  for (const sheet of sheets) await writeSheetFromSpool(writer, sheet);
  return await writer.commit();
}

/** Writes one spooled sheet (its final columns) into `writer`. */
export async function writeSheetFromSpool(writer: XlsxWriter, sheet: ExportSheet): Promise<void> {
  const out = writer.sheet(sheet.label, finalColumns(sheet));
  for await (const row of sheet.spool.read()) {
    out.add(row);
    writer.check();
  }
  out.finish();
}

/** Writes one sheet as CSV (UTF-8 with a byte order mark, CRLF lines) to `file`, and ends it. */
export async function writeCsv(file: PartialFile, sheet: ExportSheet): Promise<number> {
  const columns = finalColumns(sheet);
  let rows = 0;
  await file.write(UTF8_BOM + csvLine(headerFields(columns)));
  for await (const row of sheet.spool.read()) {
    const text = new Set(row.textColumns);
    await file.write(
      csvLine(
        columns.map((column, index) =>
          csvField(column.kind, row.cells[index] ?? "", text.has(index)),
        ),
      ),
    );
    rows += 1;
  }
  await file.finish();
  return rows;
}
