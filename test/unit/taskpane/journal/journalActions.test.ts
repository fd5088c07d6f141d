import type { SendOutcome } from "../../../../src/journalEditor/outcomes";
import {
  sendAcceptingResets,
  type ActionRun,
  type JournalEditorActions,
} from "../../../../src/taskpane/journal/journalActions";
import type { JournalPanelEvent } from "../../../../src/taskpane/journal/machine";

/** A run whose editor records the options of each send and answers `outcome`. */
function runAnswering(outcome: SendOutcome) {
  const sends: unknown[] = [];
  const events: JournalPanelEvent[] = [];
  const editor = {
    sendActiveJournal: (_deps: unknown, options: unknown) => {
      sends.push(options);
      return Promise.resolve(outcome);
    },
  } as unknown as JournalEditorActions;
  const run: ActionRun = {
    editor,
    deps: {} as ActionRun["deps"],
    signal: new AbortController().signal,
    dispatch: (event) => events.push(event),
    note: () => Promise.resolve(),
  };
  return { run, sends, events };
}

const VERSION = { sheetKey: "k1", serverUpdatedAt: "2026-02-01T10:42:00.000Z" };

describe("sendAcceptingResets()", () => {
  it("sends accepting the resets of the version asked about", async () => {
    const { run, sends, events } = runAnswering({ kind: "failed", message: "Offline." });
    await sendAcceptingResets(run, { ...VERSION, overwriting: false });
    expect(sends).toEqual([{ acceptResets: VERSION, signal: run.signal }]);
    expect(events).toEqual([{ type: "resetsClosed" }]);
  });

  it("overwrites that version too when the send that asked was an overwrite", async () => {
    const { run, sends } = runAnswering({ kind: "failed", message: "Offline." });
    await sendAcceptingResets(run, { ...VERSION, overwriting: true });
    expect(sends).toEqual([{ acceptResets: VERSION, overwrite: VERSION, signal: run.signal }]);
  });

  it("remembers a new question, with whether it came from an overwrite", async () => {
    const asked: SendOutcome = {
      kind: "confirm-resets",
      ...VERSION,
      sheetName: "Journal JNL-0002",
      message: "A line has a tax amount that sending cannot keep.",
      resets: ["Line 2 (account 4100): tax amount 210.00"],
      overwriting: true,
    };
    const { run, events } = runAnswering(asked);
    await sendAcceptingResets(run, undefined);
    expect(events).toContainEqual({
      type: "resetsFound",
      resets: { ...VERSION, overwriting: true },
    });
  });
});
