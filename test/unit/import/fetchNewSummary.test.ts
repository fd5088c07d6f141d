import {
  fullRefreshMessage,
  NEW_ONLY_CAVEAT,
  newRowsMessage,
  newRowsStatus,
  tableForNewRows,
  type NewRowsAdded,
} from "../../../src/import/fetchNewSummary";

function added(overrides: Partial<NewRowsAdded> = {}): NewRowsAdded {
  return {
    kind: "added",
    sheetName: "Invoices",
    tableName: "Invoices",
    rows: 1205,
    added: 5,
    alreadyThere: 0,
    notAdded: 0,
    status: "",
    statusBlocked: null,
    unfilledColumns: [],
    viewKept: false,
    linked: null,
    ...overrides,
  };
}

describe("fetch new summary", () => {
  it("says how many linked rows went in with the records, after what qualifies the headline", () => {
    const linked = {
      sheetName: "Invoice lines",
      tableName: "InvoiceLines",
      rows: 2_410,
      added: 12,
    };
    const said = newRowsMessage("Invoices", added({ linked, alreadyThere: 1 }), 1, [], "", "line");
    expect(said.details.slice(0, 2)).toEqual([
      "1 new record was already there, added by another update meanwhile.",
      "Their 12 lines went in at the top of table “InvoiceLines”, which now has 2,410 rows.",
    ]);
    const none = newRowsMessage("Invoices", added({ linked: { ...linked, added: 0 } }), 1, []);
    expect(none.details.join(" ")).not.toContain("InvoiceLines");
  });

  it("says the outcome in one sentence, with the caveat folded under it and no button that does not exist", () => {
    const said = newRowsMessage("Invoices", added(), 1, [], "1 cell in 1 record was kept as text");
    expect(said.headline).toBe(
      "Added 5 new records at the top of table “Invoices” (1 request); it now has 1,205 records; 1 cell in 1 record was kept as text.",
    );
    expect(said.details).toEqual([NEW_ONLY_CAVEAT]);
    expect(said.message).not.toMatch(/use Refresh/);
  });

  it("says how many new records went to the top, in how many requests, and the caveat", () => {
    expect(newRowsMessage("Invoices", added(), 1, []).message).toBe(
      `Added 5 new records at the top of table “Invoices” (1 request); it now has 1,205 records. ${NEW_ONLY_CAVEAT}`,
    );
  });

  it("says when there was nothing new", () => {
    expect(newRowsMessage("Invoices", added({ added: 0, rows: 1200 }), 2, []).message).toBe(
      `No new Invoices since the table was last updated (2 requests). ${NEW_ONLY_CAVEAT}`,
    );
  });

  it("says which new records another update had put there, and which were not added", () => {
    const there = newRowsMessage("Invoices", added({ added: 0, alreadyThere: 1 }), 1, []).message;
    expect(there).toBe(
      `Added no records to table “Invoices” (1 request); it has 1,205 records. 1 new record was already there, added by another update meanwhile. ${NEW_ONLY_CAVEAT}`,
    );
    const stopped = newRowsMessage("Invoices", added({ added: 0, notAdded: 3 }), 1, []).message;
    expect(stopped).toBe(
      `Added no records to table “Invoices” (1 request). The table's first rows changed while the new records went in (another update or an edit), so 3 new records were not added rather than risk adding them twice or out of order; use Fetch new again. ${NEW_ONLY_CAVEAT}`,
    );
  });

  it("says why the status line was not updated, that filters and sort were applied again, and the misfit notes", () => {
    const message = newRowsMessage(
      "Invoices",
      added({
        statusBlocked: { reason: "in the way", address: "Invoices!A1" },
        viewKept: true,
      }),
      1,
      ["1 cell of “Total” was written as text."],
    ).message;
    expect(message).toContain(
      `${NEW_ONLY_CAVEAT} The table's status line was not updated: Invoices!A1 holds your data.`,
    );
    expect(message).toContain(
      "The filters and sort of table “Invoices” were applied again over the new rows.",
    );
    expect(message.endsWith("1 cell of “Total” was written as text.")).toBe(true);
    const noRoom = newRowsMessage(
      "Invoices",
      added({ statusBlocked: { reason: "no room" } }),
      1,
      [],
    ).message;
    expect(noRoom).toContain("there is no room for it above the table");
  });

  it("writes the status line with the rows, the new ones and another update's", () => {
    const status = newRowsStatus("Invoices", "x.test", new Date("2026-05-01T09:30:00Z"), "Inv");
    expect(status(1205, 5, 0, false)).toBe(
      "Invoices · 1,205 records · 5 new records added 2026-05-01 09:30 UTC from x.test · earlier rows as of the last full refresh",
    );
    expect(status(1205, 1, 2000, true)).toBe(
      "Invoices · 1,205 records · 1 new record added 2026-05-01 09:30 UTC from x.test, 2,000 more already added by another update · earlier rows as of the last full refresh · The filters and sort of table “Inv” were applied again over the new rows.",
    );
  });

  it("takes only a full import's table with an ID column, and says why not otherwise", () => {
    const ids = {
      kind: "ids",
      tableName: "Invoices",
      ids: ["inv-2", "inv-1"],
      sorted: false,
    } as const;
    expect(tableForNewRows(ids, "Invoices", "ID")).toBe(ids);
    expect(tableForNewRows({ kind: "no-table" }, "Invoices", "ID")).toEqual({
      why: "there is no Invoices table yet",
    });
    expect(tableForNewRows({ kind: "no-id-column", tableName: "Inv" }, "Invoices", "ID")).toEqual({
      why: "table “Inv” has no “ID” column to match records by",
    });
    expect(
      tableForNewRows({ ...ids, status: "PARTIAL · Invoices · 3 records" }, "Invoices", "ID"),
    ).toEqual({ why: "table “Invoices” holds a partial import" });
    // The user's sort: the first row is not the newest record.
    expect(tableForNewRows({ ...ids, sorted: true }, "Invoices", "ID")).toEqual({
      why: "table “Invoices” is sorted, so its first row is not the newest record it holds",
    });
  });

  it("says a fallback refreshed in full, and why", () => {
    const said = fullRefreshMessage("Invoices", "there is no Invoices table yet", {
      headline: "Imported 3 records into Invoices.",
      details: ["A note."],
      message: "Imported 3 records into Invoices. A note.",
    });
    expect(said.message).toBe(
      "Fetching only new records was not possible (there is no Invoices table yet), so Invoices were refreshed in full. Imported 3 records into Invoices. A note.",
    );
    expect(said.headline).toBe(
      "Imported 3 records into Invoices; refreshed in full, as only new records could not be fetched.",
    );
    expect(said.details).toEqual([
      "Fetching only new records was not possible (there is no Invoices table yet), so Invoices were refreshed in full.",
      "A note.",
    ]);
  });
});
