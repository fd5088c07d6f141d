import {
  delayAfter,
  INITIAL,
  outcomeOfRun,
  reduce,
  type AutoRefreshEvent,
  type AutoRefreshState,
} from "../../../../src/taskpane/refresh/machine";
import { autoRefreshCaption } from "../../../../src/taskpane/refresh/view";
import type { AutoRefreshSetting } from "../../../../src/settings/autoRefresh";
import type { ApiErrorKind } from "../../../../src/api/index";
import type { TableProgress, TableState } from "../../../../src/import/refreshAll";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 9, 0);
const EVERY_15_NEW: AutoRefreshSetting = { kind: "on", choice: { minutes: 15, mode: "new" } };

function drive(events: readonly AutoRefreshEvent[], state = INITIAL) {
  const runs: string[] = [];
  for (const event of events) {
    const step = reduce(state, event);
    state = step.state;
    for (const effect of step.effects) runs.push(effect.mode);
  }
  return { state, runs };
}

/** On, connected, with the pane shown: the next run planned 15 minutes after T0. */
const onAndConnected: AutoRefreshEvent[] = [
  { type: "setting", setting: EVERY_15_NEW, now: T0 },
  { type: "connections", connected: true, now: T0 },
];

/** `at hh:mm` in UTC, so the captions are the same on every machine. */
const when = (at: number) => `at ${new Date(at).toISOString().slice(11, 16)}`;

describe("the automatic refresh's schedule", () => {
  it("plans nothing while off, whatever else holds", () => {
    const { state, runs } = drive([
      { type: "connections", connected: true, now: T0 },
      { type: "due", busy: false, now: T0 + 60 * MINUTE },
    ]);
    expect(state.nextAt).toBeNull();
    expect(runs).toEqual([]);
    expect(autoRefreshCaption(state, T0, when)).toBe("");
  });

  it("never runs for a workbook's choice alone: without a connection it waits and says why", () => {
    const { state, runs } = drive([
      { type: "setting", setting: EVERY_15_NEW, now: T0 },
      { type: "due", busy: false, now: T0 + 15 * MINUTE },
    ]);
    expect(state.nextAt).toBeNull();
    expect(runs).toEqual([]);
    expect(autoRefreshCaption(state, T0, when)).toMatch(
      /^Automatic refresh waits for a connected project: it never connects by itself\./,
    );
  });

  it("says a setting it does not accept is off, and plans nothing", () => {
    const { state } = drive([
      { type: "connections", connected: true, now: T0 },
      { type: "setting", setting: { kind: "invalid" }, now: T0 },
    ]);
    expect(state.nextAt).toBeNull();
    expect(autoRefreshCaption(state, T0, when)).toBe(
      "This workbook's automatic refresh setting is not one the add-in offers, so it is off.",
    );
  });

  it("runs its mode once due, then plans the next a whole interval after the run ends", () => {
    const planned = drive(onAndConnected);
    expect(planned.state.nextAt).toBe(T0 + 15 * MINUTE);
    expect(autoRefreshCaption(planned.state, T0, when)).toBe("Next refresh at 09:15.");
    // A timer that fires early changes nothing.
    expect(
      drive([{ type: "due", busy: false, now: T0 + 14 * MINUTE }], planned.state).runs,
    ).toEqual([]);
    const { state, runs } = drive(
      [
        { type: "due", busy: false, now: T0 + 15 * MINUTE },
        { type: "ended", outcome: "done", now: T0 + 16 * MINUTE },
      ],
      planned.state,
    );
    expect(runs).toEqual(["new"]);
    expect(state.nextAt).toBe(T0 + 31 * MINUTE);
    expect(autoRefreshCaption(state, T0 + 16 * MINUTE, when)).toBe("Next refresh at 09:31.");
  });

  it("skips a tick while another action runs, says so, and keeps the interval", () => {
    const { state, runs } = drive([
      ...onAndConnected,
      { type: "due", busy: true, now: T0 + 15 * MINUTE },
    ]);
    expect(runs).toEqual([]);
    expect(state.nextAt).toBe(T0 + 30 * MINUTE);
    expect(autoRefreshCaption(state, T0 + 15 * MINUTE, when)).toBe(
      "Skipped the refresh at 09:15: another action was running. Next refresh at 09:30.",
    );
  });

  it("never starts a second run while its own runs", () => {
    const { state, runs } = drive([
      ...onAndConnected,
      { type: "due", busy: false, now: T0 + 15 * MINUTE },
      { type: "due", busy: false, now: T0 + 40 * MINUTE },
    ]);
    expect(runs).toEqual(["new"]);
    expect(state.running).toBe(true);
  });

  it("waits longer after each failed run, up to an hour, and back to the interval after one that works", () => {
    expect([0, 1, 2, 3, 4, 5].map((failures) => delayAfter(5, failures) / MINUTE)).toEqual([
      5, 10, 20, 40, 60, 60,
    ]);
    // An interval longer than an hour is never shortened.
    expect(delayAfter(240, 3) / MINUTE).toBe(240);
    let state: AutoRefreshState = drive(onAndConnected).state;
    const failOnce = (now: number) =>
      drive(
        [
          { type: "due", busy: false, now },
          { type: "ended", outcome: "failed", now },
        ],
        state,
      ).state;
    state = failOnce(T0 + 15 * MINUTE);
    expect(state.nextAt).toBe(T0 + 45 * MINUTE);
    expect(autoRefreshCaption(state, T0 + 15 * MINUTE, when)).toBe(
      "The last automatic refresh failed. Next refresh at 09:45.",
    );
    state = failOnce(T0 + 45 * MINUTE);
    expect(state.nextAt).toBe(T0 + 105 * MINUTE);
    state = drive(
      [
        { type: "due", busy: false, now: T0 + 105 * MINUTE },
        { type: "ended", outcome: "done", now: T0 + 105 * MINUTE },
      ],
      state,
    ).state;
    expect(state.nextAt).toBe(T0 + 120 * MINUTE);
  });

  it("stops when the service refuses the token, until the connection changes", () => {
    const refused = drive([
      ...onAndConnected,
      { type: "due", busy: false, now: T0 + 15 * MINUTE },
      { type: "ended", outcome: "refused", now: T0 + 15 * MINUTE },
      { type: "due", busy: false, now: T0 + 60 * MINUTE },
    ]);
    expect(refused.runs).toEqual(["new"]);
    expect(refused.state.nextAt).toBeNull();
    expect(autoRefreshCaption(refused.state, T0, when)).toBe(
      "Automatic refresh stopped: the service refused the token. Connect again to resume it.",
    );
    const again = drive(
      [{ type: "connections", connected: true, now: T0 + 70 * MINUTE }],
      refused.state,
    );
    expect(again.state.nextAt).toBe(T0 + 85 * MINUTE);
  });

  it("stops on Disconnect, a run ending after it plans nothing, and connecting again starts afresh", () => {
    const { state } = drive([
      ...onAndConnected,
      { type: "due", busy: false, now: T0 + 15 * MINUTE },
      { type: "connections", connected: false, now: T0 + 16 * MINUTE },
      { type: "ended", outcome: "done", now: T0 + 17 * MINUTE },
    ]);
    expect(state.nextAt).toBeNull();
    expect(state.running).toBe(false);
    const again = drive([{ type: "connections", connected: true, now: T0 + 20 * MINUTE }], state);
    expect(again.state.nextAt).toBe(T0 + 35 * MINUTE);
  });

  it("pauses while the pane is closed and plans a whole interval once it is open again", () => {
    const closed = drive([...onAndConnected, { type: "shown", shown: false, now: T0 + MINUTE }]);
    expect(closed.state.nextAt).toBeNull();
    expect(autoRefreshCaption(closed.state, T0, when)).toBe(
      "Automatic refresh is paused while the pane is closed.",
    );
    expect(drive([{ type: "due", busy: false, now: T0 + 15 * MINUTE }], closed.state).runs).toEqual(
      [],
    );
    const open = drive([{ type: "shown", shown: true, now: T0 + 30 * MINUTE }], closed.state);
    expect(open.state.nextAt).toBe(T0 + 45 * MINUTE);
  });

  it("a new choice starts its own interval from when it is made", () => {
    const { state } = drive([
      ...onAndConnected,
      {
        type: "setting",
        setting: { kind: "on", choice: { minutes: 60, mode: "full" } },
        now: T0 + 10 * MINUTE,
      },
      { type: "due", busy: false, now: T0 + 70 * MINUTE },
    ]);
    expect(state.running).toBe(true);
    expect(
      drive([...onAndConnected, { type: "setting", setting: { kind: "off" }, now: T0 }]).state
        .nextAt,
    ).toBeNull();
  });
});

describe("outcomeOfRun()", () => {
  const table = (state: TableState, failure?: ApiErrorKind): TableProgress => ({
    collection: "invoices",
    label: "Invoices",
    state,
    records: 0,
    message: "",
    ...(failure === undefined ? {} : { failure }),
  });
  const finished = (...tables: TableProgress[]) =>
    outcomeOfRun({ outcome: "finished", result: { tables, complete: false, message: "" } });

  it("stops on a refused token, slows down on any other failure, carries on otherwise", () => {
    expect(finished(table("done"), table("failed", "auth"))).toBe("refused");
    expect(finished(table("done"), table("failed", "server"))).toBe("failed");
    expect(outcomeOfRun({ outcome: "failed", message: "An import is already running." })).toBe(
      "failed",
    );
    expect(finished(table("done"), table("cancelled"), table("partial"))).toBe("done");
    expect(outcomeOfRun(null)).toBe("done");
  });
});
