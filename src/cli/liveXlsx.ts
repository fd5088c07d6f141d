// Writes a list's rows into the .xlsx while the API is walked, so the file is done soon after the
// last page rather than a whole write later. A worksheet's header is written first, so this holds
// only while the list's columns stay those of its first page; if a later page brings a column
// (a field empty until then), the live file is given up and the workbook is written again from
// the spools, which always hold every row. Worksheets are streamed one at a time: a sheet that
// fills alongside another (payment allocations beside payments) is written from its spool when
// its list is done.
import { finalColumns, type ExportSheet } from "./exportRun";
import type { PartialFile } from "./partialFile";
import type { SpooledRow } from "./spool";
import {
  writeSheetFromSpool,
  XlsxWriter,
  type XlsxResult,
  type XlsxSheetWriter,
} from "./writeFiles";

export class LiveXlsx {
  private readonly writer: XlsxWriter;
  private live: { sheet: ExportSheet; out: XlsxSheetWriter; width: number } | null = null;
  private spoiled = false;

  constructor(file: PartialFile, sheetRows?: number) {
    this.writer = new XlsxWriter(file, sheetRows);
  }

  /** False once a column came after its sheet's header was written. */
  get complete(): boolean {
    return !this.spoiled;
  }

  /** A page's rows of `sheet`, just spooled. */
  rows(sheet: ExportSheet, rows: readonly SpooledRow[]): void {
    if (this.spoiled || rows.length === 0) return;
    const width = sheet.shaper.columns().length;
    if (this.live === null && width > 0) {
      this.live = { sheet, out: this.writer.sheet(sheet.label, [...finalColumns(sheet)]), width };
    }
    if (this.live?.sheet !== sheet) return; // written from its spool when its list is done
    if (width !== this.live.width) {
      this.spoiled = true;
      return;
    }
    for (const row of rows) this.live.out.add(row);
    this.writer.check();
  }

  /** A list's walk is done and its spools closed: ends its live sheet, writes the others. */
  async listDone(sheets: readonly ExportSheet[]): Promise<void> {
    if (this.spoiled) return;
    for (const sheet of sheets) {
      if (this.live?.sheet === sheet) {
        this.live.out.finish();
        this.live = null;
      } else {
        await writeSheetFromSpool(this.writer, sheet);
      }
    }
  }

  async commit(): Promise<XlsxResult> {
    return await this.writer.commit();
  }
}
