// The kind of a discovered column, from its key's name and the values it holds.
//
// Deterministic and deliberately conservative: a string is text unless both its key's name and
// its shape say otherwise, because turning an id, a code or a reference into a number or a date
// loses it for good (`00123`, `1E5`, `2024-01-02` in a reference field stay text). The kind is
// decided from all the values at hand, not the first: one odd first value (`"100.0"` heading a
// column of `"12.30"` totals) must not make the whole column text.

import { isJsonNumber, JsonNumber, type JsonValue } from "../api";
import { ISO_4217_MINOR_UNITS } from "../money";
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

/** Decimal text without an exponent: `1.2345`, `1`, `-0.5`. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** What a key's name says its values are, from its words. */
interface KeyNames {
  readonly money: boolean;
  readonly rate: boolean;
  readonly date: boolean;
  readonly timestamp: boolean;
}

function keyNames(key: string): KeyNames {
  const words = lowerFieldWords(key);
  const last = words[words.length - 1];
  return {
    money:
      last !== undefined &&
      !NOT_MONEY_LAST_WORDS.has(last) &&
      words.some((word) => MONEY_WORDS.has(word)),
    rate: last === "rate",
    date: last === "date",
    timestamp: words.length > 1 && last === "at",
  };
}

/** `total`, `sub_total`, `amount_due`, `unit_price`, `remaining_balance`, `taxAmount`, … */
export function isMoneyName(key: string): boolean {
  return keyNames(key).money;
}

/** `exchange_rate`, `tax_rate`, `rate`, `fxRate`. */
export function isRateName(key: string): boolean {
  return keyNames(key).rate;
}

/** `date`, `due_date`, `issueDate`. */
export function isDateName(key: string): boolean {
  return keyNames(key).date;
}

/** `created_at`, `updatedAt`. */
export function isTimestampName(key: string): boolean {
  return keyNames(key).timestamp;
}

/** Whether a JSON number is whole: `12`, `-0`, `12345678901234567890` (kept exactly). */
function isWholeNumber(value: number | JsonNumber): boolean {
  return typeof value === "number" ? Number.isInteger(value) : /^-?\d+$/.test(value.text);
}

/**
 * The kinds other than text that `value` (not null, not "") under a key of `names` would fit
 * as a cell, in order of preference:
 * - JSON true/false → boolean;
 * - a JSON number → integer when whole, number; and money or rate when the key names one;
 * - a string → only when its key and its shape agree:
 *   - a date key (`date`, `*_date`) holding `YYYY-MM-DD` → date (and datetime, as midnight);
 *   - a date key or a timestamp key (`*_at`) holding an ISO date-time with a zone → datetime;
 *   - a rate key (`rate`, `*_rate`) holding decimal text → rate;
 *   - a money key ({@link isMoneyName}) holding decimal text with at most four decimals that
 *     are not zeros (`12.30`, `100.0`, `7`, a KWD `1.005`, a CLF `1.0005`) → money (each cell is
 *     then checked against its own record's currency);
 * - an array or anything else → none (text).
 */
function kindsOf(names: KeyNames, value: JsonValue): CellKind[] {
  if (typeof value === "boolean") return ["boolean"];
  if (isJsonNumber(value)) {
    const kinds: CellKind[] = isWholeNumber(value) ? ["integer", "number"] : ["number"];
    if (names.money) kinds.push("money");
    if (names.rate) kinds.push("rate");
    return kinds;
  }
  if (typeof value !== "string") return [];
  if (names.date && looksLikeIsoDate(value)) return ["date", "datetime"];
  if ((names.date || names.timestamp) && looksLikeIsoDateTime(value)) return ["datetime"];
  if (names.rate && DECIMAL.test(value)) return ["rate"];
  if (names.money && DECIMAL.test(value) && minorUnitsAtMost(value)) return ["money"];
  return [];
}

/** The most decimals an amount has in an ISO 4217 currency (four: CLF, UYW). */
const MOST_MONEY_PLACES = Math.max(...ISO_4217_MINOR_UNITS.values());

/** Decimal text with at most that many decimals once trailing zeros are dropped: `1.005`. */
function minorUnitsAtMost(text: string): boolean {
  const dot = text.indexOf(".");
  return dot < 0 || text.slice(dot + 1).replace(/0+$/, "").length <= MOST_MONEY_PLACES;
}

/** When kinds fit equally many values, the first of this list wins. */
const PREFERENCE: readonly CellKind[] = [
  "boolean",
  "integer",
  "number",
  "date",
  "datetime",
  "money",
  "rate",
];

function isEmptyValue(value: JsonValue): boolean {
  return value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

/**
 * The kind of a column under `key` (the last key of its path; `contact.name` → `name`) that
 * holds `values` — all of them, not only the first. The kind is the one ({@link kindsOf}) that
 * most of the non-empty values fit, more than half of them; otherwise text, which loses nothing.
 * Ties go to the more specific kind (integer before number, date before datetime). Values that
 * do not fit the kind chosen are written as text with a note (typedCells.ts), and the import
 * counts them in its summary, so a minority of odd values is seen rather than hidden.
 */
export function inferColumnKind(key: string, values: readonly JsonValue[]): CellKind {
  const fits = new Map<CellKind, number>();
  // The key's words once, not once a value: a column of a first page holds hundreds.
  const names = keyNames(key);
  let counted = 0;
  for (const value of values) {
    if (isEmptyValue(value)) continue;
    counted += 1;
    for (const kind of kindsOf(names, value)) fits.set(kind, (fits.get(kind) ?? 0) + 1);
  }
  let best: CellKind = "text";
  let bestFits = 0;
  for (const kind of PREFERENCE) {
    const count = fits.get(kind) ?? 0;
    if (count > bestFits) {
      best = kind;
      bestFits = count;
    }
  }
  return bestFits * 2 > counted ? best : "text";
}

/** The kind of a column first seen with `value` alone: {@link inferColumnKind} of one value. */
export function inferKind(key: string, value: JsonValue): CellKind {
  return inferColumnKind(key, [value]);
}
