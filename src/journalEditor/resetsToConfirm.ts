// Before a send: what the update would change that the user did not edit (the tax amounts an
// update cannot carry), for the pane to ask about unless the user already said yes.
import type { ManualJournal } from "../api";
import type { JournalSheet } from "../settings/journalSheets";
import { resetsQuestion, taxAmountsAnUpdateResets } from "../journal";
import type { SendOutcome } from "./outcomes";

/**
 * The question to ask before sending `sheet`'s journal over `current` (the server's copy just
 * read), or null to send: nothing would be reset, or the user accepted the resets of this very
 * sheet and server version (`accepted`). `overwriting`: the send overwrites that version.
 */
export function resetsToConfirm(
  sheet: Pick<JournalSheet, "sheetKey" | "sheetName">,
  current: ManualJournal,
  accepted: { readonly sheetKey: string; readonly serverUpdatedAt: string } | undefined,
  overwriting: boolean,
): SendOutcome | null {
  const resets = taxAmountsAnUpdateResets(current);
  if (resets.length === 0) return null;
  if (accepted?.sheetKey === sheet.sheetKey && accepted.serverUpdatedAt === current.updated_at) {
    return null;
  }
  return {
    kind: "confirm-resets",
    sheetKey: sheet.sheetKey,
    sheetName: sheet.sheetName,
    serverUpdatedAt: current.updated_at,
    message: resetsQuestion(resets),
    resets,
    overwriting,
  };
}
