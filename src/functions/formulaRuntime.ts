// The one LedgerFormulas of the add-in, shared by the custom functions and the task pane: both
// bundles run on the shared-runtime page and share webpack's module registry (runtimeChunk
// "single"), so this module, and the task pane's connection holder, exist once.

import type { ExcelRun } from "../excel/run";
import { LedgerFormulas, type FormulaError } from "../formulas";
import type { CollectionId } from "../import/types";
import { activeConnection } from "../settings/activeConnection";
import { defaultCollectionPaths, loadCollectionPaths } from "../settings/collectionPaths";
import { DEFAULT_CACHE_SECONDS, loadFormulaCacheSeconds } from "../settings/formulaCacheTime";
import { documentSettingsStore } from "../settings/stores";

/** The collection paths saved in this workbook (the task pane's Collection paths section). */
function workbookCollectionPath(id: CollectionId): string {
  try {
    return loadCollectionPaths(documentSettingsStore(Office.context.document.settings))[id];
  } catch {
    // Outside Office (or before it is ready) there are no workbook settings: use the defaults.
    return defaultCollectionPaths()[id];
  }
}

/** The cache time saved in this workbook (the task pane's Formulas panel), in milliseconds. */
function workbookCacheTtlMs(): number {
  try {
    return loadFormulaCacheSeconds(documentSettingsStore(Office.context.document.settings)) * 1000;
  } catch {
    return DEFAULT_CACHE_SECONDS * 1000;
  }
}

export const ledgerFormulas = new LedgerFormulas({
  connection: () => activeConnection.current,
  collectionPath: workbookCollectionPath,
  // Read on every call: a change in the task pane applies at once, to kept answers too.
  cacheTtlMs: workbookCacheTtlMs,
});

// Answers of one connection must never show for another (other identity, other server), and a
// pause one server asked for does not hold back another.
activeConnection.subscribe(() => ledgerFormulas.reset());

/** The Excel error value for a formula error: #N/A or #VALUE!, both with their message. */
export function cellError(error: FormulaError): CustomFunctions.Error {
  const code =
    error.code === "#N/A"
      ? CustomFunctions.ErrorCode.notAvailable
      : CustomFunctions.ErrorCode.invalidValue;
  return new CustomFunctions.Error(code, error.message);
}

/**
 * Refresh data: forgets every cached answer, then has Excel recalculate every formula (a full
 * calculation: a normal one would skip our cells, whose arguments did not change).
 */
export async function refreshFormulas(run: ExcelRun): Promise<void> {
  ledgerFormulas.clear();
  await run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}
