// Rows go into the .xlsx while the API is walked; when a later page brings a column the header
// lacks, the workbook is written again from the spools, so no value is ever without its header.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as ExcelJS from "exceljs";
import type { JsonRecord } from "../../../src/api";
import { spooled, type ExportSheet } from "../../../src/cli/exportRun";
import { LiveXlsx } from "../../../src/cli/liveXlsx";
import { PartialFile } from "../../../src/cli/partialFile";
import { Spool } from "../../../src/cli/spool";
import { writeXlsx } from "../../../src/cli/writeFiles";
import { shapersFor } from "../../../src/import/shapers";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "live-xlsx-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Walks `pages` as the export does, with the live writer's hooks; returns what it wrote. */
async function exportPages(name: string, pages: JsonRecord[][]) {
  const shapers = shapersFor("invoices");
  const sheet: ExportSheet = {
    label: "Invoices",
    spool: new Spool(join(dir, `${name}.jsonl`)),
    shaper: shapers.main,
  };
  const path = join(dir, `${name}.xlsx`);
  const file = await PartialFile.create(path);
  const live = new LiveXlsx(file);
  for (const page of pages) {
    const rows = spooled(shapers.shapePage(page).main);
    await sheet.spool.add(rows);
    live.rows(sheet, rows);
  }
  await sheet.spool.close();
  await live.listDone([sheet]);
  await live.commit();
  const complete = live.complete;
  if (complete) await file.commit();
  else {
    await file.discard();
    const again = await PartialFile.create(path);
    await writeXlsx(again, [sheet]);
    await again.commit();
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const values = workbook.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
  return { complete, rows: values.map((row) => row.slice(1)) };
}

describe("LiveXlsx", () => {
  it("writes rows while walking when the columns stay those of the first page", async () => {
    const result = await exportPages("stable", [
      [{ id: "a", total: "1.50" }],
      [{ id: "b", total: "2.00" }],
    ]);
    expect(result.complete).toBe(true);
    expect(result.rows).toEqual([
      ["Total", "ID", "Import notes"],
      [1.5, "a"],
      [2, "b"],
    ]);
  });

  it("writes the workbook again from the spool when a later page brings a column", async () => {
    const result = await exportPages("grown", [
      [{ id: "a", total: "1.50", memo: null }],
      [{ id: "b", total: "2.00", memo: "paid early" }],
    ]);
    expect(result.complete).toBe(false);
    expect(result.rows[0]).toContain("Memo");
    const memo = (result.rows[0] as string[]).indexOf("Memo");
    const id = (result.rows[0] as string[]).indexOf("ID");
    expect(result.rows.slice(1).map((row) => [row[id], row[memo] ?? null])).toEqual([
      ["a", null],
      ["b", "paid early"],
    ]);
  });
});
