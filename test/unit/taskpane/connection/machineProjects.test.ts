// The connection machine and the workbook's projects: the form opened by Add project (its
// heading and Cancel), the suggested project name, the pane's announcement of a connection, and
// the form after Disconnect.
import {
  ConnectionEffect,
  ConnectionEvent,
  ConnectionPanelState,
  INITIAL,
  reduce,
} from "../../../../src/taskpane/connection/machine";
import { connectionPanelView } from "../../../../src/taskpane/connection/view";
import { ACME, drive } from "./machineDriver";

function succeeded(project: string, quiet: boolean, isShown = true): ConnectionEvent {
  return { type: "connectSucceeded", project, shown: ACME, isShown, warnings: [], quiet };
}

const CONNECTED: ConnectionPanelState = drive([
  { type: "connectStarted", quiet: false },
  succeeded("Acme", false),
]).state;

describe("the form opened by Add project", () => {
  it("has its own heading and a Cancel that closes it, the connection kept", () => {
    const adding = drive([{ type: "addProjectChosen" }], CONNECTED).state;
    expect(connectionPanelView(adding)).toMatchObject({
      showForm: true,
      formHeading: "Add a project",
      showCancel: true,
    });
    const cancelled = drive([{ type: "addCancelled" }], adding);
    const view = connectionPanelView(cancelled.state);
    expect(view).toMatchObject({ showForm: false, showCancel: false, summary: expect.any(String) });
    expect(view.formHeading).toBeUndefined();
    expect(cancelled.state.status.text).toBe("No project was added.");
    expect(cancelled.effects).toEqual([
      { kind: "clearToken" },
      { kind: "focus", target: "change" },
    ]);
  });

  it("names the project a list's Connect opened it for", () => {
    const { state } = drive(
      [{ type: "projectConnectChosen", project: "Beta", tokenEmpty: true }],
      CONNECTED,
    );
    expect(connectionPanelView(state)).toMatchObject({
      formHeading: "Connect Beta",
      showCancel: true,
    });
  });

  it("has no heading or Cancel when it is the only way to connect", () => {
    const view = connectionPanelView(INITIAL);
    expect(view.formHeading).toBeUndefined();
    expect(view.showCancel).toBe(false);
    // The pane's quiet connection of a second project opens no heading either.
    const quiet = drive([{ type: "quietProjectBegins", alongside: true }], CONNECTED).state;
    expect(connectionPanelView(quiet).showCancel).toBe(false);
  });

  it("ignores Cancel while the check is in flight (Escape aborts it)", () => {
    const busy = drive(
      [{ type: "addProjectChosen" }, { type: "connectStarted", quiet: false }],
      CONNECTED,
    ).state;
    const step = reduce(busy, { type: "addCancelled" });
    expect(step.state).toBe(busy);
    expect(step.effects).toEqual([]);
    expect(connectionPanelView(busy)).toMatchObject({ showCancel: true, formBusy: true });
  });

  it("loses its heading once the project is connected", () => {
    const { state } = drive(
      [
        { type: "addProjectChosen" },
        { type: "connectStarted", quiet: false },
        succeeded("Beta", false, false),
      ],
      CONNECTED,
    );
    expect(state.formPurpose).toBeUndefined();
    expect(connectionPanelView(state).showCancel).toBe(false);
  });
});

describe("the suggested project name", () => {
  const suggests = (effects: readonly ConnectionEffect[]) =>
    effects.some((effect) => effect.kind === "suggestLabel");

  it("follows the address until the user types a name, never the identity", () => {
    expect(suggests(drive([{ type: "fieldEdited", field: "apiAddress" }]).effects)).toBe(true);
    expect(suggests(drive([{ type: "fieldEdited", field: "identity" }]).effects)).toBe(false);
    expect(suggests(drive([{ type: "fieldEdited", field: "token" }]).effects)).toBe(false);
    expect(suggests(drive([{ type: "sandboxFilled" }]).effects)).toBe(true);
    const typed = drive([{ type: "fieldEdited", field: "label" }]).state;
    expect(typed.labelSuggested).toBe(false);
    expect(suggests(drive([{ type: "fieldEdited", field: "apiAddress" }], typed).effects)).toBe(
      false,
    );
    expect(suggests(drive([{ type: "sandboxFilled" }], typed).effects)).toBe(false);
  });

  it("is made afresh for Add project, and never replaces a project's own name", () => {
    const typed = drive([{ type: "fieldEdited", field: "label" }], CONNECTED).state;
    const adding = drive([{ type: "addProjectChosen" }], typed);
    expect(adding.state.labelSuggested).toBe(true);
    expect(suggests(adding.effects)).toBe(true);
    const chosen = drive(
      [{ type: "projectConnectChosen", project: "Beta", tokenEmpty: true }],
      CONNECTED,
    ).state;
    expect(chosen.labelSuggested).toBe(false);
    const restored = (labelGiven: boolean) =>
      drive([{ type: "restored", awaitingApproval: false, labelGiven }]).state.labelSuggested;
    expect(restored(true)).toBe(false);
    expect(restored(false)).toBe(true);
  });
});

describe("the announcement of a connection", () => {
  it("is said in the pane's own region when the pane moves on, and not in the panel too", () => {
    const view = connectionPanelView(CONNECTED);
    expect(view.announcement.text).toBe("Connected to project Acme.");
    expect(view.status.text).toBe("");
  });

  it("leaves the pane's quiet connections to the panel's status", () => {
    const { state } = drive([{ type: "connectStarted", quiet: true }, succeeded("Acme", true)]);
    expect(state.announcement.text).toBe("");
    expect(state.status.text).toBe("Connected.");
  });

  it("goes when the next connection action starts", () => {
    for (const next of [
      { type: "connectStarted", quiet: false },
      { type: "addProjectChosen" },
      { type: "disconnected", project: "Acme", forget: false, formReset: true, onlyProject: true },
      { type: "removed", project: "Beta" },
    ] as const) {
      const after = drive([next], CONNECTED).state.announcement;
      expect(after.text).toBe("");
      expect(after.serial).toBeGreaterThan(CONNECTED.announcement.serial);
    }
    // Small changes of the form leave it.
    expect(drive([{ type: "detailsToggled" }], CONNECTED).state.announcement).toBe(
      CONNECTED.announcement,
    );
  });

  it("is said again, as new, for a second connection of the same words", () => {
    const again = drive(
      [
        {
          type: "disconnected",
          project: "Acme",
          forget: false,
          formReset: true,
          onlyProject: true,
        },
        { type: "connectStarted", quiet: false },
        succeeded("Acme", false),
      ],
      CONNECTED,
    ).state.announcement;
    expect(again.text).toBe(CONNECTED.announcement.text);
    expect(again.serial).toBeGreaterThan(CONNECTED.announcement.serial);
  });
});

describe("the form after Disconnect", () => {
  it("holds the project just disconnected, not the one another action left in it", () => {
    // Beta's Connect filled the form with Beta; then the shown project, Acme, is disconnected.
    const { state, effects } = drive(
      [
        { type: "projectConnectChosen", project: "Beta", tokenEmpty: true },
        {
          type: "disconnected",
          project: "Acme",
          forget: false,
          formReset: true,
          onlyProject: false,
        },
      ],
      CONNECTED,
    );
    expect(effects.slice(-3)).toEqual([
      { kind: "fillProject", project: "Acme" },
      { kind: "clearToken" },
      { kind: "focus", target: "token" },
    ]);
    expect(state.adding).toBe(false);
    expect(state.labelSuggested).toBe(false);
    expect(connectionPanelView(state)).toMatchObject({ showForm: true, showCancel: false });
    expect(connectionPanelView(state).formHeading).toBeUndefined();
  });

  it("is left alone when another project stays shown", () => {
    const { effects } = drive(
      [
        {
          type: "disconnected",
          project: "Beta",
          forget: false,
          formReset: false,
          onlyProject: false,
        },
      ],
      CONNECTED,
    );
    expect(effects).toEqual([]);
  });
});
