import { ApiError } from "../../../src/api";
import {
  importSummary,
  serverPartialReason,
  sourceOf,
  type ImportFacts,
} from "../../../src/import/importSummary";

const WHEN = new Date("2026-05-01T09:30:45Z");

function facts(overrides: Partial<ImportFacts> = {}): ImportFacts {
  return {
    outcome: "complete",
    label: "Invoices",
    source: "ledger.example.com/api",
    written: 1200,
    when: WHEN,
    rowLimit: null,
    serverPartial: null,
    opened: true,
    statusShown: true,
    failure: null,
    notes: [],
    textCells: "",
    ...overrides,
  };
}

describe("import summary", () => {
  it("says a complete import's count, source and time", () => {
    expect(importSummary(facts())).toEqual({
      headline: "Imported 1,200 records into Invoices.",
      details: [],
      status:
        "Invoices · 1,200 records · imported 2026-05-01 09:30 UTC from ledger.example.com/api · complete",
    });
  });

  it("counts one record in the singular", () => {
    expect(importSummary(facts({ written: 1 })).headline).toBe("Imported 1 record into Invoices.");
  });

  it("says a partial import reached the sheet's row limit, and what to do", () => {
    const summary = importSummary(facts({ outcome: "partial", written: 102, rowLimit: 103 }));
    const why =
      "the sheet's row limit (103 rows) was reached; filter the data at the source or use a database for this much";
    expect(summary.headline).toBe("Imported 102 records into Invoices, but not all.");
    expect(summary.details).toEqual([`Not all: ${why}.`]);
    expect(summary.status).toBe(
      `PARTIAL · Invoices · 102 records · imported 2026-05-01 09:30 UTC from ledger.example.com/api · ${why}`,
    );
  });

  it("gives the server's reason for a partial list when the row limit was not reached", () => {
    const why = serverPartialReason(80, 120);
    expect(why).toBe(
      "the server gave 80 payments of the 120 it reports, and offers no way to fetch more",
    );
    const summary = importSummary(
      facts({ outcome: "partial", label: "Payments", written: 80, serverPartial: why }),
    );
    expect(summary.headline).toBe("Imported 80 records into Payments, but not all.");
    expect(summary.details).toEqual([`Not all: ${why}.`]);
    expect(summary.status).toMatch(/^PARTIAL · Payments · 80 records · imported .* · the server/);
  });

  it("says a cancel before any page arrived changed no sheet, and writes no status line", () => {
    expect(importSummary(facts({ outcome: "cancelled", opened: false, written: 0 }))).toEqual({
      headline: "Cancelled before any records arrived; no sheet was changed.",
      details: [],
      status: "",
    });
  });

  it("says a cancelled import's sheet is marked partial only when its status line was written", () => {
    const marked = importSummary(facts({ outcome: "cancelled", written: 300 }));
    expect(marked.headline).toBe(
      "Cancelled. 300 records were imported; the sheet is marked partial. Import again for all of them.",
    );
    expect(marked.status).toBe(
      "PARTIAL · Invoices · 300 records · cancelled 2026-05-01 09:30 UTC · import again for the full list",
    );
    const unmarked = importSummary(
      facts({ outcome: "cancelled", written: 300, statusShown: false }),
    );
    expect(unmarked.headline).toBe(
      "Cancelled. 300 records were imported. Import again for all of them.",
    );
  });

  it("gives a failed import's error as its message and in its status line", () => {
    const failure = new ApiError("network", "The server could not be reached.");
    const summary = importSummary(facts({ outcome: "failed", written: 50, failure }));
    expect(summary.headline).toBe("The server could not be reached.");
    expect(summary.status).toBe(
      "PARTIAL · Invoices · 50 records · stopped 2026-05-01 09:30 UTC by an error: The server could not be reached.",
    );
    expect(importSummary(facts({ outcome: "failed", failure: "boom" })).headline).toBe("boom");
  });

  it("counts the cells kept as text in the sentence and folds the notes under it, never in the status line", () => {
    const notes = [
      "INV-000136: “Total” (F5) kept as text exactly as received (r).",
      "See “Import notes”.",
    ];
    const textCells = "2 cells in 1 record were kept as text";
    const summary = importSummary(facts({ notes, textCells }));
    expect(summary.headline).toBe(
      "Imported 1,200 records into Invoices; 2 cells in 1 record were kept as text.",
    );
    expect(summary.details).toEqual(notes);
    expect(summary.status).not.toContain("Import notes");
    expect(summary.status).not.toContain("kept as text");
  });

  it("names the source as people read it", () => {
    expect(sourceOf("https://ledger.example.com/api")).toBe("ledger.example.com/api");
    expect(sourceOf("http://localhost:8080")).toBe("localhost:8080");
  });
});
