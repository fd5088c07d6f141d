// The Formulas panel: "Refresh data" makes every LEDGER.* formula ask the server again. Connecting
// does the same, so cells that said "Connect in the Ledger Sheets task pane" fill in.

import type { ActiveConnectionHolder } from "../settings/activeConnection";
import { requireElement, setAlert } from "./view";

export interface FormulasPanelOptions {
  readonly active: ActiveConnectionHolder;
  /** Clears the formulas' cache and recalculates the workbook. */
  readonly refresh: () => Promise<void>;
}

export function mountFormulasPanel(root: Document, options: FormulasPanelOptions): void {
  const button = requireElement(root, "refresh-data", HTMLButtonElement);
  const status = requireElement(root, "refresh-status", HTMLElement);
  const alert = requireElement(root, "refresh-error", HTMLElement);

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
