// A journal as read back from its sheet, before it becomes an update, and where its cells are.

import type { JournalUpdateDraft, JournalUpdateDraftLine } from "../api/journalUpdateBody";
import type { LineInput } from "./journalSheet";

/** One non-blank line of the lines table: what the update sends, and what only the sheet shows. */
export interface JournalDraftLine extends JournalUpdateDraftLine {
  readonly accountCode: string;
  /** The server's id of the line as loaded ("" for a new line); not sent, lines are replaced. */
  readonly lineId: string;
}

/** The editable part of a journal as the sheet holds it; the PATCH body is made from it. */
export interface JournalDraft extends JournalUpdateDraft {
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
