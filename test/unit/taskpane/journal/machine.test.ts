// The journal panel's state machine, driven as the panel drives it, without a browser.
import {
  INITIAL,
  JournalPanelEvent,
  JournalPanelState,
  reduce,
  SERVER_VERSION_KEPT,
} from "../../../../src/taskpane/journal/machine";
import { journalPanelControls } from "../../../../src/taskpane/journal/view";
import {
  ActiveJournalInfo,
  CANCELLING,
  EMPTY_REFERENCE,
  JournalReport,
} from "../../../../src/taskpane/journal/text";

/** The state after one event; the journal machine asks for no effect. */
function next(state: JournalPanelState, event: JournalPanelEvent): JournalPanelState {
  const step = reduce(state, event);
  expect(step.effects).toEqual([]);
  return step.state;
}

function after(...events: JournalPanelEvent[]): JournalPanelState {
  return events.reduce(next, INITIAL);
}

const CONNECTED: JournalPanelEvent = { type: "connection", connected: true };
const DRAFT: ActiveJournalInfo = {
  sheetKey: "k1",
  sheetName: "Journal JNL-0001",
  status: "DRAFT",
  editable: true,
};
const POSTED: ActiveJournalInfo = { ...DRAFT, status: "POSTED", editable: false };
const REPORT: JournalReport = { status: "Sent.", alert: "", changes: [], settled: true };

describe("the journal panel's state machine", () => {
  it("offers nothing until a project is connected", () => {
    const controls = journalPanelControls(after());
    expect(controls).toMatchObject({ open: false, validate: false, send: false, cancel: false });
    expect(journalPanelControls(after(CONNECTED))).toMatchObject({
      open: true,
      validate: true,
      send: true,
      cancel: false,
      staleChoices: true,
      referenceReadOnly: false,
    });
  });

  it("runs one action at a time: buttons off, Cancel offered, busy words; then the report", () => {
    const running = after(CONNECTED, { type: "started", action: "send" });
    expect(running.action).toBe("send");
    expect(running.message.status).toBe("Sending…");
    expect(journalPanelControls(running)).toMatchObject({
      open: false,
      validate: false,
      send: false,
      cancel: true,
      cancelEnabled: true,
      staleChoices: false,
      referenceReadOnly: true,
    });
    expect(next(running, { type: "started", action: "open" })).toBe(running);
    const done = next(running, {
      type: "finished",
      report: { ...REPORT, alert: "It failed." },
    });
    expect(done.action).toBeUndefined();
    expect(done.message).toMatchObject({ status: "Sent.", alert: "It failed." });
    expect(journalPanelControls(done).open).toBe(true);
  });

  it("does not start an action while no project is connected", () => {
    expect(after({ type: "started", action: "open" }).action).toBeUndefined();
  });

  it("clears the alert and the field's mark when an action starts", () => {
    const refused = after(CONNECTED, { type: "emptyReference" });
    expect(refused.message).toMatchObject({ status: "", alert: EMPTY_REFERENCE });
    expect(refused.referenceInvalid).toBe(true);
    const started = next(refused, { type: "started", action: "open" });
    expect(started.message).toMatchObject({ status: "Opening the journal…", alert: "" });
    expect(started.referenceInvalid).toBe(false);
    expect(next(refused, { type: "referenceEdited" }).referenceInvalid).toBe(false);
  });

  it("says a message again when it is set again with the same words", () => {
    const once = after(CONNECTED, { type: "emptyReference" });
    const twice = next(once, { type: "emptyReference" });
    expect(twice.message.serial).toBeGreaterThan(once.message.serial);
  });

  it("says an action waits for a cell edit while it does, keeping Cancel, then its busy words", () => {
    const sending = after(CONNECTED, { type: "started", action: "send" });
    const waiting = next(sending, { type: "waitingForCellEdit", waiting: true });
    expect(waiting.message.status).toMatch(/^Waiting for you to finish editing a cell/);
    expect(journalPanelControls(waiting)).toMatchObject({ cancel: true, cancelEnabled: true });
    const resumed = next(waiting, { type: "waitingForCellEdit", waiting: false });
    expect(resumed.message.status).toBe(sending.message.status);
    const cancelling = next(waiting, { type: "cancelRequested" });
    expect(next(cancelling, { type: "waitingForCellEdit", waiting: false })).toBe(cancelling);
    const idle = after(CONNECTED);
    expect(next(idle, { type: "waitingForCellEdit", waiting: true })).toBe(idle);
  });

  it("cancels a cancellable action once, and never Validate", () => {
    const sending = after(CONNECTED, { type: "started", action: "send" });
    const cancelling = next(sending, { type: "cancelRequested" });
    expect(cancelling.message.status).toBe(CANCELLING);
    expect(journalPanelControls(cancelling)).toMatchObject({ cancel: true, cancelEnabled: false });
    expect(next(cancelling, { type: "cancelRequested" })).toBe(cancelling);
    const validating = after(CONNECTED, { type: "started", action: "validate" });
    expect(journalPanelControls(validating).cancel).toBe(false);
    expect(next(validating, { type: "cancelRequested" })).toBe(validating);
    const finished = next(cancelling, { type: "finished", report: REPORT });
    expect(finished.cancelling).toBe(false);
  });

  it("turns Send off for a journal that is not a draft, and says why", () => {
    const read = readOf(after(CONNECTED), POSTED);
    expect(journalPanelControls(read)).toMatchObject({ send: false, validate: true });
    expect(journalPanelControls(read).readOnlyReason).toMatch(/POSTED journals cannot be changed/);
    expect(journalPanelControls(read).activeSheet).not.toBe("");
  });

  it("turns Validate and Send off once a read finds no journal on the active sheet, and on again for one", () => {
    const none = readOf(after(CONNECTED), null);
    expect(journalPanelControls(none)).toMatchObject({ open: true, validate: false, send: false });
    const draft = readOf(none, DRAFT);
    expect(journalPanelControls(draft)).toMatchObject({ validate: true, send: true });
  });

  it("turns Validate and Send on when a journal is opened onto the active sheet", () => {
    const none = readOf(after(CONNECTED), null);
    const started = next(none, { type: "started", action: "open" });
    const shown = next(started, { type: "opened", info: DRAFT });
    const finished = next(shown, { type: "finished", report: REPORT });
    expect(journalPanelControls(finished)).toMatchObject({ validate: true, send: true });
  });

  it("drops a read of the active sheet that an action overtook", () => {
    const reading = after(CONNECTED, { type: "readRequested" });
    expect(reading.reading).toBe(true);
    const generation = reading.readGeneration;
    const overtaken = next(reading, { type: "started", action: "open" });
    const answered = next(overtaken, {
      type: "readFinished",
      generation,
      info: POSTED,
    });
    expect(answered.info).toBeUndefined();
    expect(answered.reading).toBe(false);
  });

  it("owes one more read when asked while reading", () => {
    const reading = after(CONNECTED, { type: "readRequested" });
    const asked = next(reading, { type: "readRequested" });
    expect(asked.readAgain).toBe(true);
    expect(asked.readGeneration).toBe(reading.readGeneration);
    const answered = next(asked, {
      type: "readFinished",
      generation: reading.readGeneration,
      info: DRAFT,
    });
    expect(answered).toMatchObject({ info: DRAFT, reading: false, readAgain: true });
    const again = next(answered, { type: "readRequested" });
    expect(again).toMatchObject({ reading: true, readAgain: false });
  });

  it("forgets the active sheet and the stale sheet when the last project disconnects", () => {
    const stale = { sheetKey: "k1", serverUpdatedAt: "2026-01-01T00:00:00Z" };
    const state = next(readOf(after(CONNECTED), DRAFT), {
      type: "staleFound",
      stale,
    });
    expect(state.stale).toEqual(stale);
    const gone = next(state, { type: "connection", connected: false });
    expect(gone).toMatchObject({ connected: false, info: undefined, stale: undefined });
    expect(journalPanelControls(gone).activeSheet).toBe("");
    expect(next(state, { type: "staleClosed" }).stale).toBeUndefined();
  });

  it("remembers the sheet and version a send asked about until answered or disconnected", () => {
    const resets = { sheetKey: "k1", serverUpdatedAt: "2026-01-01T00:00:00Z", overwriting: false };
    const state = next(readOf(after(CONNECTED), DRAFT), {
      type: "resetsFound",
      resets,
    });
    expect(state.resets).toEqual(resets);
    expect(next(state, { type: "resetsClosed" }).resets).toBeUndefined();
    const gone = next(state, { type: "connection", connected: false });
    expect(gone.resets).toBeUndefined();
  });

  it("keeps the journal an action opened", () => {
    const opened = after(
      CONNECTED,
      { type: "started", action: "open" },
      { type: "opened", info: DRAFT },
    );
    expect(opened.info).toEqual(DRAFT);
  });

  it("says the server version was kept, and that a problem's sheet is gone", () => {
    expect(after(CONNECTED, { type: "serverVersionKept" }).message.status).toBe(
      SERVER_VERSION_KEPT,
    );
    expect(after(CONNECTED, { type: "cellGone", sheetName: "Old" }).message.alert).toBe(
      "The sheet “Old” is gone; validate the journal again.",
    );
  });
});

function readOf(state: JournalPanelState, info: ActiveJournalInfo | null): JournalPanelState {
  const reading = next(state, { type: "readRequested" });
  return next(reading, {
    type: "readFinished",
    generation: reading.readGeneration,
    info,
  });
}
