// The PATCH body of a journal update, in one place: the update a validated draft makes (exact
// decimal text, a side per line), the server's own text kept where the user changed nothing, the
// check that nothing malformed is sent, and the exact JSON text the client sends.

import {
  DECIMAL_TEXT,
  MoneyDecimal,
  currencyMinorUnits,
  toWireDecimal,
  type Money,
} from "../money";
import { ApiError, ApiErrorDetail } from "./errors";
import { ExactJson, JsonDecimal, stringifyExact } from "./exactJson";
import { describeJson, isDecimalText, JsonValue } from "./json";
import type { JournalUpdate, JournalUpdateLine, ManualJournal } from "./types";

const LINE_TYPES = ["DEBIT", "CREDIT"];

/**
 * What an update is made from: the fields of a journal draft the PATCH sends (src/journal's
 * `JournalDraft`, read back from a sheet, extends it with what only the sheet needs).
 */
export interface JournalUpdateDraft {
  /** `YYYY-MM-DD`. */
  readonly transactionDate: string;
  /** Three capital letters, e.g. `USD`. */
  readonly currency: string;
  /** Decimal text, e.g. `1.2345`. */
  readonly exchangeRate: string;
  /** "" when the cell is empty (the update then sends "", clearing the description). */
  readonly description: string;
  readonly lines: readonly JournalUpdateDraftLine[];
}

/** One line of a draft. Text fields are "" when the cell is empty. */
export interface JournalUpdateDraftLine {
  /** The sheet row (1-based) the line was read from, so a refusal names it. */
  readonly row: number;
  readonly accountId: string;
  readonly description: string;
  /** Undefined when the cell is empty; exact, as settled from the cell. */
  readonly debit?: Money;
  readonly credit?: Money;
  readonly taxId: string;
  readonly contactId: string;
  readonly staffId: string;
}

/**
 * The update that replaces the journal with `draft`, which must have passed validation
 * (src/journal's `parseJournalGrid` returns only such drafts). Amounts and the rate go as exact decimal text
 * (`10.30`, `1.2345`; amounts with the currency's decimals: JPY `150000`, KWD `1.500`); each line's `type` is the side its amount is on; optional ids and
 * line descriptions only when the sheet has them. The journal's description is always sent, ""
 * when the cell is empty: the PATCH replaces it, so leaving it out could keep a description the
 * user cleared. The date goes as midnight UTC of the sheet's date; `keepUntouchedDate` puts the
 * server's own text back when the user did not change the date. Throws on a line without a
 * positive amount.
 */
export function buildJournalUpdate(draft: JournalUpdateDraft): JournalUpdate {
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

function updateLine(line: JournalUpdateDraftLine, places: number): JournalUpdateLine {
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

/** The problems of `update`, each naming its field (`lines[2].amount`); empty when it can be sent. */
export function checkJournalUpdate(update: JournalUpdate): ApiErrorDetail[] {
  // Read through `unknown`: callers in plain JavaScript or from parsed sheets may break the types.
  const problems: ApiErrorDetail[] = [];
  const at = (field: string, message: string): void => {
    problems.push({ field, message });
  };
  const fields = update as unknown as Record<string, unknown>;
  const text = (field: string, value: unknown, required: boolean): void => {
    if (value === undefined && !required) return;
    if (typeof value !== "string" || (required && value.trim() === "")) {
      at(field, `expected ${required ? "a non-empty " : "a "}string, got ${shown(value)}`);
    }
  };
  const decimal = (field: string, value: unknown, required: boolean): void => {
    if (value === undefined && !required) return;
    if (typeof value !== "string" || !isDecimalText(value)) {
      at(field, `expected a decimal string such as 10.30, got ${shown(value)}`);
    }
  };
  text("transaction_date", fields["transaction_date"], true);
  text("currency_code", fields["currency_code"], true);
  decimal("exchange_rate", fields["exchange_rate"], false);
  text("description", fields["description"], false);
  const lines = fields["lines"];
  if (!Array.isArray(lines)) {
    at("lines", `expected an array, got ${shown(lines)}`);
    return problems;
  }
  lines.forEach((line: unknown, index) => {
    const path = `lines[${index}]`;
    if (typeof line !== "object" || line === null) {
      at(path, `expected an object, got ${shown(line)}`);
      return;
    }
    const members = line as Record<string, unknown>;
    text(`${path}.account_id`, members["account_id"], true);
    decimal(`${path}.amount`, members["amount"], true);
    if (!LINE_TYPES.includes(members["type"] as string)) {
      at(`${path}.type`, `expected DEBIT or CREDIT, got ${shown(members["type"])}`);
    }
    for (const optional of ["tax_id", "contact_id", "staff_id", "description"]) {
      text(`${path}.${optional}`, members[optional], false);
    }
  });
  return problems;
}

function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") {
    return typeof value;
  }
  return describeJson(value as JsonValue);
}

function lineJson(line: JournalUpdateLine): ExactJson {
  return {
    account_id: line.account_id,
    amount: JsonDecimal.of(line.amount),
    type: line.type,
    tax_id: line.tax_id,
    contact_id: line.contact_id,
    staff_id: line.staff_id,
    description: line.description,
  };
}

/**
 * The request body of a journal update as JSON text, members in the contract's order and
 * optional members left out when undefined. Amounts and the exchange rate are JSON numbers
 * written digit for digit from their decimal text: `{"amount":10.30}`, never
 * `0.30000000000000004`. Throws a `validation` ApiError (nothing is sent) naming every problem.
 */
export function journalUpdateBody(update: JournalUpdate): string {
  const problems = checkJournalUpdate(update);
  if (problems.length > 0) {
    const listed = problems
      .slice(0, 5)
      .map((problem) => `${problem.field}: ${problem.message}`)
      .join("; ");
    const more = problems.length > 5 ? `; and ${problems.length - 5} more` : "";
    throw new ApiError("validation", `The journal was not sent: ${listed}${more}.`, {
      details: problems,
    });
  }
  return stringifyExact({
    transaction_date: update.transaction_date,
    currency_code: update.currency_code,
    exchange_rate:
      update.exchange_rate === undefined ? undefined : JsonDecimal.of(update.exchange_rate),
    description: update.description,
    lines: update.lines.map(lineJson),
  });
}
