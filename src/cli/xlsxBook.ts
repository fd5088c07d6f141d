// The .xlsx export: one workbook, a worksheet per table, written while the API is walked.
// exceljs's streaming writer makes the package (workbook, styles, headers, the zip); the rows'
// XML is written by xlsxRowXml.ts. Worksheets are streamed one after another: a list's records go into
// theirs as they arrive, its lines wait in a spool and get their worksheet when the list is done.
// Past Excel's 1,048,576 rows a table continues on "Invoices (2)".
import * as ExcelJS from "exceljs";
import { join } from "node:path";
import { EXCEL_MAX_ROWS } from "../domain/excelLimits";
import type { ExportRow } from "../export/exportRows";
import type { ExportTable } from "../export/exportSchema";
import type { PartialFile } from "./partialFile";
import { Spool } from "./spool";
import type { TableWriter } from "./tableOutput";
import { TEXT_STYLE, XlsxCells, type XlsxCell } from "./xlsxCells";
import { XlsxRowXml } from "./xlsxRowXml";
import { count } from "../util/plural";
import { REPLACEMENT_CHARACTER } from "./xlsxText";

/** The widest column the export makes, in characters. */
const MAX_WIDTH = 40;

/** Spooled rows rendered into one piece of a worksheet's XML. */
const SPOOL_BATCH = 500;

/** A worksheet name Excel accepts: at most 31 characters. */
function worksheetName(label: string, part: number): string {
  const suffix = part === 1 ? "" : ` (${part})`;
  return `${label.slice(0, 31 - suffix.length)}${suffix}`;
}

/**
 * What the rows' own XML needs of exceljs's streaming writer beyond its typings: a worksheet's
 * output stream (its rows are written there once the header has opened `<sheetData>`) and the
 * workbook's style ids, so that styles.xml holds each format once for exceljs and for us.
 */
interface RawWorksheet {
  readonly stream: { write(data: Buffer): unknown };
}
interface RawStyles {
  addStyleModel(style: XlsxCell["style"]): number;
}

/** One table's worksheets, written row by row. */
class SheetWriter {
  private part = 0;
  private rows = 0;
  private worksheet: ExcelJS.Worksheet | undefined;
  private readonly names: string[] = [];
  private readonly cells: XlsxCells;
  private readonly xml: XlsxRowXml;
  private readonly styleIds = new Map<XlsxCell["style"], number>();

  constructor(
    private readonly book: XlsxBook,
    private readonly table: ExportTable,
  ) {
    this.cells = new XlsxCells(table);
    const styles = (book.workbook as unknown as { styles: RawStyles }).styles;
    this.xml = new XlsxRowXml(table.columns.length, (style) => {
      let id = this.styleIds.get(style);
      if (id === undefined) {
        id = styles.addStyleModel(style);
        this.styleIds.set(style, id);
      }
      return id;
    });
  }

  private start(): ExcelJS.Worksheet {
    this.worksheet?.commit();
    this.part += 1;
    this.rows = 0;
    const name = worksheetName(this.table.label, this.part);
    const added = this.book.workbook.addWorksheet(name, {
      views: [{ state: "frozen", ySplit: 1 }],
    });
    added.columns = this.table.columns.map((column) => ({
      key: column.name,
      // Streamed rows are written before later ones are seen: widths come from the names.
      width: Math.min(MAX_WIDTH, Math.max(12, column.name.length + 2)),
    }));
    const header = added.addRow(this.table.columns.map((column) => column.name));
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.style = { ...TEXT_STYLE, font: { bold: true } };
    });
    header.commit();
    this.names.push(name);
    this.worksheet = added;
    return added;
  }

  /** Rows written as one piece of XML per worksheet they reach. */
  add(rows: readonly ExportRow[]): void {
    let xml = "";
    for (const row of rows) {
      if (!this.worksheet || this.rows >= this.book.sheetRows - 1) {
        this.write(xml);
        xml = "";
        this.start();
      }
      const cells = row.map((value, index) => this.cells.cell(index, value, row));
      this.rows += 1;
      // The header is row 1.
      xml += this.xml.row(this.rows + 1, cells);
    }
    this.write(xml);
  }

  private write(xml: string): void {
    if (xml === "") return;
    (this.worksheet as unknown as RawWorksheet).stream.write(Buffer.from(xml));
  }

  /** Ends the table (an empty one still gets its worksheet and header) and says what it noted. */
  finish(): void {
    if (!this.worksheet) this.start();
    this.worksheet!.commit();
    this.cells.notes.forEach((notes, index) => {
      const where = `${this.table.label}, ${this.table.columns[index]!.name}`;
      if (notes.inexact > 0) {
        this.book.note(
          `${where}: ${count(notes.inexact, "value")} with more than 15 significant digits, which no Excel number holds exactly, written as text (SUM skips them; the .csv, .jsonl and .parquet exports keep them as numbers).`,
        );
      }
      if (notes.cut > 0) {
        this.book.note(
          `${where}: ${count(notes.cut, "text")} longer than an Excel cell holds (32,767 characters), cut there (the .csv, .jsonl and .parquet exports keep them whole).`,
        );
      }
      if (notes.replaced > 0) {
        this.book.note(
          `${where}: ${count(notes.replaced, "cell")} held characters an .xlsx cannot hold (control characters, U+FFFE, U+FFFF or half a surrogate pair); each is shown as ${REPLACEMENT_CHARACTER} (U+FFFD).`,
        );
      }
    });
    if (this.part > 1) {
      this.book.note(
        `${this.table.label} has more rows than an Excel sheet holds (${(this.book.sheetRows - 1).toLocaleString("en-US")}); it continues on ${this.names
          .slice(1)
          .map((name) => `“${name}”`)
          .join(", ")}.`,
      );
    }
  }
}

/** A workbook written as the walk goes: `live` tables straight in, the others from a spool. */
export class XlsxBook {
  readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  readonly notes: string[] = [];
  private spools = 0;

  constructor(
    private readonly file: PartialFile,
    /** Where spools go (a folder of the export's own). */
    private readonly spoolDir: () => Promise<string>,
    /** Rows per worksheet, the header included (Excel's 1,048,576 unless a test needs fewer). */
    readonly sheetRows = EXCEL_MAX_ROWS,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: file.stream,
      useStyles: true,
      useSharedStrings: false,
      // The fastest deflate: a few percent more bytes for a good part less CPU.
      zip: { zlib: { level: 1 } },
    });
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** A table streamed into its worksheet as rows come. */
  live(table: ExportTable): TableWriter {
    const sheet = new SheetWriter(this, table);
    return {
      add: (rows) => {
        this.file.check();
        sheet.add(rows);
        return Promise.resolve();
      },
      finish: () => {
        sheet.finish();
        return Promise.resolve();
      },
    };
  }

  /** A table spooled while another worksheet is streamed, written when it finishes. */
  spooled(table: ExportTable): TableWriter {
    let spool: Spool | undefined;
    const open = async (): Promise<Spool> => {
      spool ??= new Spool(join(await this.spoolDir(), `${this.spools++}.jsonl`), table);
      return spool;
    };
    return {
      add: async (rows) => (await open()).add(rows),
      finish: async () => {
        const from = await open();
        await from.close();
        const sheet = new SheetWriter(this, table);
        let batch: ExportRow[] = [];
        for await (const row of from.read()) {
          batch.push(row);
          if (batch.length === SPOOL_BATCH) {
            sheet.add(batch);
            batch = [];
            this.file.check();
          }
        }
        sheet.add(batch);
        sheet.finish();
        await from.remove();
      },
    };
  }

  /** Finishes the workbook and its file; rejects as soon as the file fails (exceljs would wait). */
  async commit(): Promise<void> {
    await this.file.unlessFailed(this.workbook.commit());
    await this.file.finish();
  }
}
