// The journal row of the benchmark: a DRAFT journal of 10,000 lines drawn as a sheet
// (layoutJournal), read back (parseJournalGrid, which validates with exact decimals). Pure core,
// timed directly; the grid Excel would report is built outside the timing.
import type { JournalLine, ManualJournal } from "../src/api";
import { layoutJournal, parseJournalGrid } from "../src/journal";
import { seedJournals } from "../tools/sandbox/seed/journals";
import { SheetGrid } from "../test/unit/journal/sheetGrid";

export interface JournalBenchResult {
  readonly lines: number;
  readonly layoutMs: number;
  readonly parseAndValidateMs: number;
  readonly problems: number;
}

/** A balanced DRAFT journal of `count` lines: the seeded JNL-0002's lines, repeated. */
function bigJournal(count: number): ManualJournal {
  const seed = seedJournals("demo-company").find((journal) => journal.reference === "JNL-0002");
  if (!seed) throw new Error("The seeded journal JNL-0002 is missing.");
  const lines: JournalLine[] = [];
  for (let i = 0; lines.length < count; i++) {
    const line = seed.lines[i % seed.lines.length]!;
    lines.push({ ...line, id: `${line.id}-${i}` });
  }
  // The seed's lines balance as a whole; whole repeats keep the balance, so trim to a multiple.
  lines.length -= count % seed.lines.length;
  return { ...seed, lines };
}

export function measureJournal(count = 10_000): JournalBenchResult {
  const journal = bigJournal(count);
  let started = performance.now();
  const layout = layoutJournal(journal, { spareLines: 0 });
  const layoutMs = performance.now() - started;
  const snapshot = SheetGrid.fromLayout(layout).snapshot();
  started = performance.now();
  const reading = parseJournalGrid(snapshot);
  const parseAndValidateMs = performance.now() - started;
  return {
    lines: journal.lines.length,
    layoutMs,
    parseAndValidateMs,
    problems: reading.problems.length,
  };
}
