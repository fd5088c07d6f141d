// A journal's own reference (`JNL-0004`) is not something the API reads journals by; this finds
// the journal of that reference where the add-in already knows it (open in this workbook for the
// project, else opened on this computer before), so the pane can open it by its own reference.
import { isApiError } from "../api";
import type { CallOptions, JournalResponse, LedgerApi } from "../api";
import { journalWorkbookOverview } from "../excel/journalSheetStates";
import type { ExcelRun } from "../excel/run";
import { ownedBy, type TableProject } from "../domain/tableOwnership";
import type { KnownJournal } from "../journal/ownReference";
import type { JournalSheetKeys } from "../settings/journalSheetKeys";

/** What the lookup needs of the editor's dependencies. */
export interface ReferenceLookupDeps {
  readonly run: ExcelRun;
  readonly api: LedgerApi;
  readonly project?: TableProject;
  readonly recalled?: (reference: string) => Promise<KnownJournal | undefined>;
  /** Only sheets drawn on this computer count (src/settings/journalSheetKeys.ts). */
  readonly sheetKeys?: JournalSheetKeys;
}

/**
 * The journal of own reference `reference` (`JNL-0004`, any case) open in this workbook for the
 * project, else opened on this computer before; undefined when the add-in does not know it.
 */
export async function knownByReference(
  deps: Omit<ReferenceLookupDeps, "api">,
  reference: string,
): Promise<KnownJournal | undefined> {
  const { journals } = await journalWorkbookOverview(deps.run, deps.sheetKeys);
  const wanted = reference.toUpperCase();
  const open = journals.find(
    (sheet) =>
      sheet.state?.reference?.toUpperCase() === wanted && ownedBy(sheet.state, deps.project),
  );
  if (open?.state) {
    const { journalId, transactionReference = "" } = open.state;
    return { journalId, reference: open.state.reference ?? reference, transactionReference };
  }
  try {
    return await deps.recalled?.(reference);
  } catch {
    // This computer's storage did not answer: the service's own answer stands.
    return undefined;
  }
}

/**
 * `GET /journal/entries/{typed}`; when the service finds no such journal and `typed` is the own
 * reference of a journal the add-in knows, that journal by its ID. The service's 404 otherwise.
 */
export async function getJournalOrKnown(
  deps: ReferenceLookupDeps,
  typed: string,
  options: CallOptions = {},
): Promise<JournalResponse> {
  try {
    return await deps.api.getJournal(typed, options);
  } catch (error) {
    if (!isApiError(error) || error.kind !== "not-found") throw error;
    const known = await knownByReference(deps, typed);
    if (known === undefined) throw error;
    return await deps.api.getJournal(known.journalId, options);
  }
}
