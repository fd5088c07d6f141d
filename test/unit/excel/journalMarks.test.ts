// Problem marks read and write fills by spans of cells: they leave the sheet exactly as marking
// cell by cell did (whatever the user coloured, inserted or deleted meanwhile), and a Validate
// with problems in whole columns of a 10,000-line journal is a few small requests.
import fc from "fast-check";
import { MEASURED_PAYLOAD_CEILING_BYTES } from "../../../src/domain/excelLimits";
import { drawJournal, NOT_SENT_FILL } from "../../../src/excel/journalDrawing";
import { markProblems, PROBLEM_FILL } from "../../../src/excel/journalProblemMarks";
import { journalSheetState as storedState } from "../../../src/excel/journalSheetStates";
import { JOURNAL_SHEETS_SETTING } from "../../../src/settings/journalSheets";
import { markerName } from "../../../src/settings/journalMarkers";
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { journalSheetState, layoutJournal, planProblemMarks } from "../../../src/journal";
import type { ProblemMark } from "../../../src/journal";
import { cellAddress } from "../../../src/sheets/cellAddresses";
import { repeatedJournal } from "../journal/seededJournals";

/** The journal sheet with key `sheetKey`, as its marker finds it. */
function journalSheetOf(context: Excel.RequestContext, sheetKey: string): Excel.Worksheet {
  return context.workbook.names.getItem(markerName(sheetKey)).getRange().worksheet;
}

/** The journal lines start under the header row 18. */
const FIRST_LINE_ROW = 19;

/** Opens a journal of about `lines` lines on a new host. */
async function opened(lines: number) {
  const host = new FakeExcelHost();
  const journal = repeatedJournal(lines);
  const layout = layoutJournal(journal);
  const sheet = await drawJournal(host.run, layout, journalSheetState(journal, layout.sheetName));
  return { host, ...sheet, lines: journal.lines.length };
}

/** Every cell's fill in A1:L(rows) (null: none), as one text per row for readable diffs. */
function fills(host: FakeExcelHost, sheetName: string, rows: number): string[] {
  const sheet = host.workbook.sheetNamed(sheetName)!;
  return Array.from({ length: rows }, (_, row) =>
    Array.from({ length: 12 }, (_, column) => sheet.getCell(row, column)?.fillColor ?? "-").join(
      " ",
    ),
  );
}

/**
 * Marking as the first version did: the fill of every cell of the columns involved, one range
 * each, from the top down to a little below the marks; marks saved cell by cell.
 */
async function markCellByCell(
  host: FakeExcelHost,
  sheetKey: string,
  addresses: readonly string[],
): Promise<void> {
  await host.run(async (context) => {
    const setting = context.workbook.settings.getItem(JOURNAL_SHEETS_SETTING);
    setting.load("value");
    const sheet = journalSheetOf(context, sheetKey);
    const used = sheet.getUsedRangeOrNullObject(false);
    used.load("rowIndex,rowCount");
    await context.sync();
    const raw = JSON.parse(String(setting.value)) as Record<
      string,
      { marked?: readonly ProblemMark[] }
    >;
    const saved = raw[sheetKey]?.marked ?? [];
    const positions = [...saved.map((mark) => mark.address), ...addresses].map((address) => ({
      column: address.charCodeAt(0) - 65,
      row: Number(address.slice(1)),
    }));
    const lowest = Math.max(0, ...positions.map((position) => position.row));
    const usedEnd = used.isNullObject ? 0 : used.rowIndex + used.rowCount;
    const lastRow = Math.max(lowest, Math.min(usedEnd, lowest + 500));
    const cells = new Map<string, Excel.Range>();
    for (const column of new Set(positions.map((position) => position.column))) {
      for (let row = 1; row <= lastRow; row++) {
        const cell = sheet.getRangeByIndexes(row - 1, column, 1, 1);
        cell.load("format/fill/color,format/fill/pattern");
        cells.set(cellAddress(column, row), cell);
      }
    }
    await context.sync();
    const fillOf = (address: string): string | null => {
      const fill = cells.get(address)?.format.fill;
      return fill === undefined || fill.pattern === "None" ? null : fill.color.toUpperCase();
    };
    const problemFilled = [...cells.keys()].filter((address) => fillOf(address) === PROBLEM_FILL);
    const plan = planProblemMarks(saved, problemFilled, fillOf, addresses);
    for (const { address, fill } of plan.restore) {
      if (fill === null) sheet.getRange(address).format.fill.clear();
      else sheet.getRange(address).format.fill.color = fill;
    }
    for (const address of addresses) sheet.getRange(address).format.fill.color = PROBLEM_FILL;
    raw[sheetKey] = { ...raw[sheetKey], marked: plan.marks };
    context.workbook.settings.add(JOURNAL_SHEETS_SETTING, JSON.stringify(raw));
    await context.sync();
  });
}

/** What a user does between two validations. */
type Step =
  | { kind: "mark"; cells: { column: number; row: number }[] }
  | { kind: "colour"; column: number; row: number; colour: string }
  | { kind: "insert" | "delete"; row: number; count: number; formatted?: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("mark" as const),
      cells: fc.array(
        fc.record({
          column: fc.constantFrom(0, 1, 3, 5, 6, 8),
          row: fc.integer({ min: 16, max: 34 }),
        }),
        { maxLength: 12 },
      ),
    }),
  },
  fc.record({
    kind: fc.constant("colour" as const),
    column: fc.constantFrom(1, 5, 6),
    row: fc.integer({ min: 17, max: 34 }),
    colour: fc.constantFrom("#FFFF00", "#00B050"),
  }),
  fc.record({
    kind: fc.constantFrom("insert" as const, "delete" as const),
    row: fc.integer({ min: 2, max: 34 }),
    count: fc.integer({ min: 1, max: 3 }),
    // Excel's Insert gives new rows the formats of the row above (a mark's fill included).
    formatted: fc.boolean(),
  }),
);

describe("markProblems()", () => {
  it("leaves the sheet as marking cell by cell did, whatever the user does between", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const spans = await opened(12);
        const cells = await opened(12);
        const apply = async (
          { host, sheetKey }: typeof spans,
          mark: (host: FakeExcelHost, id: string, addresses: string[]) => Promise<void>,
          at: Step,
        ) => {
          if (at.kind === "mark") {
            await mark(
              host,
              sheetKey,
              at.cells.map((cell) => cellAddress(cell.column, cell.row)),
            );
          } else if (at.kind === "colour") {
            await host.run(async (context) => {
              const range = journalSheetOf(context, sheetKey).getRange(
                cellAddress(at.column, at.row),
              );
              range.format.fill.color = at.colour;
              await context.sync();
            });
          } else {
            await host.run(async (context) => {
              const rows = journalSheetOf(context, sheetKey).getRange(
                `${at.row}:${at.row + at.count - 1}`,
              );
              if (at.kind === "insert") rows.insert("Down");
              else rows.delete("Up");
              await context.sync();
            });
            if (at.kind === "insert" && at.formatted) {
              const sheet = host.workbook.sheetNamed(spans.sheetName)!;
              for (let column = 0; column < 12; column++) {
                const above = sheet.getCell(at.row - 2, column)?.fillColor ?? null;
                // (A mark's own fill copied is a stray problem fill: see the test below.)
                if (above === null || above === PROBLEM_FILL) continue;
                for (let row = at.row - 1; row < at.row - 1 + at.count; row++) {
                  sheet.ensureCell(row, column).fillColor = above;
                }
              }
            }
          }
        };
        for (const at of [...steps, { kind: "mark" as const, cells: [] }]) {
          await apply(spans, (host, id, addresses) => markProblems(host.run, id, addresses), at);
          await apply(cells, markCellByCell, at);
          expect(fills(spans.host, spans.sheetName, 45)).toEqual(
            fills(cells.host, cells.sheetName, 45),
          );
        }
      }),
      { numRuns: 100 },
    );
  });

  it("restores a cell read twice: a new problem just below an old mark", async () => {
    const { host, sheetKey, sheetName } = await opened(12);
    const drawn = fills(host, sheetName, 40);
    await markProblems(host.run, sheetKey, ["C20"]);
    await markProblems(host.run, sheetKey, ["C21", "C22"]);
    expect((await storedState(host.run, sheetKey))?.marked).toEqual([
      { address: "C21:C22", fill: NOT_SENT_FILL },
    ]);
    await markProblems(host.run, sheetKey, []);
    expect(fills(host, sheetName, 40)).toEqual(drawn);
  });

  it("clears its own marks, and leaves alone a problem fill Excel's Insert copied from one", async () => {
    const { host, sheetKey, sheetName } = await opened(12);
    const drawn = fills(host, sheetName, 40);
    await markProblems(host.run, sheetKey, ["A20"]);
    // A row inserted under the mark takes its formats, the problem fill included.
    await host.run(async (context) => {
      const sheet = journalSheetOf(context, sheetKey);
      sheet.getRange("21:21").insert("Down");
      sheet.getRange("A21").format.fill.color = PROBLEM_FILL;
      await context.sync();
    });
    await markProblems(host.run, sheetKey, ["A23"]);
    await markProblems(host.run, sheetKey, []);
    // The mark moved to A23 and back is cleared (the first version paired the copy at A21 with
    // it and left A23 lit); the copy is no mark, so it keeps its fill.
    const after = fills(host, sheetName, 40);
    expect(after[22]).toBe(drawn[21]);
    expect(after[20]!.startsWith(PROBLEM_FILL)).toBe(true);
    expect([...after.slice(0, 20), ...after.slice(21)]).toEqual([
      ...drawn.slice(0, 20),
      ...drawn.slice(20, 39),
    ]);
  });

  it("remembers marks as spans of a column, each with the fill its cells had", async () => {
    const { host, sheetKey } = await opened(10);
    await host.run(async (context) => {
      journalSheetOf(context, sheetKey).getRange("F21").format.fill.color = "#FFFF00";
      await context.sync();
    });
    const column = (letter: string) =>
      Array.from({ length: 8 }, (_, i) => `${letter}${FIRST_LINE_ROW + i}`);
    await markProblems(host.run, sheetKey, [...column("B"), ...column("F"), ...column("C")]);
    expect((await storedState(host.run, sheetKey))?.marked).toEqual([
      { address: "B19:B26", fill: null },
      { address: "F19:F20", fill: null },
      { address: "F21", fill: "#FFFF00" },
      { address: "F22:F26", fill: null },
      { address: "C19:C26", fill: NOT_SENT_FILL },
    ]);
  });
});

/** Every line's cells in columns B, F and G: problems in three whole columns. */
function threeColumns(lines: number): string[] {
  return Array.from({ length: lines }, (_, i) => FIRST_LINE_ROW + i).flatMap((row) => [
    `B${row}`,
    `F${row}`,
    `G${row}`,
  ]);
}

/** Debit and Credit of every other line (each line's own side), and every Account ID. */
function alternating(lines: number): string[] {
  return Array.from({ length: lines }, (_, i) => FIRST_LINE_ROW + i).flatMap((row, i) => [
    `B${row}`,
    i % 2 === 0 ? `F${row}` : `G${row}`,
  ]);
}

/** The requests of `work`, on a fresh request log. */
async function requestsOf(host: FakeExcelHost, work: () => Promise<void>) {
  host.resetCounters();
  await work();
  return host.requestLog.map(({ operations, requestBytes, responseBytes }) => ({
    operations,
    requestBytes,
    responseBytes,
  }));
}

describe("markProblems() requests", () => {
  it("mark, mark again and clear three whole columns in three small syncs, for 10 or 10,000 lines", async () => {
    const logs = [];
    for (const count of [10, 10_000]) {
      const { host, sheetKey, lines } = await opened(count);
      const problems = threeColumns(lines);
      const log = [
        ...(await requestsOf(host, () => markProblems(host.run, sheetKey, problems))),
        ...(await requestsOf(host, () => markProblems(host.run, sheetKey, problems))),
        ...(await requestsOf(host, () => markProblems(host.run, sheetKey, []))),
      ];
      expect(log).toHaveLength(9);
      // One range per column span and its neighbours: nothing grows with the lines.
      for (const sync of log) {
        expect(sync.operations).toBeLessThanOrEqual(10);
        expect(sync.requestBytes).toBeLessThan(2_000);
      }
      // Cleared: every fill is back as drawn.
      const drawn = await opened(count);
      expect(fills(host, drawn.sheetName, lines + 25)).toEqual(
        fills(drawn.host, drawn.sheetName, lines + 25),
      );
      logs.push(log.map((sync) => sync.operations));
    }
    expect(logs[1]).toEqual(logs[0]);
  });

  it("keep range objects within a few per problem cell when problems are scattered", async () => {
    const { host, sheetKey, lines } = await opened(10_000);
    const problems = alternating(lines);
    for (const work of [
      () => markProblems(host.run, sheetKey, problems),
      () => markProblems(host.run, sheetKey, problems),
      () => markProblems(host.run, sheetKey, []),
    ]) {
      const log = await requestsOf(host, work);
      const ranges = log.reduce((sum, sync) => sum + sync.operations, 0);
      // Reads of each marked cell and of the cells between; a write per mark, none per line.
      expect(ranges).toBeLessThanOrEqual(2 * problems.length + 20);
      expect(log.length).toBeLessThanOrEqual(10);
      for (const sync of log) {
        // At most 4,000 reads (about 480 bytes each with office.js) or 2,500 writes (740).
        expect(sync.operations).toBeLessThanOrEqual(4_001);
        expect(sync.requestBytes).toBeLessThan(MEASURED_PAYLOAD_CEILING_BYTES);
        expect(sync.responseBytes).toBeLessThan(MEASURED_PAYLOAD_CEILING_BYTES);
      }
    }
    expect(fills(host, "Journal JNL-0002", 40)).toEqual(
      fills((await opened(10_000)).host, "Journal JNL-0002", 40),
    );
  });
});
