// What an import says: its progress, the status line above its table and its closing message,
// computed from plain facts about the run so that every wording can be checked without Excel.
// The status lines written while it runs live with the code that recognises them
// (sheets/tableNameAndStatus.ts).

import { count } from "../util/plural";
import { stamp } from "../util/stamp";

/** How an import ended. */
export type ImportOutcome = "complete" | "partial" | "cancelled" | "failed";

/** The facts an import's closing message and status line are made from. */
export interface ImportFacts {
  readonly outcome: ImportOutcome;
  /** The collection's label ("Invoices"). */
  readonly label: string;
  /** The server, without its scheme ("ledger.example.com/api"). */
  readonly source: string;
  /** Rows whose write completed. */
  readonly written: number;
  readonly when: Date;
  /** The sheet's row limit when it stopped the import, or null when it did not. */
  readonly rowLimit: number | null;
  /** Why the server's list was incomplete, or null when it was not. */
  readonly serverPartial: string | null;
  /** Whether a table was opened: a cancel before the first page leaves the workbook untouched. */
  readonly opened: boolean;
  /** Whether the status line above the main table could be written. */
  readonly statusShown: boolean;
  /** What stopped a failed import. */
  readonly failure: unknown;
  /** Sentences about cells written as text in columns of another kind, one per record. */
  readonly notes: readonly string[];
  /** The clause that counts those cells ("2 cells in 1 record were kept as text"), or "". */
  readonly textCells: string;
}

/** The server an import reads from, as people read it: without its scheme. */
export function sourceOf(baseUrl: string): string {
  return baseUrl.replace(/^https?:\/\//, "");
}

/** Why a payments import is partial when the server stops before the count it reports. */
export function serverPartialReason(fetched: number, reported: number): string {
  return `the server gave ${count(fetched, "payment")} of the ${reported} it reports, and offers no way to fetch more`;
}

/** What an import says at its end: one sentence, the sentences under it, its status line. */
export interface ImportSummary {
  readonly headline: string;
  readonly details: readonly string[];
  /** The status line above its table; "" means no sheet was changed, so none is written. */
  readonly status: string;
}

/** The headline and its details as one text, for logs and the tests' reading. */
export function wholeMessage(headline: string, details: readonly string[]): string {
  return [headline, ...details].join(" ");
}

/** "Imported 3 records into Invoices" + "; 2 cells in 1 record were kept as text" + ".". */
function withClause(sentence: string, clause: string): string {
  return clause === "" ? `${sentence}.` : `${sentence}; ${clause}.`;
}

/**
 * The import's closing sentence, what explains it, and its table's status line (before the
 * notes about the tables themselves).
 */
export function importSummary(facts: ImportFacts): ImportSummary {
  const { label, source } = facts;
  const when = stamp(facts.when);
  const records = count(facts.written, "record");
  const details: string[] = [];
  let headline: string;
  let status: string;
  switch (facts.outcome) {
    case "complete":
      headline = withClause(`Imported ${records} into ${label}`, facts.textCells);
      status = `${label} · ${records} · imported ${when} from ${source} · complete`;
      break;
    case "partial": {
      const why =
        facts.rowLimit !== null
          ? `the sheet's row limit (${count(facts.rowLimit, "row")}) was reached; filter the data at the source or use a database for this much`
          : (facts.serverPartial ?? "the list was incomplete");
      headline = withClause(`Imported ${records} into ${label}, but not all`, facts.textCells);
      details.push(`Not all: ${why}.`);
      status = `PARTIAL · ${label} · ${records} · imported ${when} from ${source} · ${why}`;
      break;
    }
    case "cancelled":
      if (!facts.opened) {
        // No page had arrived, so no sheet was opened, let alone marked.
        headline = `Cancelled before any records arrived; no sheet was changed.`;
        status = "";
      } else {
        const marked = facts.statusShown ? "; the sheet is marked partial" : "";
        headline = `Cancelled. ${records} were imported${marked}. Import again for all of them.`;
        status = `PARTIAL · ${label} · ${records} · cancelled ${when} · import again for the full list`;
      }
      break;
    case "failed": {
      const reason = facts.failure instanceof Error ? facts.failure.message : String(facts.failure);
      headline = reason;
      status = `PARTIAL · ${label} · ${records} · stopped ${when} by an error: ${reason}`;
      break;
    }
  }
  // Cells written as text in columns of another kind: which records, which cells and why, so
  // a total that does not add up can be traced (each row's "Import notes" says why too). The
  // status line stays short; the rows' notes are beside the table.
  details.push(...facts.notes);
  return { headline, details, status };
}
