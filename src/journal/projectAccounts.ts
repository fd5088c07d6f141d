// The accounts a journal sheet may take an account ID from: those its own project's open
// journals use. Another project's chart is another company's: a code there may name an account
// this project does not have (the server then refuses the ID), or a different account of the same
// code. So journals of other projects never lend their accounts, to Validate or to the list a new
// line picks its account from.

import { sameLabel } from "../domain/projectLabels";
import type { JournalSheetState, KnownAccount } from "./contract";

/**
 * The accounts of the journals of `project` (a sheet's recorded project; undefined for a workbook
 * without projects, whose journals are all of one), each once, by code then name.
 */
export function accountsOfProject(
  journals: readonly Pick<JournalSheetState, "project" | "accounts">[],
  project: string | undefined,
): KnownAccount[] {
  const byId = new Map<string, KnownAccount>();
  for (const journal of journals) {
    const same =
      project === undefined || journal.project === undefined
        ? project === journal.project
        : sameLabel(project, journal.project);
    if (!same) continue;
    for (const account of journal.accounts ?? []) {
      if (account.accountId !== "" && !byId.has(account.accountId)) {
        byId.set(account.accountId, account);
      }
    }
  }
  return [...byId.values()].sort(
    (a, b) =>
      a.accountCode.localeCompare(b.accountCode, "en", { numeric: true }) ||
      a.accountName.localeCompare(b.accountName),
  );
}
