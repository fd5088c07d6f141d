// How a journal sheet is known again, in this session and after the workbook is saved and
// reopened: by a marker the add-in owns that Excel keeps with the sheet, not by Worksheet.id.
// Microsoft staff said Worksheet.id can change between sessions, and it changed when a file was
// opened in another Excel version; a sheet added later could even get an id another sheet had.
//
// The marker is a hidden, workbook-scoped defined name, `LedgerSheets_Journal_<key>`, whose
// formula is the whole journal sheet (`='Journal JNL-0001'!$1:$1048576`); `<key>` is random,
// made when the journal is drawn on a new sheet, and keys the sheet's state in the workbook's
// settings. Excel rewrites the formula when the sheet is renamed, turns it into
// `=#REF!$1:$1048576` when the sheet is deleted, and (the whole sheet being referred to) not when
// rows or columns are deleted. This needs ExcelApi 1.4 (`names.add`, `scope`) and 1.7
// (`formula`); the manifest requires 1.13.
//
// Why not the alternatives: a worksheet-scoped name or a marker cell travels with the sheet when
// the user copies it (Move or Copy), so the copy would take the journal's state; Excel gives a
// copy worksheet-scoped duplicates of the workbook names that refer to the sheet, and those are
// not in `workbook.names`, which lists workbook-scoped names only. A workbook-scoped name refers
// to one sheet. Hidden, it is not listed in Name Manager, so it is not deleted by accident.
//
// Pure: reading the formulas Excel reports. The requests live in src/excel/journalSheetStates.ts.

/** The start of every marker name: what follows is the journal sheet's key. */
const MARKER_PREFIX = "LedgerSheets_Journal_";
/**
 * A key as the add-in makes them: 24 lowercase hex digits, or 48 when made with this computer's
 * proof (src/settings/journalSheetKeys.ts).
 */
const KEY_PATTERN = /^[0-9a-f]{24}(?:[0-9a-f]{24})?$/;

/** A new random key for a journal sheet. */
export function newJournalKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The defined name that marks the sheet of `key`. */
export function markerName(key: string): string {
  return MARKER_PREFIX + key;
}

/** The marker's formula for a sheet named `sheetName`: the whole sheet. */
export function markerFormula(sheetName: string): string {
  return `='${sheetName.replace(/'/g, "''")}'!$1:$1048576`;
}

/**
 * Where a marker's formula points: a sheet's name, "deleted" (`=#REF!…`: Excel's mark of a
 * deleted sheet), or null for a formula that is no plain reference to one sheet's cells.
 */
export function markedSheetName(formula: string): string | "deleted" | null {
  if (formula.startsWith("=#REF!")) return "deleted";
  const match = /^=(?:'((?:[^']|'')+)'|([^'!]+))!(.*)$/.exec(formula);
  if (!match) return null;
  const cells = match[3]!;
  const reference = /^\$?[A-Za-z]{0,3}\$?\d{0,7}(?::\$?[A-Za-z]{0,3}\$?\d{0,7})?$/;
  if (cells !== "#REF!" && (cells === "" || !reference.test(cells))) return null;
  return match[1] !== undefined ? match[1].replace(/''/g, "'") : match[2]!;
}

/** A defined name as loaded: its name and formula. */
export interface LoadedName {
  readonly name: string;
  readonly formula: string;
}

/** Where the keys of the stored states lead. */
export interface MarkerReading {
  /** By sheet name (upper case), the keys whose marker refers to that sheet. */
  readonly keysBySheet: ReadonlyMap<string, readonly string[]>;
  /**
   * Keys whose sheet is gone: their marker is missing or says the sheet was deleted. Their
   * states can be dropped, and their (deleted-sheet) markers with them.
   */
  readonly gone: readonly string[];
}

/**
 * Follows each stored key to its sheet among `sheetNames`. A key whose marker refers to no sheet
 * in a way this reader knows is neither a journal nor gone: its state is kept.
 */
export function readMarkers(
  keys: readonly string[],
  names: readonly LoadedName[],
  sheetNames: readonly string[],
): MarkerReading {
  const formulas = new Map(names.map((item) => [item.name.toUpperCase(), item.formula]));
  const sheets = new Set(sheetNames.map((name) => name.toUpperCase()));
  const keysBySheet = new Map<string, string[]>();
  const gone: string[] = [];
  for (const key of keys) {
    const formula = KEY_PATTERN.test(key) ? formulas.get(markerName(key).toUpperCase()) : undefined;
    const sheet = formula === undefined ? "deleted" : markedSheetName(formula);
    if (sheet === "deleted") gone.push(key);
    else if (sheet !== null && sheets.has(sheet.toUpperCase())) {
      const list = keysBySheet.get(sheet.toUpperCase()) ?? [];
      list.push(key);
      keysBySheet.set(sheet.toUpperCase(), list);
    }
  }
  return { keysBySheet, gone };
}
