// The Import tab's "Every imported table" section: Refresh all, Fetch new for all, their one
// Cancel, a line per table while they run, and the workbook's choice of what to do when it
// opens. Thin glue over ImportRun.startAll; the words are in refreshAllText.ts.

import type { TableProgress } from "../import/refreshAll";
import type { CollectionInfo } from "../domain/collections";
import type { ActiveConnectionHolder } from "../settings/activeConnection";
import {
  readRefreshOnOpen,
  RefreshOnOpen,
  refreshOnOpenOf,
  saveRefreshOnOpen,
} from "../settings/refreshOnOpen";
import type { DocumentSettingsStore } from "../settings/stores";
import type { ImportRun, RunningKind } from "./importRun";
import { messageAreaFor } from "./messageArea";
import { tableProgressLine } from "./refreshAllText";
import { focusIsOnOrLost, requireElement, setShown } from "./view";

export interface RefreshAllSectionOptions {
  readonly workbook: DocumentSettingsStore;
  readonly active: ActiveConnectionHolder;
  readonly run: ImportRun;
  /** The API path the workbook sets for a cursor collection (its default otherwise). */
  readonly pathFor: (collection: CollectionInfo) => string;
  /**
   * Makes the add-in load (or not) when this workbook opens: Office.addin.setStartupBehavior,
   * which Office keeps in the document. Absent outside Excel.
   */
  readonly setLoadOnOpen?: (load: boolean) => Promise<void>;
}

export interface RefreshAllSection {
  /** Runs Refresh all (full) or Fetch new for all, as the buttons do; resolves when it ends. */
  refresh(mode: "full" | "new"): Promise<void>;
  /** The workbook's choice for when it opens (read from its settings). */
  onOpenChoice(): Promise<RefreshOnOpen>;
}

export function mountRefreshAllSection(
  root: Document,
  options: RefreshAllSectionOptions,
): RefreshAllSection {
  const { active, run, workbook } = options;
  const controls = requireElement(root, "refresh-all-controls", HTMLFieldSetElement);
  const fullButton = requireElement(root, "refresh-all", HTMLButtonElement);
  const newButton = requireElement(root, "refresh-all-new", HTMLButtonElement);
  const cancelButton = requireElement(root, "refresh-all-cancel", HTMLButtonElement);
  const list = requireElement(root, "refresh-all-tables", HTMLUListElement);
  // The Import tab's one message area: Refresh all's words replace the import's, and back.
  const messages = messageAreaFor(root, "import-messages");
  const onOpen = requireElement(root, "refresh-on-open", HTMLSelectElement);

  function setRunning(kind: RunningKind): void {
    fullButton.disabled = kind !== null;
    newButton.disabled = kind !== null;
    setShown(cancelButton, kind === "all");
    cancelButton.disabled = kind !== "all";
  }
  run.subscribe(setRunning);
  setRunning(run.runningKind);
  const setConnected = (connected: boolean) => {
    controls.disabled = !connected;
  };
  active.subscribe(() => setConnected(active.all.length > 0));
  setConnected(active.all.length > 0);

  /** One line per table, redrawn in place (the list is short: at most seven tables). */
  function drawTables(tables: readonly TableProgress[]): void {
    setShown(list, tables.length > 0);
    list.replaceChildren(
      ...tables.map((table) => {
        const item = root.createElement("li");
        item.className = `is-${table.state}`;
        const name = root.createElement("span");
        name.className = "table-name";
        name.textContent = table.label;
        item.append(name, ` ${tableProgressLine(table)}`);
        return item;
      }),
    );
  }

  async function refresh(mode: "full" | "new"): Promise<void> {
    if (active.all.length === 0 || run.running) return;
    // Each table is refreshed from its own project; one not connected says so on its line.
    const projects = active.projects.flatMap((label) => {
      const project = active.tableProject(label);
      const api = active.get(label)?.api;
      return project === undefined ? [] : [{ project, ...(api === undefined ? {} : { api }) }];
    });
    const fallback = active.current?.api;
    const started = mode === "full" ? fullButton : newButton;
    const focusToCancel = focusIsOnOrLost(root, started);
    messages.say(
      mode === "full"
        ? "Refreshing every imported table…"
        : "Fetching new records for every imported table…",
    );
    const ending = run.startAll({
      ...(projects.length > 0 ? { projects } : fallback === undefined ? {} : { api: fallback }),
      mode,
      pathFor: options.pathFor,
      onProgress: drawTables,
    });
    if (focusToCancel) cancelButton.focus();
    const end = await ending;
    const focusBack = focusIsOnOrLost(root, cancelButton);
    if (end.outcome === "failed") {
      messages.show({ tone: "error", text: end.message });
    } else {
      drawTables(end.result.tables);
      messages.show({
        tone: end.result.complete ? "success" : "warning",
        text: end.result.message,
      });
    }
    if (focusBack) started.focus();
  }

  fullButton.addEventListener("click", () => void refresh("full"));
  newButton.addEventListener("click", () => void refresh("new"));
  cancelButton.addEventListener("click", () => {
    if (run.cancel()) {
      cancelButton.disabled = true;
      messages.say("Cancelling…");
    }
  });

  // The choice for when the workbook opens: shown as saved, saved on change, and Office told to
  // load the add-in with the workbook only while the choice is on.
  void readRefreshOnOpen(workbook).then((choice) => {
    onOpen.value = choice;
  });
  onOpen.addEventListener("change", () => {
    const choice = refreshOnOpenOf(onOpen.value);
    void (async () => {
      try {
        await saveRefreshOnOpen(workbook, choice);
        await options.setLoadOnOpen?.(choice !== "off");
        messages.show({
          tone: "success",
          text:
            choice === "off"
              ? "Nothing runs when this workbook opens."
              : `When this workbook opens: ${choice === "new" ? "fetch new records" : "refresh all"}.`,
        });
      } catch (error) {
        messages.show({
          tone: "error",
          text: `The choice could not be saved in this workbook: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    })();
  });

  return { refresh, onOpenChoice: () => readRefreshOnOpen(workbook) };
}
