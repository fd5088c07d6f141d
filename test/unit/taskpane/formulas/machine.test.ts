// The Formulas panel's machine, driven as the panel drives it, without a browser.
import { DEFAULT_CACHE_SECONDS } from "../../../../src/settings/formulaCacheTime";
import {
  INITIAL,
  reduce,
  type FormulasPanelEvent,
  type FormulasPanelState,
  type SaveCacheSeconds,
} from "../../../../src/taskpane/formulas/machine";
import { formulasPanelView } from "../../../../src/taskpane/formulas/view";
import {
  CACHE_UNREADABLE,
  REFRESH_FAILED,
  REFRESHED,
  REFRESHING,
} from "../../../../src/taskpane/formulas/text";

function drive(events: readonly FormulasPanelEvent[], state: FormulasPanelState = INITIAL) {
  const effects: SaveCacheSeconds[] = [];
  for (const event of events) {
    const step = reduce(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

describe("the Formulas panel's machine (formulas/machine.ts, formulas/view.ts)", () => {
  it("shows the default cache time until the workbook's is read, then that one", () => {
    expect(formulasPanelView(INITIAL).cacheField.text).toBe(String(DEFAULT_CACHE_SECONDS));
    const { state, effects } = drive([{ type: "cacheRead", seconds: 120 }]);
    expect(state.cacheField.text).toBe("120");
    expect(state.seconds).toBe(120);
    expect(effects).toEqual([]);
  });

  it("keeps what the user typed when the workbook's value arrives later", () => {
    const { state } = drive([
      { type: "cacheTyped", value: "45" },
      { type: "cacheRead", seconds: 120 },
    ]);
    expect(state.cacheField.text).toBe("45");
    expect(state.seconds).toBe(45);
  });

  it("saves a new valid cache time once, normalised, and not a value already saved", () => {
    const typed = drive([{ type: "cacheTyped", value: " 60 " }]);
    expect(typed.effects).toEqual([{ kind: "saveCacheSeconds", seconds: 60 }]);
    expect(typed.state.cacheField.text).toBe("60");
    const again = drive([{ type: "cacheTyped", value: "60" }], typed.state);
    expect(again.effects).toEqual([]);
  });

  it("says what is wrong with an invalid cache time, saves nothing, and clears it when fixed", () => {
    const wrong = drive([{ type: "cacheTyped", value: "soon" }]);
    expect(wrong.effects).toEqual([]);
    expect(formulasPanelView(wrong.state).cacheProblem).toMatch(/^Enter a whole number of seconds/);
    expect(wrong.state.cacheField).toEqual(INITIAL.cacheField);
    const fixed = drive([{ type: "cacheTyped", value: "10" }], wrong.state);
    expect(fixed.state.cacheProblem).toBe("");
    expect(drive([{ type: "cacheUnreadable" }]).state.cacheProblem).toBe(CACHE_UNREADABLE);
    expect(drive([{ type: "cacheUnsaved", message: "Locked." }]).state.cacheProblem).toBe(
      "Locked.",
    );
  });

  it("turns Refresh data off while it runs and says how it ended", () => {
    const started = drive([
      { type: "alerted", text: "Earlier." },
      { type: "refreshStarted" },
    ]).state;
    expect(formulasPanelView(started)).toMatchObject({
      refreshDisabled: true,
      status: { text: REFRESHING },
      alert: { text: "" },
    });
    const done = drive([{ type: "refreshEnded", ok: true }], started).state;
    expect(formulasPanelView(done)).toMatchObject({
      refreshDisabled: false,
      status: { text: REFRESHED },
    });
    const failed = drive([{ type: "refreshEnded", ok: false }], started).state;
    expect(formulasPanelView(failed)).toMatchObject({
      refreshDisabled: false,
      status: { text: "" },
      alert: { text: REFRESH_FAILED },
    });
  });

  it("counts each write of a line, so the same words said again are written again", () => {
    const once = drive([{ type: "said", text: "Inserted." }]).state;
    const twice = drive([{ type: "said", text: "Inserted." }], once).state;
    expect(twice.status.text).toBe(once.status.text);
    expect(twice.status.serial).toBe(once.status.serial + 1);
    expect(twice.alert).toBe(once.alert);
  });
});
