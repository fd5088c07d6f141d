// Writes the spooled sheets: one .xlsx workbook (exceljs's streaming writer, a worksheet per sheet,
// continued on "Invoices (2)" past Excel's row limit) or one .csv file per sheet. Files go under
// the temporary names given; the caller renames them over the targets on success.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import * as ExcelJS from "exceljs";
import { NUMBER_FORMATS } from "../sheets/cells";
import { csvLine, UTF8_BOM } from "./csv";
import { csvField, headerFields, xlsxCell } from "./exportCells";
import { EXCEL_SHEET_ROWS, finalColumns, type ExportSheet } from "./exportRun";

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

export async function writeXlsx(
  path: string,
  sheets: readonly ExportSheet[],
  /** Rows per worksheet, the header included (Excel's 1,048,576 unless a test needs fewer). */
  sheetRows = EXCEL_SHEET_ROWS,
): Promise<XlsxResult> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  const worksheets: { name: string; rows: number }[] = [];
  const notes: string[] = [];
  for (const sheet of sheets) {
    const columns = finalColumns(sheet);
    let part = 0;
    const names: string[] = [];
    let worksheet: ExcelJS.Worksheet | undefined;
    let rows = 0;
    // Streamed rows are written before later ones are seen: widths come from the headers and
    // the kinds (a date or an amount needs about 12 characters).
    const widths = columns.map((column) => Math.max(column.header.length, 12));
    const start = (): ExcelJS.Worksheet => {
      part += 1;
      rows = 0;
      const name = worksheetName(sheet.label, part);
      const added = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
      added.columns = columns.map((column, index) => ({
        header: column.header,
        key: String(index),
        width: Math.min(MAX_WIDTH, Math.max(8, widths[index] ?? 8) + 2),
        style: { numFmt: NUMBER_FORMATS[column.kind] },
      }));
      const header = added.getRow(1);
      header.font = { bold: true };
      header.eachCell((cell) => {
        cell.numFmt = "@";
      });
      header.commit();
      worksheets.push({ name, rows: 0 });
      names.push(name);
      return added;
    };
    for await (const row of sheet.spool.read()) {
      if (!worksheet || rows >= sheetRows - 1) {
        if (worksheet) worksheet.commit();
        worksheet = start();
      }
      const text = new Set(row.textColumns);
      const values = columns.map((column, index) =>
        xlsxCell(column.kind, row.cells[index] ?? "", text.has(index)),
      );
      const added = worksheet.addRow(values.map((cell) => cell.value));
      values.forEach((cell, index) => {
        if (cell.numFmt !== NUMBER_FORMATS[columns[index]!.kind]) {
          added.getCell(index + 1).numFmt = cell.numFmt;
        }
      });
      added.commit();
      rows += 1;
      worksheets[worksheets.length - 1]!.rows = rows;
    }
    if (!worksheet) worksheet = start(); // an empty list still gets its sheet and header
    worksheet.commit();
    if (part > 1) {
      notes.push(
        `${sheet.label} has more rows than an Excel sheet holds (${(sheetRows - 1).toLocaleString("en-US")}); it continues on ${names
          .slice(1)
          .map((name) => `“${name}”`)
          .join(", ")}.`,
      );
    }
  }
  await workbook.commit();
  return { worksheets, notes };
}

/** Writes one sheet as CSV (UTF-8 with a byte order mark, CRLF lines) to `path`. */
export async function writeCsv(path: string, sheet: ExportSheet): Promise<number> {
  const columns = finalColumns(sheet);
  const stream = createWriteStream(path, { encoding: "utf8" });
  const write = async (text: string): Promise<void> => {
    if (!stream.write(text)) await once(stream, "drain");
  };
  let rows = 0;
  try {
    await write(UTF8_BOM + csvLine(headerFields(columns)));
    for await (const row of sheet.spool.read()) {
      const text = new Set(row.textColumns);
      await write(
        csvLine(
          columns.map((column, index) =>
            csvField(column.kind, row.cells[index] ?? "", text.has(index)),
          ),
        ),
      );
      rows += 1;
    }
  } finally {
    stream.end();
    await once(stream, "close");
  }
  return rows;
}
