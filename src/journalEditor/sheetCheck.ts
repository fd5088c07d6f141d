// Reads a journal sheet, checks it exactly (with the service's decimals when a client is given),
// and marks its problem cells: what Validate and Send both do first.
import type { JournalUpdate, LedgerApi } from "../api";
import { readJournalGrid } from "../excel/journalGrid";
import { markProblems } from "../excel/journalProblemMarks";
import type { JournalSheetAmongOthers } from "../excel/journalSheet";
import type { ExcelRun } from "../excel/run";
import { buildJournalUpdate, parseJournalGrid } from "../journal";
import type { SheetProblem } from "../journal/contract";
import type { AccountKnowledge } from "../journal/validate";
import type { JournalSheetKeys } from "../settings/journalSheetKeys";

/** What a check found: the problems and notices, and the update when there is no problem. */
export interface Checked {
  problems: readonly SheetProblem[];
  notices: readonly SheetProblem[];
  update: JournalUpdate | null;
}

/** What a check needs: the workbook, and the client whose service's decimals apply, if any. */
export interface CheckDeps {
  readonly run: ExcelRun;
  readonly sheetKeys?: JournalSheetKeys;
  readonly api?: Pick<LedgerApi, "serviceDecimals">;
}

/**
 * What the open journals tell of accounts: the sheet's lines as drawn, to see a changed Account
 * code, and every open journal's account ids and codes, to resolve it.
 */
export function accountKnowledge(sheet: JournalSheetAmongOthers): AccountKnowledge {
  return {
    drawnAccounts: sheet.state?.accounts ?? [],
    knownAccounts: sheet.openJournals.flatMap((state) => state.accounts ?? []),
  };
}

/** Reads the journal sheet with key `sheetKey`, checks it, and marks (or clears) problem cells. */
export async function checkJournalSheet(
  deps: CheckDeps,
  sheetKey: string,
  accounts: AccountKnowledge = {},
): Promise<Checked> {
  const grid = await readJournalGrid(deps.run, sheetKey);
  const serviceDecimals = deps.api?.serviceDecimals;
  const { draft, problems, notices } = parseJournalGrid(
    grid,
    accounts,
    serviceDecimals === undefined ? {} : { serviceDecimals },
  );
  const addresses = problems.flatMap((p) => (p.address ? [p.address] : []));
  await markProblems(deps.run, sheetKey, addresses);
  return {
    problems,
    notices,
    update: draft && problems.length === 0 ? buildJournalUpdate(draft) : null,
  };
}
