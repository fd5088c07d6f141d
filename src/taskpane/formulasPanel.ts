// The Formulas panel: how long LEDGER.* formulas keep answers (a workbook setting), and "Refresh
// data", which makes every formula ask the server again. Connecting does the same, so cells that
// said "Connect in the Ledger Sheets task pane" fill in.

import type { ActiveConnectionHolder } from "../settings/activeConnection";
import {
  checkCacheSecondsInput,
  loadFormulaCacheSeconds,
  saveFormulaCacheSeconds,
} from "../settings/formulaCacheTime";
import { documentSettingsStore, type DocumentSettingsStore } from "../settings/stores";
import { markInvalid, requireElement, setAlert, setShown } from "./view";

export interface FormulasPanelOptions {
  readonly active: ActiveConnectionHolder;
  /** Clears the formulas' cache and recalculates the workbook. */
  readonly refresh: () => Promise<void>;
  /**
   * Where the cache time is kept: the workbook's settings, which the formulas read on every
   * call. Office's own when not given.
   */
  readonly workbook?: DocumentSettingsStore;
}

export function mountFormulasPanel(root: Document, options: FormulasPanelOptions): void {
  const button = requireElement(root, "refresh-data", HTMLButtonElement);
  const status = requireElement(root, "refresh-status", HTMLElement);
  const alert = requireElement(root, "refresh-error", HTMLElement);
  const cacheField = requireElement(root, "formula-cache-seconds", HTMLInputElement);
  const cacheError = requireElement(root, "formula-cache-seconds-error", HTMLElement);
  const workbook = options.workbook ?? documentSettingsStore(Office.context.document.settings);

  let seconds = loadFormulaCacheSeconds(workbook);
  cacheField.value = String(seconds);

  function showCacheProblem(message: string): void {
    cacheError.textContent = message;
    setShown(cacheError, message !== "");
    markInvalid(cacheField, message === "" ? undefined : cacheError.id);
  }

  cacheField.addEventListener("change", () => {
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
  options.active.subscribe((connection) => {
    if (connection !== undefined) void refresh();
  });
}
