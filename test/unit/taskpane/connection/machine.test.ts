import {
  canStartConnect,
  ConnectionEvent,
  ConnectionPanelState,
  INITIAL,
} from "../../../../src/taskpane/connection/machine";
import { connectionPanelView } from "../../../../src/taskpane/connection/view";
import { ACME, drive } from "./machineDriver";

const CONNECTED: ConnectionPanelState = drive([
  { type: "connectStarted", target: "api.example.com", quiet: false },
  {
    type: "connectSucceeded",
    project: "Acme",
    shown: ACME,
    isShown: true,
    warnings: [],
    quiet: false,
  },
]).state;

describe("connection/machine.ts", () => {
  it("starts disconnected with the form open, ready, and nothing said", () => {
    const view = connectionPanelView(INITIAL);
    expect(view).toMatchObject({ showForm: true, formBusy: false, connectLabel: "Connect" });
    expect(view.summary).toBeUndefined();
    expect(view.status.text).toBe("");
    expect(canStartConnect(INITIAL)).toBe(true);
  });

  it("connecting: busy form, hidden token, problems cleared, the target said, no second start", () => {
    const { state } = drive([
      { type: "tokenVisibilityToggled" },
      { type: "connectFailed", message: "Enter the access token.", field: "token", quiet: false },
      { type: "connectStarted", target: "api.example.com", quiet: false },
    ]);
    const view = connectionPanelView(state);
    expect(view).toMatchObject({ formBusy: true, connectLabel: "Connecting…", tokenShown: false });
    expect(view.alert).toBe("");
    expect(view.invalidField).toBeUndefined();
    expect(view.status.text).toBe("Connecting to api.example.com…");
    expect(canStartConnect(state)).toBe(false);
  });

  it("says Reconnecting for the pane's own quiet connection, and 'the server' without a target", () => {
    const { state } = drive([{ type: "connectStarted", quiet: true }]);
    expect(state.status.text).toBe("Reconnecting to the server…");
    expect(state.phase).toEqual({ phase: "connecting", target: "the server" });
  });

  it("connected: the summary replaces the form, the token is cleared and focus moves on", () => {
    const { state, effects } = drive([
      { type: "connectStarted", target: "api.example.com", quiet: false },
      {
        type: "connectSucceeded",
        project: "Acme",
        shown: ACME,
        isShown: true,
        warnings: ["The token could not be kept."],
        quiet: false,
      },
    ]);
    const view = connectionPanelView(state);
    expect(view.showForm).toBe(false);
    expect(view.summary).toBe("Connected to https://api.example.com/v1 as project Acme");
    // The pane moves to the next panel: the success is said in the pane's own region, once.
    expect(view.announcement.text).toBe("Connected to project Acme. The token could not be kept.");
    expect(view.status.text).toBe("");
    expect(effects).toEqual([{ kind: "clearToken" }, { kind: "focus", target: "nextPanel" }]);
    expect(canStartConnect(state)).toBe(false);
  });

  it("names the project connected beside the one shown", () => {
    const { state } = drive(
      [
        { type: "addProjectChosen" },
        { type: "connectStarted", quiet: false },
        {
          type: "connectSucceeded",
          project: "Other",
          shown: ACME,
          isShown: false,
          warnings: [],
          quiet: false,
        },
      ],
      CONNECTED,
    );
    expect(state.announcement.text).toBe("Connected to project Other.");
    expect(state.adding).toBe(false);
    expect(connectionPanelView(state).showForm).toBe(false);
  });

  it("approves what the workbook asked for once, on the user's first connection only", () => {
    const asked = drive([
      {
        type: "restored",
        notice: "This workbook asks…",
        awaitingApproval: true,
        labelGiven: true,
      },
    ]);
    expect(asked.state.status.text).toBe("This workbook asks…");
    const quiet = drive(
      [
        { type: "connectStarted", quiet: true },
        {
          type: "connectSucceeded",
          project: "Acme",
          shown: ACME,
          isShown: true,
          warnings: [],
          quiet: true,
        },
      ],
      asked.state,
    );
    expect(quiet.effects).toEqual([{ kind: "clearToken" }]);
    const byUser = drive(
      [
        { type: "addProjectChosen" },
        { type: "connectStarted", quiet: false },
        {
          type: "connectSucceeded",
          project: "B",
          shown: ACME,
          isShown: false,
          warnings: [],
          quiet: false,
        },
        { type: "addProjectChosen" },
        { type: "connectStarted", quiet: false },
        {
          type: "connectSucceeded",
          project: "C",
          shown: ACME,
          isShown: false,
          warnings: [],
          quiet: false,
        },
      ],
      quiet.state,
    );
    expect(byUser.effects.filter((effect) => effect.kind === "approved")).toHaveLength(1);
  });

  it("a failure says Not connected, alerts, marks and focuses the field at fault", () => {
    const { state, effects } = drive([
      { type: "connectStarted", quiet: false },
      {
        type: "connectFailed",
        message: "Enter the project identity.",
        field: "identity",
        quiet: false,
      },
    ]);
    expect(connectionPanelView(state)).toMatchObject({
      showForm: true,
      formBusy: false,
      alert: "Enter the project identity.",
      invalidField: "identity",
      status: { text: "Not connected." },
    });
    expect(effects).toEqual([{ kind: "focus", target: "identity" }]);
  });

  it("a quiet failure moves no focus; one with no field at fault focuses Connect", () => {
    expect(drive([{ type: "connectFailed", message: "Down.", quiet: true }]).effects).toEqual([]);
    expect(drive([{ type: "connectFailed", message: "Down.", quiet: false }]).effects).toEqual([
      { kind: "focus", target: "connect" },
    ]);
  });

  it("editing the marked field clears its mark, not the alert; another field leaves it", () => {
    const failed = drive([
      { type: "connectFailed", message: "Enter the access token.", field: "token", quiet: false },
    ]).state;
    expect(drive([{ type: "fieldEdited", field: "identity" }], failed).state.invalidField).toBe(
      "token",
    );
    const edited = drive([{ type: "fieldEdited", field: "token" }], failed).state;
    expect(edited.invalidField).toBeUndefined();
    expect(edited.alert).toBe("Enter the access token.");
  });

  it("a cancelled check goes back to where it was and focuses Connect", () => {
    const { state, effects } = drive(
      [
        { type: "addProjectChosen" },
        { type: "connectStarted", quiet: false },
        { type: "connectCancelled", current: ACME, message: "The check was cancelled." },
      ],
      CONNECTED,
    );
    expect(state.phase).toEqual({ phase: "connected", connection: ACME });
    expect(state.status.text).toBe("The check was cancelled.");
    expect(effects.at(-1)).toEqual({ kind: "focus", target: "connect" });
  });

  it("Escape aborts a check in flight", () => {
    const { effects } = drive([
      { type: "connectStarted", quiet: false },
      { type: "escape", focusInForm: false, hasCurrent: false },
    ]);
    expect(effects).toEqual([{ kind: "abortCheck" }]);
  });

  it("Escape in the Add project form closes it; elsewhere, or with nothing connected, it does nothing", () => {
    const adding = drive([{ type: "addProjectChosen" }], CONNECTED);
    expect(connectionPanelView(adding.state).showForm).toBe(true);
    expect(adding.effects).toEqual([
      { kind: "suggestLabel" },
      { kind: "focus", target: "apiAddress" },
    ]);
    expect(adding.state.status.text).toBe(
      "Enter the new project's address, token and identity, check its name, then select Connect.",
    );
    const closed = drive([{ type: "escape", focusInForm: true, hasCurrent: true }], adding.state);
    expect(connectionPanelView(closed.state).showForm).toBe(false);
    expect(closed.state.status.text).toBe("No project was added.");
    expect(closed.effects).toEqual([{ kind: "clearToken" }, { kind: "focus", target: "change" }]);
    for (const escape of [
      { type: "escape", focusInForm: false, hasCurrent: true },
      { type: "escape", focusInForm: true, hasCurrent: false },
    ] as const) {
      const ignored = drive([escape], adding.state);
      expect(ignored.state).toBe(adding.state);
      expect(ignored.effects).toEqual([]);
    }
  });

  it("a project's Connect opens the form and focuses the token only when it is empty", () => {
    const chosen = drive(
      [{ type: "projectConnectChosen", project: "Beta", tokenEmpty: true }],
      CONNECTED,
    );
    expect(connectionPanelView(chosen.state).showForm).toBe(true);
    expect(chosen.state.status.text).toBe(
      "Enter the token for Beta if needed, then select Connect.",
    );
    expect(chosen.effects).toEqual([{ kind: "focus", target: "token" }]);
    expect(canStartConnect(chosen.state)).toBe(true);
    expect(
      drive([{ type: "projectConnectChosen", project: "Beta", tokenEmpty: false }], CONNECTED)
        .effects,
    ).toEqual([{ kind: "focus", target: "connect" }]);
  });

  it("disconnecting the shown connection brings the form back, token hidden and cleared", () => {
    const shown = drive([{ type: "tokenVisibilityToggled" }], CONNECTED).state;
    const { state, effects } = drive(
      [
        {
          type: "disconnected",
          project: "Acme",
          forget: false,
          formReset: true,
          onlyProject: true,
        },
      ],
      shown,
    );
    expect(connectionPanelView(state)).toMatchObject({ showForm: true, tokenShown: false });
    expect(connectionPanelView(state).summary).toBeUndefined();
    expect(state.status.text).toBe("Disconnected. Enter the access token to connect again.");
    expect(effects).toEqual([
      { kind: "fillProject", project: "Acme" },
      { kind: "clearToken" },
      { kind: "focus", target: "token" },
    ]);
  });

  it("a token refused during a run disconnects its project, fills the form, and leaves the focus", () => {
    const { state, effects } = drive(
      [
        {
          type: "disconnected",
          project: "Acme",
          forget: false,
          formReset: true,
          onlyProject: true,
          tokenRefused: true,
        },
      ],
      CONNECTED,
    );
    expect(connectionPanelView(state).summary).toBeUndefined();
    expect(state.status.text).toBe(
      "The service refused the token for Acme, so it is disconnected. Enter a new token to connect it again.",
    );
    expect(effects).toEqual([{ kind: "fillProject", project: "Acme" }, { kind: "clearToken" }]);
  });

  it("Enter new token opens the project's form for a new token, its field focused", () => {
    const { state, effects } = drive(
      [{ type: "projectConnectChosen", project: "Beta", tokenEmpty: true, newToken: true }],
      CONNECTED,
    );
    expect(state.formPurpose).toBe("New token for Beta");
    expect(state.status.text).toBe(
      "The service refused the token for Beta. Enter a new one, then select Connect.",
    );
    expect(effects).toEqual([{ kind: "focus", target: "token" }]);
  });

  it("words a disconnect by whether the token is forgotten and whether others remain", () => {
    const say = (forget: boolean, onlyProject: boolean) =>
      drive(
        [{ type: "disconnected", project: "Beta", forget, formReset: false, onlyProject }],
        CONNECTED,
      ).state.status.text;
    expect(say(false, false)).toBe("Disconnected from Beta.");
    expect(say(true, false)).toBe(
      "Disconnected from Beta. Its token is no longer kept on this computer. Its recent journals are forgotten too.",
    );
    expect(say(true, true)).toBe(
      "Disconnected. The token is no longer kept on this computer. Its recent journals are forgotten too.",
    );
    const other = drive(
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
    expect(other.state.phase.phase).toBe("connected");
    expect(other.effects).toEqual([]);
  });

  it("Change unfolds the details; they fold again when the connection goes", () => {
    const open = drive([{ type: "detailsToggled" }], CONNECTED).state;
    expect(connectionPanelView(open).detailsExpanded).toBe(true);
    expect(
      connectionPanelView(drive([{ type: "detailsToggled" }], open).state).detailsExpanded,
    ).toBe(false);
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
        {
          type: "connectSucceeded",
          project: "Acme",
          shown: ACME,
          isShown: true,
          warnings: [],
          quiet: false,
        },
      ],
      open,
    ).state;
    expect(connectionPanelView(again).detailsExpanded).toBe(false);
  });

  it("says the same sentence twice as two writes (a new serial)", () => {
    const once = drive([{ type: "sandboxFilled" }]).state;
    const twice = drive([{ type: "sandboxFilled" }], once).state;
    expect(twice.status.text).toBe(once.status.text);
    expect(twice.status.serial).toBeGreaterThan(once.status.serial);
  });

  it("words the list's outcomes and the token's removal problems", () => {
    const text = (event: ConnectionEvent) => drive([event]).state;
    expect(text({ type: "madeDefault", project: "Beta" }).status.text).toBe(
      "Beta is now the default project.",
    );
    expect(text({ type: "makeDefaultFailed" }).alert).toBe(
      "The default project could not be saved in this workbook.",
    );
    expect(text({ type: "removed", project: "Beta" }).status.text).toBe(
      "Beta was removed from this workbook. Its sheets stay as they are, and are not refreshed.",
    );
    expect(text({ type: "removeFailed" }).alert).toBe(
      "The project could not be removed from this workbook.",
    );
    expect(text({ type: "tokenNotForgotten" }).alert).toBe(
      "The remembered token could not be removed from this computer.",
    );
    expect(text({ type: "rememberDropped" }).status.text).toBe(
      "The token will not be kept on this computer.",
    );
  });

  it("a quiet project beside a connected one opens the form for its check, then closes it", () => {
    const beside = drive([{ type: "quietProjectBegins", alongside: true }], CONNECTED).state;
    expect(canStartConnect(beside)).toBe(true);
    const after = drive([{ type: "quietProjectEnds" }], beside).state;
    expect(canStartConnect(after)).toBe(false);
    expect(drive([{ type: "restoreFinished" }], after).state).toBe(after);
    expect(drive([{ type: "restoreFinished", notice: "Asks." }], after).state.status.text).toBe(
      "Asks.",
    );
  });
});
