/** PATCH /journal/entries/{id}: strict validation of the body, the balance rule, and the update. */
import { randomUUID } from "node:crypto";
import { MAX_PATCH_LINES, type IdentityName } from "./catalog";
import { parseIsoDateOrDateTime } from "./dates";
import { ApiError, Problems } from "./errors";
import { formatAmount, Money, sumAmounts } from "./money";
import { accountById } from "./seed/accounts";
import { journalLine } from "./seed/journals";
import type { ManualJournal } from "./seed/types";

export interface JournalUpdateLine {
  accountId: string;
  type: "DEBIT" | "CREDIT";
  amount: Money;
  taxId: string | null;
  contactId: string | null;
  staffId: string | null;
  description: string | null;
}

export interface JournalUpdate {
  transactionDate: string;
  currencyCode: string;
  /** Two decimals, half-up; "1.00" when the request has no rate (it replaces the rate). */
  exchangeRate: string;
  description: string | null;
  lines: JournalUpdateLine[];
}

const TOP_LEVEL_FIELDS = new Set([
  "transaction_date",
  "currency_code",
  "exchange_rate",
  "description",
  "lines",
]);
const LINE_FIELDS = new Set([
  "account_id",
  "amount",
  "type",
  "tax_id",
  "contact_id",
  "staff_id",
  "description",
]);
/** Beyond this a double cannot carry cents reliably, so the amount cannot be what was meant. */
const MAX_AMOUNT = new Money("1e15");

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : `a ${typeof value}`;
}

function optionalText(
  problems: Problems,
  source: JsonObject,
  key: string,
  field: string,
): string | null {
  if (!Object.hasOwn(source, key)) return null;
  const value = source[key];
  if (value === null || typeof value === "string") return value;
  problems.add(field, `must be a string or null, not ${describe(value)}`);
  return null;
}

/**
 * Validates the whole body and reports every problem at once (400 `invalid_body`); `maxLines`
 * is the most lines it may have.
 */
export function parseJournalUpdate(
  body: unknown,
  identity: IdentityName,
  maxLines = MAX_PATCH_LINES,
): JournalUpdate {
  if (!isObject(body)) {
    const message = `must be a JSON object, not ${describe(body)}`;
    throw new ApiError(400, "invalid_body", `The journal update is invalid: body ${message}.`, [
      { field: "body", message },
    ]);
  }
  const problems = new Problems();
  for (const key of Object.keys(body)) {
    if (!TOP_LEVEL_FIELDS.has(key)) problems.add(key, "is not a field of a journal update");
  }

  let transactionDate = "";
  if (!Object.hasOwn(body, "transaction_date")) problems.add("transaction_date", "is required");
  else if (typeof body.transaction_date !== "string") {
    problems.add(
      "transaction_date",
      `must be a string holding an ISO 8601 date, not ${describe(body.transaction_date)}`,
    );
  } else {
    const parsed = parseIsoDateOrDateTime(body.transaction_date);
    if (parsed.ok) transactionDate = parsed.iso;
    else problems.add("transaction_date", parsed.reason);
  }

  let currencyCode = "";
  if (!Object.hasOwn(body, "currency_code")) problems.add("currency_code", "is required");
  else if (typeof body.currency_code !== "string" || !/^[A-Z]{3}$/.test(body.currency_code)) {
    problems.add("currency_code", 'must be a three-letter uppercase ISO 4217 code such as "USD"');
  } else currencyCode = body.currency_code;

  let exchangeRate = "1.00";
  if (Object.hasOwn(body, "exchange_rate")) {
    const rate = body.exchange_rate;
    if (typeof rate !== "number" || !Number.isFinite(rate) || rate <= 0) {
      problems.add(
        "exchange_rate",
        `must be a JSON number greater than 0, not ${describe(rate)}${typeof rate === "number" ? ` ${rate}` : ""}`,
      );
    } else {
      exchangeRate = formatAmount(new Money(String(rate)));
      if (exchangeRate === "0.00") problems.add("exchange_rate", "rounds to 0.00 at two decimals");
      else if (new Money(exchangeRate).greaterThanOrEqualTo(MAX_AMOUNT))
        problems.add("exchange_rate", "is too large");
    }
  }

  const description = optionalText(problems, body, "description", "description");
  const lines = parseLines(problems, body, identity, maxLines);
  problems.throwIfAny("invalid_body", "The journal update is invalid");
  return { transactionDate, currencyCode, exchangeRate, description, lines };
}

function parseLines(
  problems: Problems,
  body: JsonObject,
  identity: IdentityName,
  maxLines: number,
): JournalUpdateLine[] {
  if (!Object.hasOwn(body, "lines")) {
    problems.add("lines", "is required");
    return [];
  }
  const raw = body.lines;
  if (!Array.isArray(raw)) {
    problems.add("lines", `must be an array of line objects, not ${describe(raw)}`);
    return [];
  }
  if (raw.length === 0) problems.add("lines", "must contain at least one line");
  if (raw.length > maxLines) problems.add("lines", `must contain at most ${maxLines} lines`);

  const lines: JournalUpdateLine[] = [];
  raw.slice(0, maxLines).forEach((entry: unknown, i) => {
    const at = `lines[${i}]`;
    if (!isObject(entry)) {
      problems.add(at, `must be an object, not ${describe(entry)}`);
      return;
    }
    const before = problems.count;
    for (const key of Object.keys(entry)) {
      if (!LINE_FIELDS.has(key)) problems.add(`${at}.${key}`, "is not a field of a journal line");
    }

    const accountId = entry.account_id;
    if (accountId === undefined) problems.add(`${at}.account_id`, "is required");
    else if (typeof accountId !== "string")
      problems.add(`${at}.account_id`, `must be a string, not ${describe(accountId)}`);
    else if (!accountById(identity, accountId))
      problems.add(`${at}.account_id`, "is not an account in this project's chart of accounts");

    const amount = parseAmount(problems, entry.amount, `${at}.amount`);

    const type = entry.type;
    if (type === undefined) problems.add(`${at}.type`, "is required");
    else if (type !== "DEBIT" && type !== "CREDIT")
      problems.add(`${at}.type`, 'must be exactly "DEBIT" or "CREDIT"');

    const taxId = optionalText(problems, entry, "tax_id", `${at}.tax_id`);
    const contactId = optionalText(problems, entry, "contact_id", `${at}.contact_id`);
    const staffId = optionalText(problems, entry, "staff_id", `${at}.staff_id`);
    const lineDescription = optionalText(problems, entry, "description", `${at}.description`);

    if (
      problems.count === before &&
      amount &&
      typeof accountId === "string" &&
      (type === "DEBIT" || type === "CREDIT")
    ) {
      lines.push({
        accountId,
        type,
        amount,
        taxId,
        contactId,
        staffId,
        description: lineDescription,
      });
    }
  });
  return lines;
}

/** A JSON number > 0 with at most two decimals, read through its shortest decimal form. */
function parseAmount(problems: Problems, value: unknown, field: string): Money | undefined {
  if (value === undefined) {
    problems.add(field, "is required");
    return undefined;
  }
  if (typeof value !== "number" || !Number.isFinite(value)) {
    problems.add(field, `must be a JSON number, not ${describe(value)}`);
    return undefined;
  }
  const amount = new Money(String(value));
  if (amount.lessThanOrEqualTo(0))
    problems.add(
      field,
      `must be greater than 0 (got ${String(value)}); the type says debit or credit`,
    );
  else if (amount.decimalPlaces() > 2)
    problems.add(field, `must have at most two decimals (got ${String(value)})`);
  else if (amount.greaterThanOrEqualTo(MAX_AMOUNT))
    problems.add(field, `must be less than 1000000000000000 (got ${String(value)})`);
  else return amount;
  return undefined;
}

/** 422 unless total debits equal total credits. */
export function assertBalanced(update: JournalUpdate): void {
  const debits = sumAmounts(update.lines.filter((l) => l.type === "DEBIT").map((l) => l.amount));
  const credits = sumAmounts(update.lines.filter((l) => l.type === "CREDIT").map((l) => l.amount));
  if (debits.equals(credits)) return;
  const difference = formatAmount(debits.minus(credits).abs());
  throw new ApiError(
    422,
    "unbalanced_journal",
    `Total debits ${formatAmount(debits)} do not equal total credits ${formatAmount(credits)} (difference ${difference}).`,
    [
      {
        field: "lines",
        message: `debits ${formatAmount(debits)}, credits ${formatAmount(credits)}, difference ${difference}`,
      },
    ],
  );
}

/** 409 unless the journal is a DRAFT (spec: only DRAFT journals can be updated). */
export function assertDraft(journal: ManualJournal): void {
  if (journal.status === "DRAFT") return;
  throw new ApiError(
    409,
    "journal_not_draft",
    `Journal ${journal.reference} is ${journal.status}; only DRAFT journals can be updated.`,
  );
}

/** The journal after the update; updated_at always moves strictly forward. */
export function applyJournalUpdate(
  journal: ManualJournal,
  update: JournalUpdate,
  identity: IdentityName,
  nowMs: number,
): ManualJournal {
  const previous = Date.parse(journal.updated_at);
  const updatedMs = Math.max(nowMs, previous + 1);
  return {
    ...journal,
    transaction_date: update.transactionDate,
    currency_code: update.currencyCode,
    exchange_rate: update.exchangeRate,
    description: update.description,
    status: "DRAFT",
    updated_at: new Date(updatedMs).toISOString(),
    lines: update.lines.map((line) => {
      const account = accountById(identity, line.accountId);
      if (!account) throw new Error(`account ${line.accountId} vanished after validation`);
      return journalLine(
        {
          id: randomUUID(),
          account_id: account.id,
          tax_id: line.taxId,
          account_name: account.name,
          account_code: account.code,
          contact_id: line.contactId,
          staff_id: line.staffId,
          description: line.description,
          tax_amount: "0.00",
        },
        line.type,
        line.amount,
        update.exchangeRate,
      );
    }),
  };
}
