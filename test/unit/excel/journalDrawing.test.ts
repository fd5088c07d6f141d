// Drawing a journal sheet in few large ranges: the sheet is exactly what writing each layout cell
// on its own draws, and the requests stay small and bounded however many lines the journal has.
import type { ManualJournal } from "../../../src/api";
import {
  EXCEL_PAYLOAD_LIMIT_BYTES,
  JOURNAL_DRAW_BUDGET_BYTES,
  JOURNAL_READ_BUDGET_BYTES,
} from "../../../src/domain/excelLimits";
import { drawJournal, isSentCell, NOT_SENT_FILL } from "../../../src/excel/journalDrawing";
import { readJournalGrid } from "../../../src/excel/journalGrid";
import { markerName } from "../../../src/settings/journalMarkers";
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { journalSheetState, layoutJournal } from "../../../src/journal";
import type { JournalLayout } from "../../../src/journal";
import { allSeededJournals, repeatedJournal } from "../journal/seededJournals";

/** A drawing request as office.js sends it: the estimated budget plus what the estimate leaves out. */
const DRAWN_REQUEST_MOST = JOURNAL_DRAW_BUDGET_BYTES + 200_000;
/** A read's answer: its budget, sized from the first rows, plus the longer rows after them. */
const READ_RESPONSE_MOST = JOURNAL_READ_BUDGET_BYTES + 600_000;

/** The journal sheet with key `sheetKey`, as its marker finds it. */
function journalSheetOf(context: Excel.RequestContext, sheetKey: string): Excel.Worksheet {
  return context.workbook.names.getItem(markerName(sheetKey)).getRange().worksheet;
}

/** Where a test would see a difference: every stored cell of the sheet, with all its formats. */
function sheetContents(host: FakeExcelHost, name: string): Map<string, unknown> {
  const sheet = host.workbook.sheetNamed(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const cells = new Map<string, unknown>();
  sheet.forEachCell((row, column, cell) => {
    const { value, formula, numberFormat, bold, fontColor, fillColor } = cell;
    const empty = value === "" && formula === null && !bold && !fontColor && !fillColor;
    if (empty && numberFormat === "General") return;
    cells.set(`${row},${column}`, { value, formula, numberFormat, bold, fontColor, fillColor });
  });
  return cells;
}

/** The drawing as it was before it was batched: one range per layout cell. */
async function drawCellByCell(host: FakeExcelHost, layout: JournalLayout): Promise<void> {
  await host.run(async (context) => {
    const sheet = context.workbook.worksheets.add(layout.sheetName);
    sheet.getRange(layout.extent).format.fill.color = NOT_SENT_FILL;
    for (const cell of layout.cells) {
      const range = sheet.getRange(cell.address);
      range.numberFormat = [[cell.numberFormat]];
      if (cell.formula !== undefined) range.formulas = [[cell.formula]];
      else range.values = [[cell.value ?? ""]];
      if (cell.bold) range.format.font.bold = true;
      if (isSentCell(cell)) range.format.fill.clear();
    }
    layout.columnWidths.forEach((width, column) => {
      sheet.getRangeByIndexes(0, column, 1, 1).format.columnWidth = width;
    });
    sheet.freezePanes.freezeRows(layout.frozenRows);
    await context.sync();
  });
}

async function expectSameAsCellByCell(journal: ManualJournal, spareLines?: number): Promise<void> {
  const layout = layoutJournal(journal, spareLines === undefined ? {} : { spareLines });
  const reference = new FakeExcelHost();
  await drawCellByCell(reference, layout);
  const host = new OfficeJsExcelHost();
  await drawJournal(host.run, layout, journalSheetState(journal, layout.sheetName));
  const name = layout.sheetName;
  expect(sheetContents(host, name)).toEqual(sheetContents(reference, name));
  expect(host.frozenPanes(name)).toEqual(reference.frozenPanes(name));
  for (let column = 0; column < 14; column++) {
    expect(host.columnWidth(name, column)).toBe(reference.columnWidth(name, column));
  }
}

/** A journal whose cells differ inside their columns: amounts kept as text, empty fields. */
function unusualJournal(): ManualJournal {
  const journal = repeatedJournal(40);
  return {
    ...journal,
    exchange_rate: "not a rate",
    description: null,
    transaction_date: "=1+1",
    lines: journal.lines.map((line, i) =>
      i % 7 === 3
        ? { ...line, debit: "1234567890123456.78", credit: "0.00", description: "=HYPERLINK()" }
        : line,
    ),
  };
}

describe("drawJournal()", () => {
  it("draws every seeded journal exactly as drawing cell by cell does", async () => {
    for (const journal of allSeededJournals()) await expectSameAsCellByCell(journal);
  });

  it("draws amounts kept as text and formula-like text exactly as cell by cell", async () => {
    await expectSameAsCellByCell(unusualJournal());
    await expectSameAsCellByCell(unusualJournal(), 0);
  });

  it("draws a journal of 1,000 lines exactly as cell by cell", async () => {
    await expectSameAsCellByCell(repeatedJournal(1_000));
  });
});

/**
 * Opens `journal` on a new host and returns the requests of the drawing: the emulator's own
 * proxies, so the counts are the commands the add-in queues (largeJournal.test.ts measures the
 * real bytes through office.js).
 */
async function openRequests(journal: ManualJournal) {
  const host = new FakeExcelHost();
  const layout = layoutJournal(journal);
  await drawJournal(host.run, layout, journalSheetState(journal, layout.sheetName));
  return host.requestLog;
}

describe("drawJournal() requests", () => {
  const most = (log: readonly { operations: number }[]) =>
    Math.max(...log.map((sync) => sync.operations));

  it("queue as many commands for 10,000 lines as for 10, in two syncs", async () => {
    const small = await openRequests(repeatedJournal(10));
    const large = await openRequests(repeatedJournal(10_000));
    // Formats, fills and bold by rectangles and columns; values in a few 2-D blocks.
    expect(most(small)).toBeLessThan(60);
    expect(most(large)).toBe(most(small));
    expect(small).toHaveLength(2);
    expect(large).toHaveLength(2);
    for (const sync of large) expect(sync.requestBytes).toBeLessThan(DRAWN_REQUEST_MOST);
  });

  it("split values too large for one request into row blocks, each in its own sync", async () => {
    const journal = repeatedJournal(10_000);
    const wordy = {
      ...journal,
      lines: journal.lines.map((line, i) => ({ ...line, description: `${i} `.padEnd(400, "x") })),
    };
    const log = await openRequests(wordy);
    // About 5.7 MB of values: three requests within the draw budget (estimated), a handful of
    // ranges each.
    expect(log.reduce((sum, sync) => sum + sync.requestBytes, 0)).toBeGreaterThan(5_500_000);
    expect(log).toHaveLength(3);
    for (const sync of log) expect(sync.requestBytes).toBeLessThan(DRAWN_REQUEST_MOST);
    expect(most(log)).toBeLessThan(60);
  });
});

describe("readJournalGrid() requests", () => {
  it("read a long sheet in blocks of rows, each answer near 2 MB, all of it", async () => {
    const journal = repeatedJournal(10_000);
    const wordy = {
      ...journal,
      lines: journal.lines.map((line, i) => ({ ...line, description: `${i} `.padEnd(200, "x") })),
    };
    const host = new OfficeJsExcelHost();
    const layout = layoutJournal(wordy);
    const { sheetKey, sheetName } = await drawJournal(
      host.run,
      layout,
      journalSheetState(wordy, layout.sheetName),
    );
    host.resetCounters();
    const grid = await readJournalGrid(host.run, sheetKey);
    const rows = grid.values.length;
    expect(rows).toBe(Number(host.usedRange(sheetName)!.replace(/^.*:L/, "")));
    expect(grid.values).toEqual(host.values(sheetName, `A1:L${rows}`));
    expect(grid.formulas[rows - 2]![5]).toMatch(/^=SUM\(INDEX\(\$F:\$F,ROW\(\$F\$18\)\+1\)/);
    // Over 7 MB of values and formulas: one sync for the extent, then blocks of rows.
    const log = host.requestLog;
    expect(log.reduce((sum, sync) => sum + sync.responseBytes, 0)).toBeGreaterThan(7_000_000);
    expect(log.length).toBeLessThanOrEqual(7);
    for (const sync of log) expect(sync.responseBytes).toBeLessThan(READ_RESPONSE_MOST);
  });

  it("find hidden rows and columns of a long sheet in a few more requests, and none when nothing is hidden", async () => {
    const journal = repeatedJournal(10_000);
    const host = new OfficeJsExcelHost();
    const layout = layoutJournal(journal);
    const { sheetKey } = await drawJournal(host.run, layout, journalSheetState(journal, "x"));
    host.resetCounters();
    const plain = await readJournalGrid(host.run, sheetKey);
    expect(plain.hiddenRows).toBeUndefined();
    expect(plain.hiddenColumns).toBeUndefined();
    const plainSyncs = host.requestLog.length;

    await host.run(async (context) => {
      const sheet = journalSheetOf(context, sheetKey);
      sheet.getRange("A5000:A5001").rowHidden = true; // a line, as a filter would hide it
      sheet.getRange("A9000").rowHidden = true;
      sheet.getRange("J1").columnHidden = true;
      await context.sync();
    });
    host.resetCounters();
    const grid = await readJournalGrid(host.run, sheetKey);
    expect(grid.hiddenRows).toEqual([5000, 5001, 9000]);
    expect(grid.hiddenColumns).toEqual([9]);
    expect(grid.values).toEqual(plain.values);
    // Blocks of rows, then the rows of the two blocks that are partly hidden, then the columns.
    expect(host.requestLog.length).toBe(plainSyncs + 3);
    for (const sync of host.requestLog) {
      expect(sync.requestBytes).toBeLessThan(EXCEL_PAYLOAD_LIMIT_BYTES / 5);
    }
  });
});
