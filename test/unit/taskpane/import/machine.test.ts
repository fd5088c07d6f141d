import type { ImportProgress } from "../../../../src/import/importTypes";
import {
  ImportEffect,
  ImportEvent,
  INITIAL,
  reduce,
  refusalMessage,
} from "../../../../src/taskpane/import/machine";
import { importPanelView } from "../../../../src/taskpane/import/view";

function drive(events: readonly ImportEvent[], state = INITIAL) {
  const effects: ImportEffect[] = [];
  for (const event of events) {
    const step = reduce(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const STARTING: ImportProgress = {
  records: 0,
  pages: 0,
  message: "Starting the import of Invoices…",
};
const READY = drive([{ type: "connectionChanged", connected: true }]).state;

describe("import/machine.ts, import/view.ts", () => {
  it("disabled with the hint until a project connects; losing it cancels the run", () => {
    expect(importPanelView(INITIAL)).toMatchObject({
      controlsDisabled: true,
      hintShown: true,
    });
    expect(importPanelView(READY)).toMatchObject({ controlsDisabled: false, hintShown: false });
    expect(drive([{ type: "connectionChanged", connected: true }]).effects).toEqual([]);
    expect(drive([{ type: "connectionChanged", connected: false }], READY).effects).toEqual([
      { kind: "cancelRun" },
    ]);
  });

  it("while this import runs: no other start, Cancel shown and enabled until selected", () => {
    const running = drive([{ type: "runningChanged", running: "one" }], READY).state;
    expect(importPanelView(running)).toMatchObject({
      startDisabled: true,
      cancelShown: true,
      cancelDisabled: false,
    });
    const asked = drive([{ type: "cancelAsked", accepted: true }], running);
    expect(importPanelView(asked.state).cancelDisabled).toBe(true);
    expect(asked.effects).toEqual([{ kind: "say", text: "Cancelling the import…", now: true }]);
    expect(drive([{ type: "cancelAsked", accepted: false }], running).effects).toEqual([]);
    const next = drive(
      [
        { type: "runningChanged", running: null },
        { type: "runningChanged", running: "one" },
      ],
      asked.state,
    ).state;
    expect(importPanelView(next).cancelDisabled).toBe(false);
  });

  it("while Refresh all runs: no start, and no Cancel of this panel", () => {
    const view = importPanelView(drive([{ type: "runningChanged", running: "all" }], READY).state);
    expect(view).toMatchObject({ startDisabled: true, cancelShown: false, cancelDisabled: true });
  });

  it("a refusal says why, as an error in the message area", () => {
    expect(refusalMessage({ reason: "notConnected" })).toBe(
      "The default project is not connected. Connect it on the Connection tab, or choose another project.",
    );
    expect(refusalMessage({ reason: "notConnected", project: "Beta" })).toMatch(/^Beta is not/);
    const effects = drive([
      { type: "refused", refusal: { reason: "badPath", collection: "Invoices" } },
    ]).effects;
    expect(effects).toEqual([
      {
        kind: "show",
        message: {
          tone: "error",
          text: "Correct the Invoices path under Collection paths, then import again.",
        },
      },
    ]);
  });

  it("the start replaces the error, shows an indeterminate bar and says so at once", () => {
    const { state, effects } = drive(
      [
        { type: "pathsAlert", message: "Could not save." },
        { type: "started", progress: STARTING },
      ],
      READY,
    );
    const view = importPanelView(state);
    expect(view.bar).toEqual({ shown: true, indeterminate: true, valueText: "0 records, 0 pages" });
    expect(view.counts).toBe("0 records · 0 pages");
    // The start's sentence replaces the error in the same (only) message area.
    expect(effects.at(-1)).toEqual({ kind: "say", text: STARTING.message, now: true });
  });

  it("pages with a total fill the bar; their messages are throttled", () => {
    const { state, effects } = drive(
      [
        { type: "started", progress: STARTING },
        {
          type: "progressed",
          progress: { records: 120, pages: 3, total: 480, message: "Page 3…" },
        },
      ],
      READY,
    );
    expect(state.bar).toEqual({
      shown: true,
      indeterminate: false,
      valueNow: 120,
      valueMax: 480,
      width: "25%",
      valueText: "120 of 480 records, 3 pages",
    });
    expect(effects.at(-1)).toEqual({ kind: "say", text: "Page 3…", now: false });
  });

  it("a complete end fills the bar to the total and says the outcome", () => {
    const last = { records: 137, pages: 2, message: "Page 2…" };
    const { state, effects } = drive(
      [
        { type: "started", progress: STARTING },
        { type: "progressed", progress: last },
        {
          type: "ended",
          end: {
            outcome: "finished",
            message: "Imported 137 records.",
            complete: true,
            details: [],
          },
          last,
        },
      ],
      READY,
    );
    expect(state.bar).toMatchObject({
      indeterminate: false,
      valueNow: 137,
      valueMax: 137,
      width: "100%",
    });
    expect(state.counts).toBe("137 records · 2 pages");
    expect(effects.at(-1)).toEqual({
      kind: "show",
      message: { tone: "success", text: "Imported 137 records." },
    });
  });

  it("a failure leaves an empty bar where it stopped and says the error once", () => {
    const { state, effects } = drive(
      [
        { type: "started", progress: STARTING },
        {
          type: "ended",
          end: { outcome: "failed", message: "The server is down." },
          last: STARTING,
        },
      ],
      READY,
    );
    expect(state.bar).toMatchObject({ indeterminate: false, width: "0%" });
    expect(state.bar.valueNow).toBeUndefined();
    expect(effects.at(-1)).toEqual({
      kind: "show",
      message: { tone: "error", text: "The server is down." },
    });
    expect(effects.filter((effect) => effect.kind === "show")).toHaveLength(1);
  });

  it("a cancel after some pages of a total leaves the bar where it stopped", () => {
    const last = { records: 10, pages: 1, total: 40, message: "Page 1…" };
    const { state } = drive(
      [
        { type: "progressed", progress: last },
        { type: "ended", end: { outcome: "cancelled", message: "Cancelled." }, last },
      ],
      READY,
    );
    expect(state.bar).toMatchObject({
      indeterminate: false,
      valueNow: 10,
      valueMax: 40,
      width: "25%",
    });
  });

  it("Refresh all starting hides this import's bar and counts: they were about the action before", () => {
    const last = { records: 137, pages: 2, message: "Page 2…" };
    const ended = drive(
      [
        { type: "started", progress: STARTING },
        {
          type: "ended",
          end: { outcome: "finished", message: "Imported.", complete: true, details: [] },
          last,
        },
      ],
      READY,
    ).state;
    const view = importPanelView(drive([{ type: "runningChanged", running: "all" }], ended).state);
    expect(view.bar.shown).toBe(false);
    expect(view.counts).toBeUndefined();
  });
});
