// The import panel: Collection, Import, Cancel, the progress bar, the counts and the status line.
// Thin glue: the run lives in importRun.ts, the words and numbers in importText.ts.

import type { ActiveConnectionHolder } from "../settings/activeConnection";
import type { DocumentSettingsStore } from "../settings/stores";
import { COLLECTIONS, type CollectionInfo } from "../domain/collections";
import type { ImportProgress } from "../import/types";
import { mountCollectionPathsSection } from "./collectionPathsSection";
import type { ImportRun, RunningKind } from "./importRun";
import { progressBarState, progressText, startingProgress } from "./importText";
import { mountProjectChoice } from "./projectChoice";
import { focusIsOnOrLost, requireElement, setAlert, setShown } from "./view";

export interface ImportPanelOptions {
  readonly workbook: DocumentSettingsStore;
  readonly active: ActiveConnectionHolder;
  readonly run: ImportRun;
}

export interface ImportPanel {
  /** Puts the keyboard focus on the Collection choice. */
  focus(): void;
  /** The collection's API path as the workbook sets it; throws, saying where, when invalid. */
  pathFor(collection: CollectionInfo): string;
}

/** The status line speaks (aria-live) at most this often while pages arrive. */
const STATUS_INTERVAL_MS = 1_500;

export function mountImportPanel(root: Document, options: ImportPanelOptions): ImportPanel {
  const { active, run } = options;
  const form = requireElement(root, "import-form", HTMLFormElement);
  const controls = requireElement(root, "import-controls", HTMLFieldSetElement);
  const hint = requireElement(root, "import-hint", HTMLElement);
  const collection = requireElement(root, "collection", HTMLSelectElement);
  const projectSelect = requireElement(root, "import-project", HTMLSelectElement);
  const project = mountProjectChoice(
    root,
    requireElement(root, "import-project-field", HTMLElement),
    projectSelect,
    active,
  );
  const importButton = requireElement(root, "import-start", HTMLButtonElement);
  const newButton = requireElement(root, "import-new", HTMLButtonElement);
  const cancelButton = requireElement(root, "import-cancel", HTMLButtonElement);
  const bar = requireElement(root, "import-progress", HTMLElement);
  const fill = requireElement(root, "import-progress-fill", HTMLElement);
  const counts = requireElement(root, "import-counts", HTMLElement);
  const status = requireElement(root, "import-status", HTMLElement);
  const alert = requireElement(root, "import-error", HTMLElement);

  const paths = mountCollectionPathsSection(root, options.workbook, (message) =>
    setAlert(alert, message),
  );

  for (const info of COLLECTIONS) {
    const option = root.createElement("option");
    option.value = info.id;
    option.textContent = info.label;
    collection.append(option);
  }

  /**
   * The status line is a live region: while pages arrive it is rewritten at most once per
   * interval (always with the latest message), so a screen reader is not flooded.
   */
  let lastSpoken = 0;
  let pendingMessage: string | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  function speak(message: string): void {
    pendingMessage = undefined;
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    status.textContent = message;
    lastSpoken = Date.now();
  }

  function speakSoon(message: string): void {
    const wait = lastSpoken + STATUS_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      speak(message);
      return;
    }
    pendingMessage = message;
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      if (pendingMessage !== undefined) speak(pendingMessage);
    }, wait);
  }

  function drawProgress(progress: ImportProgress, now: boolean): void {
    const state = progressBarState(progress);
    setShown(bar, true);
    setShown(counts, true);
    if (state.valueNow === undefined || state.valueMax === undefined) {
      bar.removeAttribute("aria-valuenow");
      bar.removeAttribute("aria-valuemax");
      bar.classList.add("is-indeterminate");
      fill.style.removeProperty("width");
    } else {
      bar.setAttribute("aria-valuenow", String(state.valueNow));
      bar.setAttribute("aria-valuemax", String(state.valueMax));
      bar.classList.remove("is-indeterminate");
      fill.style.width = `${Math.round((state.fraction ?? 0) * 1000) / 10}%`;
    }
    bar.setAttribute("aria-valuetext", state.valueText);
    counts.textContent = progressText(progress);
    if (now) speak(progress.message);
    else speakSoon(progress.message);
  }

  /** The bar after the end: full when complete, otherwise left where it stopped. */
  function stopProgress(complete: boolean, last: ImportProgress | undefined): void {
    bar.classList.remove("is-indeterminate");
    if (complete && last !== undefined) {
      const records = last.total ?? last.records;
      bar.setAttribute("aria-valuenow", String(records));
      bar.setAttribute("aria-valuemax", String(records));
      fill.style.width = "100%";
    } else if (!bar.hasAttribute("aria-valuenow")) {
      fill.style.width = "0%";
    }
  }

  /** While anything runs (this import or Refresh all) no other can start; Cancel is this one's. */
  function setRunning(kind: RunningKind): void {
    const running = kind !== null;
    importButton.disabled = running;
    newButton.disabled = running;
    collection.disabled = running;
    projectSelect.disabled = running;
    setShown(cancelButton, kind === "one");
    cancelButton.disabled = kind !== "one";
  }
  run.subscribe(setRunning);

  function setConnected(connected: boolean): void {
    controls.disabled = !connected;
    setShown(hint, !connected);
    if (!connected) run.cancel();
  }
  // Any connected project: the choice says which one an import is of.
  active.subscribe(() => setConnected(active.all.length > 0));
  setConnected(active.all.length > 0);
  setRunning(run.runningKind);

  async function startImport(newOnly: boolean): Promise<void> {
    const info = COLLECTIONS.find((candidate) => candidate.id === collection.value);
    if (info === undefined || run.running) return;
    setAlert(alert, "");
    const connection = project.connection();
    if (connection === undefined) {
      const name = project.selected() ?? active.defaultLabel;
      setAlert(
        alert,
        `${name === undefined ? "The default project" : name} is not connected. Connect it on the Connection tab, or choose another project.`,
      );
      return;
    }
    const tableProject = active.tableProject(connection.project);
    const path = paths.pathFor(info);
    if (!path.ok) {
      // The field itself shows the rule; the alert says where to look.
      setAlert(alert, `Correct the ${info.label} path under Collection paths, then import again.`);
      return;
    }
    const started = newOnly ? newButton : importButton;
    const focusToCancel = focusIsOnOrLost(root, started);
    let last: ImportProgress = startingProgress(info.label);
    drawProgress(last, true);
    const ending = run.start({
      collection: info,
      newOnly,
      api: connection.api,
      ...(tableProject === undefined ? {} : { project: tableProject }),
      ...(info.id === "payments" ? {} : { path: path.path }),
      onProgress: (progress) => {
        last = progress;
        drawProgress(progress, false);
      },
    });
    // The run has begun (Cancel is shown) once start() returns its promise.
    if (focusToCancel) cancelButton.focus();
    const end = await ending;

    const focusBack = focusIsOnOrLost(root, cancelButton);
    counts.textContent = progressText(last);
    stopProgress(end.outcome === "finished" && end.complete, last);
    if (end.outcome === "failed") {
      speak("The import stopped.");
      setAlert(alert, end.message);
    } else {
      speak(end.message);
    }
    if (focusBack) started.focus();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void startImport(false);
  });
  newButton.addEventListener("click", () => void startImport(true));

  function cancel(): void {
    if (run.cancel()) {
      cancelButton.disabled = true;
      speak("Cancelling the import…");
    }
  }
  cancelButton.addEventListener("click", cancel);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && run.running) {
      event.preventDefault();
      cancel();
    }
  });

  return {
    focus: () => collection.focus(),
    pathFor: (info) => {
      const path = paths.pathFor(info);
      if (!path.ok) {
        throw new Error(`Correct the ${info.label} path under Collection paths, then try again.`);
      }
      return path.path;
    },
  };
}
