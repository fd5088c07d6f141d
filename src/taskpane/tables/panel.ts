// The Import tab's Tables view: every import table with its own Refresh, Fetch new and Go to,
// Refresh all and Fetch new for all with a line per table and their one Cancel; below it the
// refresh panel (refresh/), whose runs are this view's. Wires the machine (machine.ts) to the page; the
// rows are drawn by elements.ts, the words are in text.ts.

import type { LedgerApi } from "../../api/index";
import type { ImportTableEntry } from "../../import/importTablesList";
import type { ProjectClient, RefreshMode, TableKey } from "../../import/refreshAll";
import { COLLECTIONS, type CollectionId, type CollectionInfo } from "../../domain/collections";
import type { StopTrackingOutcome } from "../../excel/stopTracking";
import type { TableProject } from "../../domain/tableOwnership";
import type { ActiveConnectionHolder } from "../../settings/activeConnection";
import { readRefreshOnOpen, RefreshOnOpen } from "../../settings/refreshOnOpen";
import type { DocumentSettingsStore } from "../../settings/stores";
import type { ImportRun, RefreshAllEnd } from "../import/importRun";
import { outcomeOfRun } from "../refresh/machine";
import { mountRefreshPanel } from "../refresh/panel";
import type { AutoRefreshClock } from "../refresh/autoRefreshTimer";
import { messageAreaFor, type MessageArea, type PanelMessage } from "../shared/messageArea";
import { INITIAL, reduce, type TablesEvent, type TablesState } from "./machine";
import { cancelState, canStart, tablesStatus } from "./view";
import { mountTablesElements, type TablesActions } from "./elements";
import { removedMessage } from "./tableRowText";
import { focusIsOnOrLost, requireElement, setShown } from "../shared/pageElements";
import { mountMachine } from "../shared/mountMachine";

export interface TablesPanelOptions {
  readonly workbook: DocumentSettingsStore;
  readonly active: ActiveConnectionHolder;
  readonly run: ImportRun;
  /** The API path the workbook sets for a cursor collection (its default otherwise). */
  readonly pathFor: (collection: CollectionInfo) => string;
  /** The workbook's import tables of these projects (src/import/importTablesList.ts). */
  readonly listTables: (
    projects: readonly (TableProject | undefined)[],
  ) => Promise<ImportTableEntry[]>;
  /** Shows the table's sheet and selects it; false when no table has that name now. */
  readonly goToTable: (tableName: string) => Promise<boolean>;
  /** The service refused the token of this project (the default one when absent) in a run. */
  readonly tokenRefused?: (project?: string) => void;
  /** Enter new token on a row whose update the service refused: the project's form opens. */
  readonly enterNewToken?: (project?: string) => void;
  /** Stops updating the import table of that name, deleting it when asked (Remove). */
  readonly stopTracking: (tableName: string, deleteTable: boolean) => Promise<StopTrackingOutcome>;
  /**
   * Makes the add-in load (or not) when this workbook opens: Office.addin.setStartupBehavior,
   * which Office keeps in the document. Absent outside Excel.
   */
  readonly setLoadOnOpen?: (load: boolean) => Promise<void>;
  /** The automatic refresh's clock; the page's timers when absent. */
  readonly clock?: AutoRefreshClock;
  /** Calls back when the task pane is closed or opened again, where the host says. */
  readonly watchShown?: (listener: (shown: boolean) => void) => void;
}

export interface TablesPanel {
  /** Runs Refresh all (full) or Fetch new for all, as the buttons do; resolves when it ends. */
  refresh(mode: RefreshMode): Promise<void>;
  /** The workbook's choice for when it opens (read from its settings). */
  onOpenChoice(): Promise<RefreshOnOpen>;
  /** Reads the list of tables again; resolves once it is drawn. */
  reload(): Promise<void>;
}

export function mountTablesPanel(root: Document, options: TablesPanelOptions): TablesPanel {
  const { active, run, workbook } = options;
  const fullButton = requireElement(root, "refresh-all", HTMLButtonElement);
  const newButton = requireElement(root, "refresh-all-new", HTMLButtonElement);
  const cancelButton = requireElement(root, "refresh-all-cancel", HTMLButtonElement);
  // The Import tab's one message area: a run's words replace the import's, and back.
  const messages = messageAreaFor(root, "import-messages");

  /** Whether the last run brought every table in: its summary is a success, else a warning. */
  let lastComplete = true;
  let shownText = "";
  const list = requireElement(root, "import-tables", HTMLUListElement);
  const empty = requireElement(root, "import-tables-empty", HTMLElement);
  const view = mountTablesElements(root, list, empty, {
    ...rowActions(root, options, messages, reload),
    refresh: (mode, only, from) => void refresh(mode, only, from),
  });

  function render(state: TablesState): void {
    view.draw(state);
    fullButton.disabled = !canStart(state);
    newButton.disabled = !canStart(state);
    const cancel = cancelState(state);
    setShown(cancelButton, cancel.shown);
    cancelButton.disabled = !cancel.enabled;
    // Written only when changed, so the live region does not announce the same words again.
    const message = messageOf(state, lastComplete);
    if (message !== null && message.text !== shownText) {
      shownText = message.text;
      if (message.tone === "progress") messages.say(message.text);
      else messages.show(message);
    }
  }

  const { dispatch } = mountMachine({ reduce, initial: INITIAL, render });

  const projects = () => tableProjects(active);

  // Only the latest reading is drawn: an earlier one may answer after it.
  let reading = 0;
  async function reload(): Promise<void> {
    const mine = ++reading;
    try {
      const tables = await options.listTables(projects());
      if (mine === reading) dispatch({ type: "listed", tables });
    } catch {
      // The list stays as last read; the next run or import reads it again.
    }
  }

  follow(run, active, dispatch, reload);

  /**
   * One run, from a button or the automatic refresh (`automatic`: the tables of projects not
   * connected here are left out, not failed, and the keyboard focus stays where it is). Null
   * when it could not start.
   */
  async function refresh(
    mode: RefreshMode,
    only?: TableKey,
    from?: HTMLElement,
    automatic = false,
  ): Promise<RefreshAllEnd | null> {
    if (active.all.length === 0 || run.running) return null;
    const started = from ?? (mode === "full" ? fullButton : newButton);
    const focusToCancel = !automatic && focusIsOnOrLost(root, started);
    dispatch({ type: "started", mode, automatic, ...(only === undefined ? {} : { only }) });
    // The list is read again alongside, so a table imported since has its row for its line.
    void reload();
    const ending = run.startAll({
      ...clientsOf(active, automatic),
      mode,
      ...(only === undefined ? {} : { only }),
      pathFor: options.pathFor,
      onProgress: (tables) => dispatch({ type: "progress", tables }),
      onWaitingForCellEdit: (waiting) => dispatch({ type: "waitingForCellEdit", waiting }),
    });
    if (focusToCancel) cancelButton.focus();
    const end = await ending;
    const focusBack = !automatic && focusIsOnOrLost(root, cancelButton);
    lastComplete = end.outcome !== "failed" && end.result.complete;
    tellRefusedTokens(end, options);
    dispatch(
      end.outcome === "failed"
        ? { type: "failed", message: end.message }
        : { type: "finished", result: end.result },
    );
    await reload();
    if (focusBack) started.focus();
    return end;
  }

  fullButton.addEventListener("click", () => void refresh("full"));
  newButton.addEventListener("click", () => void refresh("new"));
  cancelButton.addEventListener("click", () => {
    if (run.cancel()) dispatch({ type: "cancelling" });
  });

  mountRefreshPanel(root, {
    ...options,
    busy: () => run.running,
    run: async (mode) => outcomeOfRun(await refresh(mode, undefined, undefined, true)),
    messages,
  });
  return {
    refresh: async (mode) => {
      await refresh(mode);
    },
    onOpenChoice: () => readRefreshOnOpen(workbook),
    reload,
  };
}

/** Follows the other runs and the connections: the buttons wait, the list is read again. */
function follow(
  run: ImportRun,
  active: ActiveConnectionHolder,
  dispatch: (event: TablesEvent) => void,
  reload: () => Promise<void>,
): void {
  run.subscribe((kind) => {
    dispatch({ type: "busy", busy: kind === "one" });
    if (kind === null) void reload();
  });
  const setConnected = () => dispatch({ type: "connected", connected: active.all.length > 0 });
  active.subscribe(() => {
    setConnected();
    void reload();
  });
  setConnected();
  void reload();
}

/** What a row's buttons do besides starting a run. */
function rowActions(
  root: Document,
  options: TablesPanelOptions,
  messages: MessageArea,
  reload: () => Promise<void>,
): Omit<TablesActions, "refresh"> {
  return {
    goTo: (row) => void goTo(options, row.entry, (message) => messages.show(message), reload),
    goToCell: (cell) => void messages.selectCell(cell),
    remove: (row, deleteTable) => {
      if (!options.run.running) {
        void removeTable(root, options, row.entry, deleteTable, messages, reload);
      }
    },
    factsOf: (row) => factsOf(options, row.entry),
    enterNewToken: (row) => options.enterNewToken?.(row.entry.project),
  };
}

/** Tells of each project whose token the service refused in a run (none named: the default). */
function tellRefusedTokens(end: RefreshAllEnd, options: TablesPanelOptions): void {
  if (end.outcome === "failed") return;
  const refused = end.result.tables.filter((table) => table.failure === "auth");
  for (const project of new Set(refused.map((table) => table.project))) {
    options.tokenRefused?.(project);
  }
}

/** Remove: stops updating the table, says what became of it, and lists the tables again. */
async function removeTable(
  root: Document,
  options: TablesPanelOptions,
  entry: ImportTableEntry,
  deleteTable: boolean,
  messages: MessageArea,
  reload: () => Promise<void>,
): Promise<void> {
  try {
    const outcome = await options.stopTracking(entry.tableName, deleteTable);
    messages.show(removedMessage(entry.label, outcome));
  } catch (error) {
    messages.show({
      tone: "error",
      text: `${entry.label} could not be removed: ${error instanceof Error ? error.message : String(error)} Try Remove again.`,
    });
  }
  await reload();
  // The row and its question are gone: the keyboard goes on from the list's buttons.
  const fullButton = requireElement(root, "refresh-all", HTMLButtonElement);
  if (focusIsOnOrLost(root, fullButton)) {
    const collection = requireElement(root, "collection", HTMLSelectElement);
    (fullButton.disabled ? collection : fullButton).focus();
  }
}

/** The project and API path a table's properties name. */
function factsOf(options: TablesPanelOptions, entry: ImportTableEntry) {
  const { active } = options;
  return {
    project:
      entry.project ??
      active.projects[0] ??
      active.current?.project ??
      "This workbook's connection",
    path: pathOf(entry.collection, options.pathFor),
  };
}

/** Go to: the table's sheet, with the table selected; one not found is said, and the list read again. */
async function goTo(
  options: TablesPanelOptions,
  entry: ImportTableEntry,
  tell: (message: PanelMessage) => void,
  reload: () => Promise<void>,
): Promise<void> {
  const shown = await options.goToTable(entry.tableName).catch(() => false);
  if (shown) return;
  tell({
    tone: "warning",
    text: `Table “${entry.tableName}” could not be shown: it was renamed, deleted or its sheet is hidden.`,
  });
  await reload();
}

/** What the Tables view says in the tab's message area: a run's progress, its end, or why it failed. */
function messageOf(state: TablesState, complete: boolean): PanelMessage | null {
  if (state.error !== "") return { tone: "error", text: state.error };
  if (state.status === "") return null;
  if (state.running !== null) return { tone: "progress", text: tablesStatus(state) };
  return { tone: complete ? "success" : "warning", text: state.status };
}

/** The API path a table's list is read from: the workbook's, or payments' fixed one. */
function pathOf(id: CollectionId, pathFor: (collection: CollectionInfo) => string): string {
  const info = COLLECTIONS.find((each) => each.id === id);
  if (info === undefined) return "";
  return id === "payments" ? info.defaultPath : pathFor(info);
}

/** The workbook's projects as its tables record them; none recorded: one without a project. */
function tableProjects(active: ActiveConnectionHolder): (TableProject | undefined)[] {
  const found = active.projects.flatMap((label) => {
    const project = active.tableProject(label);
    return project === undefined ? [] : [project];
  });
  return found.length > 0 ? found : [undefined];
}

/**
 * The clients of a run: each project's (`connectedOnly`: only those connected here), or the
 * default connection's for a workbook whose projects the pane has not recorded.
 */
function clientsOf(
  active: ActiveConnectionHolder,
  connectedOnly: boolean,
): { projects?: ProjectClient[]; api?: LedgerApi } {
  const clients = projectClients(active).filter(
    (client) => !connectedOnly || client.api !== undefined,
  );
  if (clients.length > 0) return { projects: clients };
  const fallback = active.current?.api;
  return fallback === undefined ? {} : { api: fallback };
}

/**
 * Each project with its client: each table is refreshed from its own project; one not connected
 * says so on its line.
 */
function projectClients(active: ActiveConnectionHolder): ProjectClient[] {
  return active.projects.flatMap((label) => {
    const project = active.tableProject(label);
    const api = active.get(label)?.api;
    return project === undefined ? [] : [{ project, ...(api === undefined ? {} : { api }) }];
  });
}
