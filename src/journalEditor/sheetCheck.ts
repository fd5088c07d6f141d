// Reads a journal sheet, checks it exactly (with the service's decimals when a client is given),
// and marks its problem cells: what Validate and Send both do first.
import { buildJournalUpdate, type JournalUpdate, type LedgerApi } from "../api";
import { readJournalGrid } from "../excel/journalGrid";
import { markProblems } from "../excel/journalProblemMarks";
import type { JournalSheetAmongOthers } from "../excel/journalSheetStates";
import type { ExcelRun } from "../excel/run";
import { parseJournalGrid } from "../journal";
import type { JournalSheetState, SheetProblem } from "../journal/contract";
import { accountsOfProject } from "../journal/projectAccounts";
import type { AccountKnowledge } from "../journal/validate";
import type { JournalSheetKeys } from "../settings/journalSheetKeys";
import { followCurrency } from "./followCurrency";

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
 * code, and the account ids and codes of the open journals of the sheet's own project, to
 * resolve it (another project's accounts are another company's).
 */
export function accountKnowledge(sheet: JournalSheetAmongOthers): AccountKnowledge {
  return {
    drawnAccounts: sheet.state?.accounts ?? [],
    knownAccounts: accountsOfProject(sheet.openJournals, sheet.state?.project),
  };
}

/**
 * Reads the journal sheet, redraws its amount formats when its currency changed (the amounts
 * read are judged against the formats they were shown with), checks it, and marks (or clears)
 * problem cells.
 */
export async function checkJournalSheet(
  deps: CheckDeps,
  sheet: JournalSheetAmongOthers & { state: JournalSheetState },
): Promise<Checked> {
  const grid = await readJournalGrid(deps.run, sheet.sheetKey);
  const redrawn = await followCurrency(deps.run, sheet.sheetKey, grid, sheet.state.amountPlaces);
  const serviceDecimals = deps.api?.serviceDecimals;
  const { draft, problems, notices } = parseJournalGrid(
    grid,
    accountKnowledge(sheet),
    serviceDecimals === undefined ? {} : { serviceDecimals },
  );
  const addresses = problems.flatMap((p) => (p.address ? [p.address] : []));
  await markProblems(deps.run, sheet.sheetKey, addresses);
  return {
    problems,
    notices: [...redrawn, ...notices],
    update: draft && problems.length === 0 ? buildJournalUpdate(draft) : null,
  };
}
