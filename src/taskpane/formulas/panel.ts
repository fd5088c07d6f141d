// The Formulas panel: the LEDGER functions with Insert (formulaList.ts), how long LEDGER.*
// formulas keep answers (a workbook setting), and "Refresh data", which makes every formula ask
// the server again. Connecting does the same, so cells that said "Connect in the Ledger Sheets
// task pane" fill in.

import type { InsertOutcome } from "../../excel/insertFormula";
import type { ActiveConnectionHolder } from "../../settings/activeConnection";
import {
  checkCacheSecondsInput,
  DEFAULT_CACHE_SECONDS,
  loadFormulaCacheSeconds,
  saveFormulaCacheSeconds,
} from "../../settings/formulaCacheTime";
import type { DocumentSettingsStore } from "../../settings/stores";
import { mountFormulaList } from "./formulaList";
import { markInvalid, requireElement, setAlert, setShown } from "../shared/pageElements";

export interface FormulasPanelOptions {
  readonly active: ActiveConnectionHolder;
  /** Clears the formulas' cache and recalculates the workbook. */
  readonly refresh: () => Promise<void>;
  /**
   * Where the cache time is kept: the workbook's settings, whose object the formulas read on
   * every call (the one in src/functions/formulaRuntime.ts).
   */
  readonly workbook: DocumentSettingsStore;
  /** Why this Excel cannot run the formulas (src/taskpane/requirements.ts), or null. */
  readonly unavailable?: string | null;
  /** The parsed functions.json the build generated beside the pane. */
  readonly loadMetadata: () => Promise<unknown>;
  /** Puts a formula into the active cell (src/excel/insertFormula.ts). */
  readonly insert: (formula: string) => Promise<InsertOutcome>;
}

export function mountFormulasPanel(root: Document, options: FormulasPanelOptions): void {
  const button = requireElement(root, "refresh-data", HTMLButtonElement);
  const status = requireElement(root, "refresh-status", HTMLElement);
  const alert = requireElement(root, "refresh-error", HTMLElement);
  const cacheField = requireElement(root, "formula-cache-seconds", HTMLInputElement);
  const cacheError = requireElement(root, "formula-cache-seconds-error", HTMLElement);
  const { workbook } = options;
  const unavailable = requireElement(root, "formulas-unavailable", HTMLElement);
  unavailable.textContent = options.unavailable ?? "";
  setShown(unavailable, Boolean(options.unavailable));
  mountFormulaList(root, {
    active: options.active,
    loadMetadata: options.loadMetadata,
    insert: options.insert,
    say: (message) => (status.textContent = message),
    alert: (message) => setAlert(alert, message),
  });

  let seconds = DEFAULT_CACHE_SECONDS;
  cacheField.value = String(seconds);
  let edited = false;
  loadFormulaCacheSeconds(workbook).then(
    (saved) => {
      // A value typed meanwhile wins; it is saved on its own.
      if (edited) return;
      seconds = saved;
      cacheField.value = String(saved);
    },
    () => showCacheProblem("The cache time could not be read from the workbook."),
  );

  function showCacheProblem(message: string): void {
    cacheError.textContent = message;
    setShown(cacheError, message !== "");
    markInvalid(cacheField, message === "" ? undefined : cacheError.id);
  }

  cacheField.addEventListener("change", () => {
    edited = true;
    const check = checkCacheSecondsInput(cacheField.value);
    if (!check.ok) {
      showCacheProblem(check.message);
      return;
    }
    showCacheProblem("");
    cacheField.value = String(check.seconds);
    if (check.seconds === seconds) return;
    seconds = check.seconds;
    saveFormulaCacheSeconds(workbook, seconds).catch((problem: unknown) => {
      showCacheProblem(
        problem instanceof Error
          ? problem.message
          : "The cache time could not be saved in the workbook.",
      );
    });
  });

  async function refresh(): Promise<void> {
    button.disabled = true;
    setAlert(alert, "");
    status.textContent = "Refreshing LEDGER formulas…";
    try {
      await options.refresh();
      status.textContent = "LEDGER formulas are recalculating with fresh data.";
    } catch {
      status.textContent = "";
      setAlert(alert, "Excel could not recalculate the workbook. Try Refresh data again.");
    } finally {
      button.disabled = false;
    }
  }

  button.addEventListener("click", () => void refresh());
  // A connection made, replaced or dropped, or another default project (the one formulas without
  // a project ask), changes what the formulas can answer. The project list read again does not:
  // recalculating then would send every LEDGER formula of the workbook to the server for nothing.
  options.active.subscribeToConnections(() => {
    if (options.active.current !== undefined) void refresh();
  });
}
