// The journal sheets a workbook remembers, in its `ledgerSheets.journalSheets` setting: for each
// sheet's key (journalMarkers.ts names the sheet it belongs to), the state of the journal it
// shows. Pure: reading the setting's text, writing it back, and checking each state read. The
// workbook is untrusted input, so what cannot be read is refused with a sentence, never guessed at.
import type { JournalSheetState } from "../journal/contract";
import { readJournalSheetState } from "../journal/sheetState";

/** The workbook setting that maps journal sheets (by their key) to their state. */
export const JOURNAL_SHEETS_SETTING = "ledgerSheets.journalSheets";

/** The setting's entries by sheet key, each as stored (checked only when read as a state). */
export type RawStates = Readonly<Record<string, unknown>>;

/**
 * A journal sheet as the editor follows it from one request to the next: by its key (which
 * survives renames, and Worksheet.id changing when the workbook is reopened), with its name as
 * last seen, for messages.
 */
export interface SheetRef {
  readonly sheetKey: string;
  readonly sheetName: string;
}

/**
 * A sheet that Ledger Sheets drew a journal on: its state, or (when the state is of a layout this
 * version cannot read) the sentence that says so.
 */
export type JournalSheet = SheetRef &
  (
    | { readonly state: JournalSheetState; readonly refusal?: undefined }
    | { readonly state: null; readonly refusal: string }
  );

/** The entries of the setting's value; anything but a JSON object reads as none. */
export function parseJournalSheets(value: unknown): RawStates {
  if (typeof value !== "string") return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as RawStates)
      : {};
  } catch {
    return {};
  }
}

/** The setting's value for `states`. */
export function serializeJournalSheets(states: RawStates): string {
  return JSON.stringify(states);
}

/** The sheet with the entry stored for it: its state if readable, else the refusal. */
export function journalSheetOf(sheet: SheetRef, entry: unknown): JournalSheet {
  const reading = readJournalSheetState(entry, sheet.sheetName);
  return reading.ok
    ? { ...sheet, state: reading.state }
    : { ...sheet, state: null, refusal: reading.message };
}

/** A sheet that two markers refer to (something other than the add-in made the second). */
export function markedTwice(sheet: SheetRef): JournalSheet {
  return {
    ...sheet,
    state: null,
    refusal:
      `The sheet “${sheet.sheetName}” is marked as showing more than one journal, so it cannot be ` +
      "validated or sent. Open the journal again (it opens on a new sheet) and copy your edits across.",
  };
}

/**
 * The journal sheets among `sheetNames`, in their order, each with the keys whose markers refer
 * to it (by upper-cased sheet name). A sheet that two markers refer to is refused rather than
 * guessed at.
 */
export function journalSheetsOn(
  states: RawStates,
  sheetNames: readonly string[],
  keysBySheet: ReadonlyMap<string, readonly string[]>,
): JournalSheet[] {
  return sheetNames.flatMap((sheetName) => {
    const keys = keysBySheet.get(sheetName.toUpperCase()) ?? [];
    const [sheetKey] = keys;
    if (sheetKey === undefined) return [];
    return keys.length === 1
      ? [journalSheetOf({ sheetKey, sheetName }, states[sheetKey])]
      : [markedTwice({ sheetKey, sheetName })];
  });
}

/** `states` with the entry of `sheetKey` set to `entry`. */
export function withState(states: RawStates, sheetKey: string, entry: unknown): RawStates {
  return { ...states, [sheetKey]: entry };
}

/** `states` without the entries of `sheetKeys`. */
export function withoutStates(states: RawStates, sheetKeys: readonly string[]): RawStates {
  const kept = { ...states };
  for (const key of sheetKeys) delete kept[key];
  return kept;
}

/**
 * `states` with `changes` written over the stored entry of `sheetKey`, or null when it has none
 * (an entry that is not an object is left alone: it is refused when read, never rewritten).
 */
export function withStateChanges(
  states: RawStates,
  sheetKey: string,
  changes: Readonly<Record<string, unknown>>,
): RawStates | null {
  const entry = states[sheetKey];
  if (typeof entry !== "object" || entry === null) return null;
  return withState(states, sheetKey, { ...entry, ...changes });
}
