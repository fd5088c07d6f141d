// The kind of a discovered column, from its key's name and the first value it holds.
//
// Deterministic and deliberately conservative: a string is text unless both its key's name and
// its shape say otherwise, because turning an id, a code or a reference into a number or a date
// loses it for good (`00123`, `1E5`, `2024-01-02` in a reference field stay text).

import type { JsonValue } from "../api";
import type { CellKind } from "./cells";
import { looksLikeIsoDate, looksLikeIsoDateTime } from "./excelDates";
import { lowerFieldWords } from "./fieldNames";

/** Words that make a key name an amount of money: `total`, `amount_due`, `remaining_credit`. */
const MONEY_WORDS: ReadonlySet<string> = new Set([
  "amount",
  "amounts",
  "total",
  "totals",
  "subtotal",
  "tax",
  "taxes",
  "price",
  "cost",
  "costs",
  "balance",
  "paid",
  "due",
  "credit",
  "debit",
  "fee",
  "fees",
  "charge",
  "charges",
  "discount",
  "remaining",
  "outstanding",
  "owed",
  "refund",
]);

/**
 * A key whose last word is one of these names something other than an amount, even when it
 * contains a money word: `tax_id`, `credit_note_number`, `amount_type`, `due_days`.
 */
const NOT_MONEY_LAST_WORDS: ReadonlySet<string> = new Set([
  "id",
  "ids",
  "uuid",
  "number",
  "no",
  "num",
  "code",
  "ref",
  "reference",
  "name",
  "type",
  "status",
  "method",
  "count",
  "date",
  "at",
  "rate",
  "percent",
  "percentage",
  "pct",
  "days",
  "url",
  "description",
  "note",
  "notes",
  "reason",
  "account",
  "currency",
  "quantity",
  "qty",
  "by",
  "key",
]);

/** A strict two-decimal amount as the service writes them: `12.30`, `-0.01`, `0.00`. */
const TWO_DECIMAL_AMOUNT = /^-?\d+\.\d{2}$/;

/** Decimal text without an exponent: `1.2345`, `1`, `-0.5`. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** `total`, `sub_total`, `amount_due`, `unit_price`, `remaining_balance`, `taxAmount`, … */
export function isMoneyName(key: string): boolean {
  const words = lowerFieldWords(key);
  const last = words[words.length - 1];
  if (last === undefined || NOT_MONEY_LAST_WORDS.has(last)) return false;
  return words.some((word) => MONEY_WORDS.has(word));
}

/** `exchange_rate`, `tax_rate`, `rate`, `fxRate`. */
export function isRateName(key: string): boolean {
  const words = lowerFieldWords(key);
  return words[words.length - 1] === "rate";
}

/** `date`, `due_date`, `issueDate`. */
export function isDateName(key: string): boolean {
  const words = lowerFieldWords(key);
  return words[words.length - 1] === "date";
}

/** `created_at`, `updatedAt`. */
export function isTimestampName(key: string): boolean {
  const words = lowerFieldWords(key);
  return words.length > 1 && words[words.length - 1] === "at";
}

/**
 * The kind of a column first seen with `value` (not null, not "") under `key` (the last key of
 * its path; `contact.name` → `name`):
 * - JSON true/false → boolean; a JSON number → integer when whole, else number;
 * - an array → text (written as JSON);
 * - a string → text, except:
 *   - a date key (`date`, `*_date`) holding `YYYY-MM-DD` → date;
 *   - a date key or a timestamp key (`*_at`) holding an ISO date-time with a zone → datetime;
 *   - a rate key (`rate`, `*_rate`) holding decimal text → rate;
 *   - a money key ({@link isMoneyName}) holding a strict two-decimal amount → money.
 * The shape decides, not whether the value is a real date or fits 15 digits: a column's later
 * values that do not fit its kind are written as text with a note, so the kind does not depend
 * on which record came first within a kind's shape.
 */
export function inferKind(key: string, value: JsonValue): CellKind {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value !== "string") return "text";
  const dateKey = isDateName(key);
  if (dateKey && looksLikeIsoDate(value)) return "date";
  if ((dateKey || isTimestampName(key)) && looksLikeIsoDateTime(value)) return "datetime";
  if (isRateName(key) && DECIMAL.test(value)) return "rate";
  if (isMoneyName(key) && TWO_DECIMAL_AMOUNT.test(value)) return "money";
  return "text";
}
