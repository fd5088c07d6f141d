// Giving a line of a journal sheet its account, as the task pane's account list does: the cells
// of the line's row that name the account (code and name for people, the ID the service takes),
// found in the row the add-in marks as the lines' header; or why the row is not a line.

import { cellAddress } from "../sheets/cellAddresses";
import type { JournalRowMarks, KnownAccount } from "./contract";
import { LINE_COLUMNS, labelKey } from "./journalSheet";

/** The writes that give a line its account, or the sentence that says why they cannot. */
export type LineAccountCells =
  | { readonly ok: true; readonly cells: readonly { address: string; value: string }[] }
  | { readonly ok: false; readonly message: string };

const ACCOUNT_KEYS = ["accountCode", "accountName", "accountId"] as const;

/**
 * The cells of sheet row `row` that take `account`, given where the marks point and the marked
 * header row's texts (`headers`, from column A). Refused outside the lines: the header row and
 * above, the Total row and below.
 */
export function lineAccountCells(
  marks: JournalRowMarks,
  headers: readonly (string | number | boolean)[],
  row: number,
  account: KnownAccount,
): LineAccountCells {
  const { headerRow, totalRow } = marks;
  if (headerRow === null || totalRow === null) {
    return {
      ok: false,
      message:
        "The lines table of this sheet cannot be found (a row of it was deleted); open the journal again to redraw the sheet.",
    };
  }
  if (row <= headerRow || row >= totalRow) {
    return {
      ok: false,
      message:
        `Select a cell in one of the lines (rows ${headerRow + 1} to ${totalRow - 1}) first. ` +
        `For a new line below them, insert a row above the Total row (row ${totalRow}).`,
    };
  }
  const values: Record<(typeof ACCOUNT_KEYS)[number], string> = {
    accountCode: account.accountCode,
    accountName: account.accountName,
    accountId: account.accountId,
  };
  const cells: { address: string; value: string }[] = [];
  for (const key of ACCOUNT_KEYS) {
    const header = LINE_COLUMNS.find((column) => column.key === key)?.header ?? key;
    const column = headers.findIndex((text) => labelKey(text) === labelKey(header));
    if (column < 0) {
      return {
        ok: false,
        message: `The lines table has no “${header}” column; open the journal again to redraw the sheet.`,
      };
    }
    cells.push({ address: cellAddress(column, row), value: values[key] });
  }
  return { ok: true, cells };
}
