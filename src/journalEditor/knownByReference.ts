// A journal's own reference (`JNL-0004`) is not something the API reads journals by; this finds
// where the add-in already knows that journal from, so the 404 can say what to type instead.
import { journalWorkbookOverview } from "../excel/journalSheet";
import type { ExcelRun } from "../excel/run";
import { ownedBy, type TableProject } from "../domain/tableOwnership";
import { KnownJournal, ownReferenceMessage } from "../journal/ownReference";
import type { JournalSheetKeys } from "../settings/journalSheetKeys";

/** What the lookup needs of the editor's dependencies. */
export interface ReferenceLookupDeps {
  readonly run: ExcelRun;
  readonly project?: TableProject;
  readonly recalled?: (reference: string) => Promise<KnownJournal | undefined>;
  /** Only sheets drawn on this computer count (src/settings/journalSheetKeys.ts). */
  readonly sheetKeys?: JournalSheetKeys;
}

/**
 * For a journal's own reference (`JNL-0004`), which the API cannot read: how to find the journal
 * of that reference open in this workbook, else opened on this computer before, as a sentence.
 */
export async function knownByReference(
  deps: ReferenceLookupDeps,
  reference: string,
): Promise<string | null> {
  const { journals } = await journalWorkbookOverview(deps.run, deps.sheetKeys);
  const wanted = reference.toUpperCase();
  const open = journals.find(
    (sheet) =>
      sheet.state?.reference?.toUpperCase() === wanted && ownedBy(sheet.state, deps.project),
  );
  if (open?.state) {
    const { journalId, transactionReference = "" } = open.state;
    const known = { journalId, reference: open.state.reference ?? reference, transactionReference };
    return ownReferenceMessage(reference, known, { openOnSheet: open.sheetName });
  }
  let recalled: KnownJournal | undefined;
  try {
    recalled = await deps.recalled?.(reference);
  } catch {
    // This computer's storage did not answer: the service's own answer stands.
  }
  if (recalled === undefined) return null;
  return ownReferenceMessage(reference, recalled, { openedBefore: true, inPane: true });
}
