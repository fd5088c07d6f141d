// Reads and writes, in the workbook's settings (so they survive save and reopen), the journal
// sheets' states (their format: src/settings/journalSheets.ts), and finds journal sheets by key.
// A journal sheet is known by its key, kept in a hidden defined name that refers to the sheet
// (src/settings/journalMarkers.ts): Excel follows the sheet's renames, and the key stays when
// Worksheet.id changes between sessions.
import type { JournalSheetState } from "../journal/contract";
import {
  JOURNAL_SHEETS_SETTING,
  journalSheetsOn,
  parseJournalSheets,
  serializeJournalSheets,
  withoutStates,
  withStateChanges,
} from "../settings/journalSheets";
import type { JournalSheet, RawStates } from "../settings/journalSheets";
import { type JournalSheetKeys, keysMadeHere } from "../settings/journalSheetKeys";
import { markedSheetName, markerName, readMarkers } from "../settings/journalMarkers";
import { rowMarkNames } from "../settings/journalRowMarks";
import type { LoadedName } from "../settings/journalMarkers";
import type { ExcelRun } from "./run";

/** Queues the read of the journal sheets setting; read it with {@link rawStatesOf} after a sync. */
export function queueStates(context: Excel.RequestContext): Excel.Setting {
  const setting = context.workbook.settings.getItemOrNullObject(JOURNAL_SHEETS_SETTING);
  setting.load("value");
  return setting;
}

/** The journal sheets setting's entries, once {@link queueStates} is synced. */
export function rawStatesOf(setting: Excel.Setting): RawStates {
  return setting.isNullObject ? {} : parseJournalSheets(setting.value);
}

export function saveStates(context: Excel.RequestContext, states: RawStates): void {
  context.workbook.settings.add(JOURNAL_SHEETS_SETTING, serializeJournalSheets(states));
}

/**
 * The sheet of `sheetKey` in a request: the sheet its marker refers to. The request fails when
 * the marker is gone (ItemNotFound) or its sheet was deleted.
 */
export function sheetOfKey(context: Excel.RequestContext, sheetKey: string): Excel.Worksheet {
  return context.workbook.names.getItem(markerName(sheetKey)).getRange().worksheet;
}

/** What {@link queueJournalSheets} loads, for {@link journalSheetsOf} after the sync. */
export interface QueuedJournalSheets {
  readonly setting: Excel.Setting;
  readonly names: Excel.NamedItemCollection;
  readonly worksheets: Excel.WorksheetCollection;
}

/** Queues the reads that find the journal sheets: the states, the names, the sheets' names. */
function queueJournalSheets(context: Excel.RequestContext): QueuedJournalSheets {
  const names = context.workbook.names;
  names.load("items/name,items/formula,items/scope");
  const worksheets = context.workbook.worksheets;
  worksheets.load("items/name");
  return { setting: queueStates(context), names, worksheets };
}

/**
 * The workbook-scoped names loaded. (`workbook.names` lists only those; a copy of a journal sheet
 * gets worksheet-scoped duplicates of its marker, which must never count.)
 */
function workbookNames(queued: QueuedJournalSheets): LoadedName[] {
  return queued.names.items
    .filter((item) => item.scope === "Workbook")
    .map(({ name, formula }) => ({ name, formula }));
}

/** The journal sheets found, and the keys of states whose sheet is gone. */
interface JournalSheets {
  readonly sheetNames: string[];
  readonly journals: JournalSheet[];
  readonly gone: readonly string[];
  readonly raw: RawStates;
}

/**
 * The keys of the stored states that may count, once the reads are synced: with `keys`, only
 * those this computer made (a key the file holds otherwise is neither a journal nor gone: left
 * as it is); without, every key.
 */
export async function trustedKeysOf(
  setting: Excel.Setting,
  keys: JournalSheetKeys | undefined,
): Promise<ReadonlySet<string> | undefined> {
  return keys === undefined
    ? undefined
    : await keysMadeHere(Object.keys(rawStatesOf(setting)), keys);
}

/** Each stored state (of the trusted keys, when given) with the sheet its marker refers to. */
function journalSheetsOf(
  queued: QueuedJournalSheets,
  trusted?: ReadonlySet<string>,
): JournalSheets {
  const raw = rawStatesOf(queued.setting);
  const sheetNames = queued.worksheets.items.map((sheet) => sheet.name);
  const stored = Object.keys(raw).filter((key) => trusted === undefined || trusted.has(key));
  const { keysBySheet, gone } = readMarkers(stored, workbookNames(queued), sheetNames);
  return { sheetNames, journals: journalSheetsOn(raw, sheetNames, keysBySheet), gone, raw };
}

/** The state of the journal on the sheet with key `sheetKey`, else null. */
export async function journalSheetState(
  run: ExcelRun,
  sheetKey: string,
  sheetKeys?: JournalSheetKeys,
): Promise<JournalSheetState | null> {
  return (await journalSheetByKey(run, sheetKey, sheetKeys))?.state ?? null;
}

/** A journal sheet, with the states of every journal sheet of the workbook (itself included). */
export type JournalSheetAmongOthers = JournalSheet & {
  readonly openJournals: readonly JournalSheetState[];
};

function amongOthers(
  sheet: JournalSheet | undefined,
  journals: readonly JournalSheet[],
): JournalSheetAmongOthers | null {
  if (sheet === undefined) return null;
  const openJournals = journals.flatMap((each) => (each.state === null ? [] : [each.state]));
  return { ...sheet, openJournals };
}

/** The journal sheet with key `sheetKey`, or null when it is gone. One sync. */
export async function journalSheetByKey(
  run: ExcelRun,
  sheetKey: string,
  keys?: JournalSheetKeys,
): Promise<JournalSheetAmongOthers | null> {
  return await run(async (context) => {
    const queued = queueJournalSheets(context);
    await context.sync();
    const { journals } = journalSheetsOf(queued, await trustedKeysOf(queued.setting, keys));
    return amongOthers(
      journals.find((sheet) => sheet.sheetKey === sheetKey),
      journals,
    );
  });
}

/**
 * The workbook's sheet names, and its journal sheets. The states of sheets that were deleted
 * (their marker is gone, or says so) are dropped from the setting here, with their markers; a
 * state is never dropped for anything else. One or two syncs.
 */
export async function journalWorkbookOverview(
  run: ExcelRun,
  keys?: JournalSheetKeys,
): Promise<{ sheetNames: string[]; journals: JournalSheet[] }> {
  return await run(async (context) => {
    const queued = queueJournalSheets(context);
    await context.sync();
    const trusted = await trustedKeysOf(queued.setting, keys);
    const { sheetNames, journals, gone, raw } = journalSheetsOf(queued, trusted);
    if (gone.length > 0) {
      saveStates(context, withoutStates(raw, gone));
      const dropped = new Set(gone.map((key) => markerName(key).toUpperCase()));
      const rowMarks = new Set(gone.flatMap(rowMarkNames).map((name) => name.toUpperCase()));
      for (const { name, formula } of workbookNames(queued)) {
        const deletedSheet = markedSheetName(formula) === "deleted" || formula.startsWith("=#REF!");
        if ((dropped.has(name.toUpperCase()) || rowMarks.has(name.toUpperCase())) && deletedSheet) {
          context.workbook.names.getItem(name).delete();
        }
      }
      await context.sync();
    }
    return { sheetNames, journals };
  });
}

/** Makes the journal sheet with key `sheetKey` the active sheet. One sync. */
export async function activateSheet(run: ExcelRun, sheetKey: string): Promise<void> {
  await run(async (context) => {
    sheetOfKey(context, sheetKey).activate();
    await context.sync();
  });
}

/** Selects `address` ("F12") on the journal sheet with key `sheetKey`, wherever it is now. */
export async function selectJournalCell(
  run: ExcelRun,
  sheetKey: string,
  address: string,
): Promise<void> {
  await run(async (context) => {
    const sheet = sheetOfKey(context, sheetKey);
    sheet.activate();
    sheet.getRange(address).select();
    await context.sync();
  });
}

/** The active sheet, when it shows a journal. One sync. */
export async function activeJournalSheet(
  run: ExcelRun,
  keys?: JournalSheetKeys,
): Promise<JournalSheetAmongOthers | null> {
  return await run(async (context) => {
    const queued = queueActiveJournalSheet(context);
    try {
      await context.sync();
    } catch (error) {
      if (chartSheetActive(error)) return null;
      throw error;
    }
    return activeJournalOf(queued, await trustedKeysOf(queued.journals.setting, keys));
  });
}

/**
 * True for the failure of a request that asked for the active worksheet while a chart sheet is
 * active: Excel has none to give and fails the request at getActiveWorksheet. A chart sheet
 * shows no journal and no table.
 */
export function chartSheetActive(error: unknown): boolean {
  const location = (error as { debugInfo?: { errorLocation?: unknown } } | null)?.debugInfo
    ?.errorLocation;
  return typeof location === "string" && /getActiveWorksheet/i.test(location);
}

/** What {@link queueActiveJournalSheet} loads, for {@link activeJournalOf} after the sync. */
export interface QueuedActiveSheet {
  readonly sheet: Excel.Worksheet;
  readonly journals: QueuedJournalSheets;
}

/** Queues the reads of {@link activeJournalSheet} into a request of the caller's. */
export function queueActiveJournalSheet(context: Excel.RequestContext): QueuedActiveSheet {
  const sheet = context.workbook.worksheets.getActiveWorksheet();
  sheet.load("name");
  return { sheet, journals: queueJournalSheets(context) };
}

/** The active sheet's journal, or null, once the queued reads are synced. */
export function activeJournalOf(
  queued: QueuedActiveSheet,
  /** The keys this computer made ({@link trustedKeysOf}); absent: every key. */
  trusted?: ReadonlySet<string>,
): JournalSheetAmongOthers | null {
  const active = queued.sheet.name.toUpperCase();
  const { journals } = journalSheetsOf(queued.journals, trusted);
  return amongOthers(
    journals.find((sheet) => sheet.sheetName.toUpperCase() === active),
    journals,
  );
}

/**
 * Records that the journal on the sheet with key `sheetKey` is now at `changes` (after a save whose redraw failed,
 * so the next Send does not take the user's own change for someone else's). One or two syncs.
 */
export async function updateJournalSheetState(
  run: ExcelRun,
  sheetKey: string,
  changes: Pick<JournalSheetState, "loadedUpdatedAt" | "status">,
): Promise<void> {
  await run(async (context) => {
    const setting = queueStates(context);
    await context.sync();
    const updated = withStateChanges(rawStatesOf(setting), sheetKey, changes);
    if (updated === null) return;
    saveStates(context, updated);
    await context.sync();
  });
}
