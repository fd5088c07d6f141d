// The task pane's account list for a new line: the accounts of the open journals of the active
// journal sheet's project, and putting the one chosen on the line of the active cell.
import { activeJournalSheet } from "../excel/journalSheetStates";
import { putAccountOnActiveLine } from "../excel/lineAccountPut";
import type { ExcelRun } from "../excel/run";
import type { KnownAccount } from "../journal/contract";
import { accountsOfProject } from "../journal/projectAccounts";
import type { JournalSheetKeys } from "../settings/journalSheetKeys";

export interface LineAccountDeps {
  readonly run: ExcelRun;
  readonly sheetKeys?: JournalSheetKeys;
}

/** The accounts a line of the active sheet can take, when it is a DRAFT journal's. */
export interface LineAccountChoices {
  readonly sheetKey: string;
  readonly sheetName: string;
  /** By code; those of the open journals of the sheet's project only. */
  readonly accounts: readonly KnownAccount[];
}

/** The active sheet's choices, or null when it is no journal a line can be added to. */
export async function lineAccountChoices(
  deps: LineAccountDeps,
): Promise<LineAccountChoices | null> {
  const sheet = await activeJournalSheet(deps.run, deps.sheetKeys);
  if (sheet?.state?.status !== "DRAFT") return null;
  return {
    sheetKey: sheet.sheetKey,
    sheetName: sheet.sheetName,
    accounts: accountsOfProject(sheet.openJournals, sheet.state.project),
  };
}

/**
 * Puts the account `accountId` of `choices` on the line of the active cell; the sentence to
 * show, and whether it was put.
 */
export async function putLineAccount(
  deps: LineAccountDeps,
  choices: LineAccountChoices,
  accountId: string,
): Promise<{ readonly put: boolean; readonly message: string }> {
  const account = choices.accounts.find((each) => each.accountId === accountId);
  if (account === undefined)
    return { put: false, message: "Choose an account from the list first." };
  const outcome = await putAccountOnActiveLine(deps.run, choices.sheetKey, account);
  if (outcome.kind === "refused") return { put: false, message: outcome.message };
  return {
    put: true,
    message: `Row ${outcome.row} now has account ${account.accountCode} ${account.accountName}.`,
  };
}
