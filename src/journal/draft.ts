// A journal as read back from its sheet, before it becomes an update, and where its cells are.

import type { Money } from "../money";
import type { LineInput } from "./journalSheet";

/** One non-blank line of the lines table. Text fields are "" when the cell is empty. */
export interface JournalDraftLine {
  /** The sheet row (1-based) the line was read from. */
  readonly row: number;
  readonly accountId: string;
  readonly accountCode: string;
  readonly description: string;
  /** Undefined when the cell is empty; exact, as settled from the cell. */
  readonly debit?: Money;
  readonly credit?: Money;
  readonly taxId: string;
  readonly contactId: string;
  readonly staffId: string;
  /** The server's id of the line as loaded ("" for a new line); not sent, lines are replaced. */
  readonly lineId: string;
}

/** The editable part of a journal as the sheet holds it. */
export interface JournalDraft {
  /** `YYYY-MM-DD`. */
  readonly transactionDate: string;
  /** Three capital letters, e.g. `USD`. */
  readonly currency: string;
  /** Decimal text, e.g. `1.2345`. */
  readonly exchangeRate: string;
  /** "" when the cell is empty (the update then sends "", clearing the description). */
  readonly description: string;
  readonly lines: readonly JournalDraftLine[];
}

/** Where a draft's values are on its sheet, so problems can name their cells. */
export interface JournalSheetAddresses {
  readonly transactionDate: string;
  readonly currency: string;
  readonly exchangeRate: string;
  readonly description: string;
  /** The column letters of the lines table's input columns; a line's cell is letter + row. */
  readonly lineColumns: Readonly<Record<LineInput, string>>;
  /** The cell of debits minus credits under the lines, where a balance problem points. */
  readonly difference: string | null;
}
