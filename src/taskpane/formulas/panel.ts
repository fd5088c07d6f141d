// The Formulas panel: the LEDGER functions with Insert (formulaList.ts), how long LEDGER.*
// formulas keep answers (a workbook setting), and "Refresh data", which makes every formula ask
// the server again. Connecting does the same, so cells that said "Connect in the Ledger Sheets
// task pane" fill in. Glue between the elements (elements.ts), the machine (machine.ts) and the
// workbook's setting.

import type { InsertOutcome } from "../../excel/insertFormula";
import type { ActiveConnectionHolder } from "../../settings/activeConnection";
import { loadFormulaCacheSeconds, saveFormulaCacheSeconds } from "../../settings/formulaCacheTime";
import type { DocumentSettingsStore } from "../../settings/stores";
import { mountFormulaList } from "./formulaList";
import { mountMachine } from "../shared/mountMachine";
import { FormulasPanelElements } from "./elements";
import { INITIAL, reduce, type SaveCacheSeconds } from "./machine";
import { CACHE_UNSAVED } from "./text";
import { formulasPanelView } from "./view";

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
  const { workbook } = options;
  const elements = new FormulasPanelElements(root);
  elements.showUnavailable(options.unavailable ?? "");
  const { dispatch, state } = mountMachine({
    reduce,
    initial: INITIAL,
    render: (next) => elements.render(formulasPanelView(next)),
    apply: (effect: SaveCacheSeconds) => {
      saveFormulaCacheSeconds(workbook, effect.seconds).catch((problem: unknown) => {
        const message = problem instanceof Error ? problem.message : CACHE_UNSAVED;
        dispatch({ type: "cacheUnsaved", message });
      });
    },
  });
  elements.render(formulasPanelView(state));
  mountFormulaList(root, {
    active: options.active,
    loadMetadata: options.loadMetadata,
    insert: options.insert,
    say: (text) => dispatch({ type: "said", text }),
    alert: (text) => dispatch({ type: "alerted", text }),
  });

  loadFormulaCacheSeconds(workbook).then(
    (seconds) => dispatch({ type: "cacheRead", seconds }),
    () => dispatch({ type: "cacheUnreadable" }),
  );
  elements.cacheField.addEventListener("change", () =>
    dispatch({ type: "cacheTyped", value: elements.cacheField.value }),
  );

  async function refresh(): Promise<void> {
    dispatch({ type: "refreshStarted" });
    let ok = true;
    try {
      await options.refresh();
    } catch {
      ok = false;
    }
    dispatch({ type: "refreshEnded", ok });
  }

  elements.refreshButton.addEventListener("click", () => void refresh());
  // A connection made, replaced or dropped, or another default project (the one formulas without
  // a project ask), changes what the formulas can answer. The project list read again does not:
  // recalculating then would send every LEDGER formula of the workbook to the server for nothing.
  options.active.subscribeToConnections(() => {
    if (options.active.current !== undefined) void refresh();
  });
}
