// The PATCH body of a validated journal draft: decimal strings exact, a side per line.

import type { JournalUpdate, JournalUpdateLine } from "../api/types";
import { DECIMAL_TEXT, MoneyDecimal, currencyMinorUnits, toWireDecimal } from "../money";
import type { ManualJournal } from "../api/types";
import type { JournalDraft, JournalDraftLine } from "./draft";

/**
 * The update that replaces the journal with `draft`, which must have passed validation
 * (`parseJournalGrid` returns only such drafts). Amounts and the rate go as exact decimal text
 * (`10.30`, `1.2345`; amounts with the currency's decimals: JPY `150000`, KWD `1.500`); each line's `type` is the side its amount is on; optional ids and
 * line descriptions only when the sheet has them. The journal's description is always sent, ""
 * when the cell is empty: the PATCH replaces it, so leaving it out could keep a description the
 * user cleared. The date goes as midnight UTC of the sheet's date; `keepUntouchedDate` puts the
 * server's own text back when the user did not change the date. Throws on a line without a
 * positive amount.
 */
export function buildJournalUpdate(draft: JournalDraft): JournalUpdate {
  const { places } = currencyMinorUnits(draft.currency);
  return {
    transaction_date: `${draft.transactionDate}T00:00:00Z`,
    currency_code: draft.currency,
    exchange_rate: toWireDecimal(new MoneyDecimal(draft.exchangeRate)),
    description: draft.description,
    lines: draft.lines.map((line) => updateLine(line, places)),
  };
}

/**
 * `update` with each amount the user left alone in the server's own text: the line at the same
 * position, on the same side, with the same value (`150000.00` for a JPY amount the sheet shows
 * as 150000, `1.500` for KWD). A changed amount goes with the currency's decimals.
 */
export function keepUntouchedAmounts(
  update: JournalUpdate,
  server: Pick<ManualJournal, "lines">,
): JournalUpdate {
  return {
    ...update,
    lines: update.lines.map((line, index) => {
      const loaded = server.lines[index];
      if (!loaded) return line;
      const text = line.type === "DEBIT" ? loaded.debit : loaded.credit;
      const same =
        typeof text === "string" &&
        DECIMAL_TEXT.test(text) &&
        new MoneyDecimal(text).equals(new MoneyDecimal(line.amount));
      return same ? { ...line, amount: text } : line;
    }),
  };
}

/**
 * `update` with the server's `transaction_date` text put back when the sheet still shows the
 * calendar date that text names (the sheet shows its first ten characters): a date-time with a
 * time or an offset (`2026-03-31T23:30:00-05:00`) must go back as it came, since rewriting it to
 * midnight UTC changes the instant and can move the day. A changed date goes as midnight UTC.
 */
export function keepUntouchedDate(
  update: JournalUpdate,
  server: { readonly transaction_date: string },
): JournalUpdate {
  const shown = server.transaction_date.slice(0, 10);
  return update.transaction_date === `${shown}T00:00:00Z`
    ? { ...update, transaction_date: server.transaction_date }
    : update;
}

function updateLine(line: JournalDraftLine, places: number): JournalUpdateLine {
  const debit = line.debit !== undefined && line.debit.greaterThan(0) ? line.debit : undefined;
  const credit = line.credit !== undefined && line.credit.greaterThan(0) ? line.credit : undefined;
  const amount = debit ?? credit;
  if (amount === undefined || (debit !== undefined && credit !== undefined)) {
    throw new Error(
      `The line in row ${line.row} needs exactly one positive amount; validate the draft first.`,
    );
  }
  return {
    account_id: line.accountId,
    amount: toWireDecimal(amount, places),
    type: debit !== undefined ? "DEBIT" : "CREDIT",
    ...optional("tax_id", line.taxId),
    ...optional("contact_id", line.contactId),
    ...optional("staff_id", line.staffId),
    ...optional("description", line.description),
  };
}

function optional<K extends string>(key: K, text: string): Partial<Record<K, string>> {
  return text === "" ? {} : ({ [key]: text } as Record<K, string>);
}
