// The one LedgerFormulas of the add-in, shared by the custom functions and the task pane: both
// bundles run on the shared-runtime page and share webpack's module registry (runtimeChunk
// "single"), so this module, and the task pane's connection holder, exist once.

import { excelRunOf, type ExcelRun } from "../excel/run";
import { ExcelWorkbookSettings } from "../excel/workbookSettings";
import {
  LedgerFormulas,
  withNumberFormats,
  type FormattedNumberValue,
  type FormulaError,
  type SpilledCell,
  type SpilledTable,
} from "../formulas";
import type { CollectionId } from "../domain/collections";
import { activeConnection } from "../settings/activeConnection";
import { COLLECTION_PATHS_SETTING, collectionPathsOf } from "../settings/collectionPaths";
import { cacheSecondsOf, FORMULA_CACHE_SETTING } from "../settings/formulaCacheTime";
import { RecentJournalsOnDevice } from "../settings/recentJournalsOnDevice";
import { secretStore } from "../settings/stores";

/**
 * The workbook's settings (Excel.SettingCollection), one object for the task pane and the
 * formulas: the pane's writes update what the formulas read without asking Excel again.
 */
export const workbookSettings = new ExcelWorkbookSettings(
  excelRunOf((options, batch) => Excel.run(options, batch)),
);

/** The settings the formulas read on every call. */
const FORMULA_SETTINGS = [COLLECTION_PATHS_SETTING, FORMULA_CACHE_SETTING] as const;

/**
 * Reads the formulas' settings from the workbook once (later calls return at once). Outside
 * Excel, or when Excel refuses, the formulas use the defaults and the next call tries again.
 */
export async function formulaSettingsReady(): Promise<void> {
  try {
    await workbookSettings.preload(FORMULA_SETTINGS);
  } catch {
    // The defaults apply (peek gives undefined).
  }
}

/** The collection paths saved in this workbook (the task pane's Collection paths section). */
function workbookCollectionPath(id: CollectionId): string {
  return collectionPathsOf(workbookSettings.peek(COLLECTION_PATHS_SETTING))[id];
}

/** The cache time saved in this workbook (the task pane's Formulas panel), in milliseconds. */
function workbookCacheTtlMs(): number {
  return cacheSecondsOf(workbookSettings.peek(FORMULA_CACHE_SETTING)) * 1000;
}

let recentJournals: RecentJournalsOnDevice | undefined;

/**
 * The journals opened on this computer: the task pane lists them, LEDGER.JOURNAL reads them for
 * a journal's own reference. One for both, so their changes go one after another. Undefined
 * where the host keeps nothing on this computer.
 */
export function journalsOpenedHere(): RecentJournalsOnDevice | undefined {
  if (recentJournals !== undefined) return recentJournals;
  if (typeof OfficeRuntime === "undefined" || OfficeRuntime.storage === undefined) return undefined;
  recentJournals = new RecentJournalsOnDevice(secretStore(OfficeRuntime.storage));
  return recentJournals;
}

export const ledgerFormulas = new LedgerFormulas({
  connection: (project) => activeConnection.get(project),
  projectNames: () => activeConnection.projects,
  collectionPath: workbookCollectionPath,
  recalled: async (project, reference) => {
    const connection = activeConnection.get(project);
    const recent = journalsOpenedHere();
    if (connection === undefined || recent === undefined) return undefined;
    return await recent.recall(connection, reference);
  },
  // Read on every call: a change in the task pane applies at once, to kept answers too.
  cacheTtlMs: workbookCacheTtlMs,
});

// A changed connection drops every answer (its key may now name another server or identity), and
// a pause one server asked for does not hold back another. The project names read again keep
// them: answers are kept by project.
activeConnection.subscribeToConnections(() => ledgerFormulas.reset());

/**
 * How this host takes a number with its format from a custom function: data types reach custom
 * functions from CustomFunctionsRuntime 1.4 (the metadata allows them: allowCustomDataForDataTypeAny);
 * DoubleCellValue carries a format from ExcelApi 1.19, FormattedNumberCellValue from 1.16.
 * Undefined on an older host, which gets plain numbers (dates as serials).
 */
function formattedNumberType(): FormattedNumberValue["type"] | undefined {
  try {
    const sets = Office.context.requirements;
    if (!sets.isSetSupported("CustomFunctionsRuntime", "1.4")) return undefined;
    if (sets.isSetSupported("ExcelApi", "1.19")) return "Double";
    return sets.isSetSupported("ExcelApi", "1.16") ? "FormattedNumber" : undefined;
  } catch {
    return undefined; // outside Office: no host to ask
  }
}

/**
 * A spilled table as the function returns it: dates shown as dates and amounts in their
 * currency's decimals where the host takes formatted numbers, plain values elsewhere.
 */
export function spillOf(table: SpilledTable): SpilledCell[][] {
  const type = formattedNumberType();
  return type === undefined ? table : withNumberFormats(table, type);
}

/** The Excel error value for a formula error: #N/A or #VALUE!, both with their message. */
export function cellError(error: FormulaError): CustomFunctions.Error {
  const code =
    error.code === "#N/A"
      ? CustomFunctions.ErrorCode.notAvailable
      : CustomFunctions.ErrorCode.invalidValue;
  return new CustomFunctions.Error(code, error.message);
}

/**
 * Worksheet.calculate, which recalculates one sheet, not every open workbook, is ExcelApi 1.6
 * (Microsoft's Worksheet reference): every host meeting the manifest's 1.13 has it, and the check
 * stays for a host that answers otherwise.
 */
function sheetCalculationSupported(): boolean {
  try {
    return Office.context.requirements.isSetSupported("ExcelApi", "1.6");
  } catch {
    return false;
  }
}

/**
 * Refresh data: forgets every cached answer, then has Excel recalculate this workbook with every
 * cell marked dirty (a normal recalculation would skip our cells, whose arguments did not
 * change). Sheet by sheet where Excel can (ExcelApi 1.6): Application.calculate would
 * recalculate every open workbook, the user's other files too. Two syncs.
 */
export async function refreshFormulas(
  run: ExcelRun,
  bySheet: boolean = sheetCalculationSupported(),
): Promise<void> {
  ledgerFormulas.clear();
  await run(async (context) => {
    if (bySheet) {
      const sheets = context.workbook.worksheets.load("items/name");
      await context.sync();
      for (const sheet of sheets.items) sheet.calculate(true);
    } else {
      context.workbook.application.calculate(Excel.CalculationType.full);
    }
    await context.sync();
  });
}
