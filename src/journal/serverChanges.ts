// What the server stored differently from the update it was sent, and the tax amounts it set
// again (an update cannot carry them), in words for the task pane.

import type { JournalLine, JournalUpdate, JournalUpdateLine, ManualJournal } from "../api/types";
import { DECIMAL_TEXT, MoneyDecimal } from "../money";
import { quoteText } from "../money/money";

/** How the two sides of a difference are named: "sent … stored …", "sheet … server …". */
export interface ChangeWords {
  readonly ours: string;
  readonly theirs: string;
}

const SENT_AND_STORED: ChangeWords = { ours: "sent", theirs: "stored" };

/**
 * What the server's copy holds differently from the sheet, side by side (`Description: sheet
 * “Rent”, server “Rent, January”`): shown when the journal changed on the server since it was
 * opened, so the user sees what Reload or Overwrite would each throw away.
 */
export function describeServerAgainstSheet(sheet: JournalUpdate, server: ManualJournal): string[] {
  return describeServerChanges(sheet, server, { ours: "sheet", theirs: "server" });
}

/**
 * One sentence per value the saved journal holds differently from `sent`: the date (compared
 * as the calendar date it names), currency, exchange rate and amounts (compared as decimals, so
 * 10.3 and 10.30 agree), description, and per line the account, side, amount, ids and
 * description; when the number of lines differs, that alone (lines cannot be paired). Empty when
 * the server stored exactly what was sent.
 */
export function describeServerChanges(
  sent: JournalUpdate,
  saved: ManualJournal,
  words: ChangeWords = SENT_AND_STORED,
): string[] {
  const changes: string[] = [];
  const differs = (what: string, sentValue: string, storedValue: string): void => {
    changes.push(`${what}: ${words.ours} ${sentValue}, ${words.theirs} ${storedValue}`);
  };

  if (!sameDate(sent.transaction_date, saved.transaction_date)) {
    differs("Transaction date", datePart(sent.transaction_date), datePart(saved.transaction_date));
  }
  if (sent.currency_code !== saved.currency_code) {
    differs("Currency", sent.currency_code, saved.currency_code);
  }
  if (sent.exchange_rate !== undefined && !sameDecimal(sent.exchange_rate, saved.exchange_rate)) {
    differs("Exchange rate", sent.exchange_rate, saved.exchange_rate);
  }
  if ((sent.description ?? "") !== (saved.description ?? "")) {
    differs("Description", shownText(sent.description), shownText(saved.description));
  }
  if (sent.lines.length !== saved.lines.length) {
    differs("Number of lines", String(sent.lines.length), String(saved.lines.length));
    return changes;
  }
  sent.lines.forEach((line, index) => {
    const stored = saved.lines[index];
    if (stored) changes.push(...lineChanges(index + 1, line, stored, words));
  });
  return changes;
}

/**
 * Each line whose tax amount the server stored differently from the copy before the update,
 * by position: "Line 2, tax amount: was 210.00, stored 0.00". Empty when the number of lines
 * changed (the lines cannot be paired), or no tax amount did.
 */
export function taxAmountChanges(
  before: Pick<ManualJournal, "lines">,
  saved: Pick<ManualJournal, "lines">,
): string[] {
  if (before.lines.length !== saved.lines.length) return [];
  return saved.lines.flatMap((line, index) => {
    const was = before.lines[index]?.tax_amount ?? "0.00";
    return sameDecimal(was, line.tax_amount)
      ? []
      : [`Line ${index + 1}, tax amount: was ${was}, stored ${line.tax_amount}`];
  });
}

function lineChanges(
  position: number,
  sent: JournalUpdateLine,
  stored: JournalLine,
  words: ChangeWords,
): string[] {
  const changes: string[] = [];
  const differs = (what: string, sentValue: string, storedValue: string): void => {
    changes.push(
      `Line ${position}, ${what}: ${words.ours} ${sentValue}, ${words.theirs} ${storedValue}`,
    );
  };
  if (sent.account_id !== stored.account_id) {
    differs("account ID", sent.account_id, stored.account_id);
  }
  const storedSide = sideOf(stored);
  const sentSide = `${sent.type === "DEBIT" ? "debit" : "credit"} ${sent.amount}`;
  if (
    storedSide === null ||
    storedSide.type !== sent.type ||
    !sameDecimal(sent.amount, storedSide.amount)
  ) {
    differs("amount", sentSide, storedSide === null ? describeSides(stored) : storedSide.shown);
  }
  const texts = [
    ["tax ID", sent.tax_id, stored.tax_id],
    ["contact ID", sent.contact_id, stored.contact_id],
    ["staff ID", sent.staff_id, stored.staff_id],
    ["description", sent.description, stored.description],
  ] as const;
  for (const [what, sentText, storedText] of texts) {
    if ((sentText ?? "") !== (storedText ?? "")) {
      differs(what, shownText(sentText), shownText(storedText));
    }
  }
  return changes;
}

/** The one side a stored line carries, or null when it has both or neither. */
function sideOf(
  line: JournalLine,
): { type: "DEBIT" | "CREDIT"; amount: string; shown: string } | null {
  const debit = !isZero(line.debit);
  const credit = !isZero(line.credit);
  if (debit === credit) return null;
  return debit
    ? { type: "DEBIT", amount: line.debit, shown: `debit ${line.debit}` }
    : { type: "CREDIT", amount: line.credit, shown: `credit ${line.credit}` };
}

function describeSides(line: JournalLine): string {
  return `debit ${line.debit} and credit ${line.credit}`;
}

function isZero(text: string): boolean {
  return DECIMAL_TEXT.test(text) && new MoneyDecimal(text).isZero();
}

function sameDecimal(a: string, b: string): boolean {
  if (!DECIMAL_TEXT.test(a) || !DECIMAL_TEXT.test(b)) return a === b;
  return new MoneyDecimal(a).equals(new MoneyDecimal(b));
}

/** `2026-01-31` of `2026-01-31T00:00:00Z`: dates are compared as the calendar day they name. */
function datePart(text: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
}

function sameDate(sent: string, stored: string): boolean {
  const [a, b] = [Date.parse(sent), Date.parse(stored)];
  if (!Number.isNaN(a) && a === b) return true;
  return datePart(sent) === datePart(stored);
}

function shownText(text: string | null | undefined): string {
  return text === undefined || text === null || text === "" ? "nothing" : quoteText(text);
}
