import type { ImportTableEntry } from "../../../../src/import/importTablesList";
import type { TableProgress } from "../../../../src/import/refreshAll";
import {
  INITIAL,
  reduce,
  type TablesEvent,
  type TablesState,
} from "../../../../src/taskpane/tables/machine";
import {
  cancelState,
  canStart,
  tableRows,
  tablesStatus,
} from "../../../../src/taskpane/tables/view";
import { tableFacts, tableStateWord } from "../../../../src/taskpane/tables/text";

const INVOICES: ImportTableEntry = {
  collection: "invoices",
  label: "Invoices",
  tableName: "Invoices",
  sheetName: "Invoices",
  rows: 137,
  refreshed: "2026-11-26T07:05:00.000Z",
  state: "complete",
};
const BILLS: ImportTableEntry = {
  collection: "bills",
  label: "Bills (Acme)",
  project: "Acme",
  tableName: "Bills_2",
  sheetName: "Bills (Acme)",
  rows: 1,
  state: "warnings",
};

function drive(events: readonly TablesEvent[], state: TablesState = INITIAL) {
  return events.reduce((before, event) => {
    const step = reduce(before, event);
    expect(step.effects).toEqual([]);
    return step.state;
  }, state);
}

function line(table: ImportTableEntry, change: Partial<TableProgress>): TableProgress {
  return {
    collection: table.collection,
    label: table.label,
    ...(table.project === undefined ? {} : { project: table.project }),
    state: "waiting",
    records: 0,
    message: "Waiting…",
    ...change,
  };
}

const READY = drive([
  { type: "connected", connected: true },
  { type: "listed", tables: [INVOICES, BILLS] },
]);

describe("the Tables machine (tables/machine.ts, tables/view.ts)", () => {
  it("lists the tables with no run line; nothing starts before a connection or without tables", () => {
    const listed = drive([{ type: "listed", tables: [INVOICES, BILLS] }]);
    expect(tableRows(listed).map((row) => [row.entry.label, row.progress])).toEqual([
      ["Invoices", undefined],
      ["Bills (Acme)", undefined],
    ]);
    expect(canStart(listed)).toBe(false);
    expect(canStart(drive([{ type: "connected", connected: true }]))).toBe(false);
    expect(canStart(READY)).toBe(true);
  });

  it("Refresh all: a line per row while it runs, one Cancel, and the summary once it ends", () => {
    const started = drive([{ type: "started", mode: "full" }], READY);
    expect(started.status).toBe("Refreshing every imported table…");
    // A run the clock started says so.
    expect(drive([{ type: "started", mode: "new", automatic: true }], READY).status).toBe(
      "Automatic refresh: fetching new records for every imported table…",
    );
    expect(canStart(started)).toBe(false);
    expect(cancelState(started)).toEqual({ shown: true, enabled: true });

    const running = drive(
      [
        {
          type: "progress",
          tables: [line(INVOICES, { state: "running", records: 50 }), line(BILLS, {})],
        },
      ],
      started,
    );
    expect(tableRows(running).map((row) => row.progress?.state)).toEqual(["running", "waiting"]);

    const cancelling = drive([{ type: "cancelling" }], running);
    expect(cancelling.status).toBe("Cancelling…");
    expect(cancelState(cancelling)).toEqual({ shown: true, enabled: false });

    const result = {
      tables: [
        line(INVOICES, { state: "cancelled", message: "Cancelled." }),
        line(BILLS, { state: "cancelled", message: "Cancelled before it started; not changed." }),
      ],
      complete: false,
      message: "Refreshed 0 of 2 tables. Cancelled: Invoices, Bills (Acme).",
    };
    const ended = drive([{ type: "finished", result }], cancelling);
    expect(ended.status).toBe(result.message);
    // The summary is a status, not also an alert.
    expect(ended.error).toBe("");
    expect(cancelState(ended)).toEqual({ shown: false, enabled: false });
    expect(canStart(ended)).toBe(true);
    expect(tableRows(ended).map((row) => row.progress?.state)).toEqual(["cancelled", "cancelled"]);
  });

  it("a row's own Refresh names its table, and the next run clears the last one's lines and error", () => {
    const failed = drive(
      [
        { type: "started", mode: "new" },
        { type: "failed", message: "An import is already running." },
      ],
      READY,
    );
    expect(failed.error).toBe("An import is already running.");
    const one = drive(
      [{ type: "started", mode: "full", only: { collection: "bills", project: "Acme" } }],
      failed,
    );
    expect(one.status).toBe("Refreshing Bills (Acme)…");
    expect(one.error).toBe("");
    expect(one.progress).toEqual({});
    // A second start while one runs is ignored.
    expect(drive([{ type: "started", mode: "new" }], one)).toBe(one);
  });

  it("a late progress report after the end does not redraw a finished run as running", () => {
    const ended = drive(
      [
        { type: "started", mode: "full" },
        { type: "finished", result: { tables: [], complete: true, message: "Refreshed." } },
      ],
      READY,
    );
    const late = drive(
      [{ type: "progress", tables: [line(INVOICES, { state: "running" })] }],
      ended,
    );
    expect(late).toBe(ended);
  });

  it("says a run waits for a cell edit while it does, and what runs once it goes on", () => {
    const running = drive([{ type: "started", mode: "full" }], READY);
    const waiting = drive([{ type: "waitingForCellEdit", waiting: true }], running);
    expect(tablesStatus(waiting)).toMatch(/^Waiting for you to finish editing a cell/);
    expect(cancelState(waiting)).toEqual({ shown: true, enabled: true });
    const resumed = drive([{ type: "waitingForCellEdit", waiting: false }], waiting);
    expect(tablesStatus(resumed)).toBe("Refreshing every imported table…");
    const cancelling = drive([{ type: "cancelling" }], waiting);
    expect(tablesStatus(cancelling)).toBe("Cancelling…");
    const idle = drive([{ type: "waitingForCellEdit", waiting: true }], READY);
    expect(idle).toBe(READY);
  });

  it("another import running holds the rows' buttons", () => {
    expect(canStart(drive([{ type: "busy", busy: true }], READY))).toBe(false);
  });
});

describe("tables/text.ts: a row's words", () => {
  it("names the project, the rows and the last refresh in local time with its zone", () => {
    expect(tableFacts(INVOICES, 2, "Europe/Berlin")).toBe(
      "137 rows · refreshed 2026-11-26 08:05 GMT+1",
    );
    expect(tableFacts(BILLS, 2, "UTC")).toBe("Acme · 1 row · last refresh not recorded");
    // One project in the workbook: not named on every row.
    expect(tableFacts(BILLS, 1, "UTC")).toBe("1 row · last refresh not recorded");
  });

  it("after Fetch new, says when the existing rows were last refreshed in full", () => {
    const fetched = { ...INVOICES, fullRefresh: "2026-11-25T06:00:00.000Z" };
    expect(tableFacts(fetched, 1, "UTC")).toBe(
      "137 rows · new records 2026-11-26 07:05 UTC · existing rows refreshed 2026-11-25 06:00 UTC",
    );
    expect(tableFacts({ ...INVOICES, fullRefresh: INVOICES.refreshed! }, 1, "UTC")).toBe(
      "137 rows · refreshed 2026-11-26 07:05 UTC",
    );
  });

  it("tells a linked table's rows with its records' table's", () => {
    const linked = [{ tableName: "InvoiceLines", sheetName: "Invoice lines", rows: 1_204 }];
    expect(tableFacts({ ...INVOICES, linked }, 1, "UTC")).toBe(
      "137 rows, and 1,204 on sheet Invoice lines · refreshed 2026-11-26 07:05 UTC",
    );
  });

  it("shows the record's state, or failed when the last run failed on this table", () => {
    expect(tableStateWord(BILLS)).toBe("warnings");
    expect(tableStateWord(INVOICES, line(INVOICES, { state: "failed" }))).toBe("failed");
    const { state: _recorded, ...unrecorded } = INVOICES;
    expect(tableStateWord(unrecorded)).toBe("state unknown");
  });
});
