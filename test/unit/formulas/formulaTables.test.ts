import type { JsonRecord } from "../../../src/api";
import {
  NOTES_HEADER,
  collectionTable,
  collectionTableSize,
  paymentsTable,
  paymentsTableSize,
  resultBytes,
  sizeCutRow,
} from "../../../src/formulas";
import { CURSOR_COLLECTIONS, DEFAULT_RECORD_COUNTS } from "../../../tools/sandbox";
import { collectionRecords, payments } from "../sheets/sandboxRecords";

function pages<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

describe("collectionTableSize()", () => {
  it.each(CURSOR_COLLECTIONS)(
    "measures %s page by page as the whole table the records make",
    (list) => {
      const records = collectionRecords(list, 0, DEFAULT_RECORD_COUNTS[list]);
      for (const pageSize of [50, 7]) {
        const size = collectionTableSize("Invoices");
        for (const page of pages(records, pageSize)) size.add(page);
        expect(size.bytes).toBe(resultBytes(collectionTable(records, "Invoices")));
      }
    },
  );

  it("counts the empty cells of fields first seen on a later page in the earlier rows", () => {
    const records: JsonRecord[] = [
      { id: "1", reference: "a" },
      { id: "2", reference: "b" },
      { id: "3", reference: "c", memo: "only here", contact: { name: "Ünïcode Ltd" } },
    ];
    const size = collectionTableSize("Invoices");
    for (const page of pages(records, 1)) size.add(page);
    expect(size.bytes).toBe(resultBytes(collectionTable(records, "Invoices")));
  });
});

describe("paymentsTableSize()", () => {
  it("measures payments page by page as the whole table they make", () => {
    const all = payments(0, 45);
    const size = paymentsTableSize();
    for (const page of pages(all, 10)) size.add(page);
    expect(size.bytes).toBe(resultBytes(paymentsTable(all)));
  });
});

describe("sizeCutRow()", () => {
  const header = ["ID", "Reference", "Total", NOTES_HEADER];
  const instead = (shown: number) => `Ask for at most ${shown}.`;

  it("says how many rows are shown of how many, why, what totals leave out and what to do", () => {
    const row = sizeCutRow({ noun: "invoices", fetched: 1500, instead })(header, 1093);
    expect(row).toEqual([
      "Incomplete: 1,093 of 1,500 invoices",
      "",
      "",
      "All 1,500 invoices would make a result too large for a cell formula (Excel takes at " +
        "most 5 MB; this table stops at 4 MB). Totals over this table leave out 407 invoices. " +
        "Ask for at most 1093.",
    ]);
  });

  it("says when fetching stopped at the cap, so the list may hold more", () => {
    const row = sizeCutRow({ noun: "invoices", fetched: 1100, askedFor: 2000, instead })(
      header,
      1093,
    );
    expect(row[0]).toBe("Incomplete: 1,093 of 1,100 invoices fetched");
    expect(row[3]).toBe(
      "The invoices fetched would make a result too large for a cell formula (Excel takes at " +
        "most 5 MB; this table stops at 4 MB), so fetching stopped at 1,100 of the 2,000 asked " +
        "for. Totals over this table leave out at least 7 invoices. Ask for at most 1093.",
    );
  });

  it("adds the server's own shortfall, counting what it held back in the totals left out", () => {
    const shortfall = { shown: 1000, wanted: 1500, total: 2500, noun: "payments" };
    const row = sizeCutRow({ noun: "payments", fetched: 1000, shortfall, instead })(header, 900);
    expect(row[0]).toBe("Incomplete: 900 of 1,500 payments");
    expect(row[3]).toBe(
      "All 1,000 payments received would make a result too large for a cell formula (Excel " +
        "takes at most 5 MB; this table stops at 4 MB). The server reports 2,500 payments but " +
        "sent only 1,000, with no way to ask for the rest (no next-page cursor). Totals over " +
        "this table leave out 600 payments. Ask for at most 900.",
    );
  });

  it("is as long as the header, with the text in the first and Notes cells only", () => {
    const wide = ["Account code", NOTES_HEADER, "Later column"];
    const row = sizeCutRow({ noun: "lines", fetched: 10, instead })(wide, 3);
    expect(row).toHaveLength(3);
    expect(row[1]).toMatch(/^All 10 lines/);
    expect(row[2]).toBe("");
  });
});
