// What an update changes that the user did not edit: the PATCH body has no tax amount (see the
// contract's line fields), so the server sets each line's tax amount again, whatever it was.

import type { ManualJournal } from "../api/types";
import { DECIMAL_TEXT, MoneyDecimal } from "../money";

/**
 * One sentence per line of `current` (the server's copy, just read) whose tax amount an update
 * cannot keep: "Line 2 (account 4100): tax amount 210.00". Empty when no line has one.
 */
export function taxAmountsAnUpdateResets(current: Pick<ManualJournal, "lines">): string[] {
  return current.lines.flatMap((line, index) =>
    isZero(line.tax_amount)
      ? []
      : [`Line ${index + 1} (account ${line.account_code}): tax amount ${line.tax_amount}`],
  );
}

/**
 * The question the pane asks before such an update, naming what would change unseen. The
 * sandbox sets tax amounts to 0.00; what the real service sets is not in the contract.
 */
export function resetsQuestion(resets: readonly string[]): string {
  const lines = resets.length === 1 ? "A line has a tax amount" : "Lines have tax amounts";
  return (
    `${lines} that sending cannot keep: an update carries no tax amounts, so the server sets ` +
    "them again (possibly to 0.00). Send anyway, or cancel and keep the journal as it is."
  );
}

function isZero(text: string): boolean {
  return DECIMAL_TEXT.test(text) && new MoneyDecimal(text).isZero();
}
