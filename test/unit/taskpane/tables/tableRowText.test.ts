// A Tables row's words: the tone of its state, what its state opens, its properties, and what
// Remove says.
import type { ImportTableEntry } from "../../../../src/import/importTablesList";
import {
  removedMessage,
  stateTone,
  tableDetails,
  tableProperties,
} from "../../../../src/taskpane/tables/tableRowText";

const INVOICES: ImportTableEntry = {
  collection: "invoices",
  label: "Invoices",
  tableName: "Invoices",
  sheetName: "Invoices",
  rows: 137,
  refreshed: "2026-11-27T09:00:00.000Z",
  fullRefresh: "2026-11-25T08:00:00.000Z",
  state: "warnings",
  status: "Invoices · 137 records · imported 2026-11-25 08:00 UTC · 2 cells kept as text",
};

describe("stateTone()", () => {
  it("draws warnings as a warning, a failed or partial update as an error, the rest as fine", () => {
    expect(stateTone("warnings")).toBe("warning");
    expect(stateTone("failed")).toBe("error");
    expect(stateTone("partial")).toBe("error");
    expect(stateTone("complete")).toBe("fine");
    expect(stateTone("state unknown")).toBe("fine");
  });
});

describe("tableDetails()", () => {
  it("opens on the status line the table's record keeps when this pane saw no run end", () => {
    expect(tableDetails(INVOICES)).toEqual([{ text: INVOICES.status }]);
  });

  it("opens on a failed run's reason", () => {
    const failed = {
      collection: "invoices" as const,
      label: "Invoices",
      state: "failed" as const,
      records: 0,
      message: "The server refused the access token.",
    };
    expect(tableDetails(INVOICES, failed)).toEqual([
      { text: "The server refused the access token." },
    ]);
  });
});

describe("tableProperties()", () => {
  it("names the project, list, path, table, rows and both refresh times", () => {
    const shown = tableProperties(INVOICES, {
      project: "Acme",
      path: "/invoices",
      timeZone: "UTC",
    });
    expect(shown).toEqual([
      { name: "Project", value: "Acme" },
      { name: "List", value: "Invoices" },
      { name: "API path", value: "/invoices" },
      { name: "Table", value: "Invoices on sheet Invoices" },
      { name: "Rows", value: "137 rows" },
      { name: "Last full refresh", value: "2026-11-25 08:00 UTC" },
      { name: "Last Fetch new", value: "2026-11-27 09:00 UTC" },
    ]);
  });

  it("says no Fetch new ran since the last full refresh, and what is not recorded", () => {
    const full = { ...INVOICES, refreshed: INVOICES.fullRefresh! };
    const facts = { project: "Acme", path: "/invoices", timeZone: "UTC" };
    expect(tableProperties(full, facts).at(-1)).toEqual({
      name: "Last Fetch new",
      value: "none since the last full refresh",
    });
    const { fullRefresh: _full, ...unrecorded } = INVOICES;
    expect(tableProperties(unrecorded, facts).slice(-2)).toEqual([
      { name: "Last full refresh", value: "not recorded" },
      { name: "Last Fetch new", value: "not recorded" },
    ]);
  });
});

describe("removedMessage()", () => {
  it("says the table is no longer updated and stays as it is", () => {
    const message = removedMessage("Invoices", {
      kind: "removed",
      tables: ["Invoices", "InvoiceLines"],
      deleted: [],
      kept: [],
    });
    expect(message).toEqual({
      tone: "success",
      text: "Invoices is no longer updated (with InvoiceLines): Refresh all leaves table Invoices alone. Its table stays as it is.",
    });
  });

  it("warns of a table kept for the user's columns", () => {
    const message = removedMessage("Bills", {
      kind: "removed",
      tables: ["Bills", "BillLines"],
      deleted: ["BillLines"],
      kept: [{ table: "Bills", columns: ["Checked"] }],
    });
    expect(message.tone).toBe("warning");
    expect(message.text).toMatch(
      /Deleted table BillLines; the sheets' other cells are as they were\.$/,
    );
    expect(message.details).toEqual([
      {
        text: "Table Bills was kept: it holds your column “Checked”; delete it yourself if you no longer need it.",
      },
    ]);
  });

  it("says a table gone since it was listed was not removed", () => {
    expect(removedMessage("Bills", { kind: "gone" }).text).toMatch(/^Bills was not removed: /);
  });
});
