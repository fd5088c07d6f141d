// The journal sheet's fixed vocabulary: field labels, line columns and formats, shared by the
// layout that draws the sheet and the reader that finds everything again by these texts.

import { NUMBER_FORMATS } from "../sheets/cells";
import { notDraftReason } from "./draftOnly";

/** Labels (column A) of the header fields a user may edit; their values are in column B. */
export const INPUT_FIELD_LABELS = {
  transactionDate: "Transaction date",
  currency: "Currency",
  exchangeRate: "Exchange rate",
  description: "Description",
} as const;

export type InputField = keyof typeof INPUT_FIELD_LABELS;

/** What a header field holds, which decides its number format. */
export type FieldKind = "text" | "date" | "datetime" | "rate";

/** One row of the header block, top to bottom. */
export interface HeaderField {
  readonly label: string;
  readonly kind: FieldKind;
  /** Set for the fields a user edits on a DRAFT journal. */
  readonly input?: InputField;
}

/**
 * The header block under the title: who the journal is first, then what a user may edit, then
 * its history. The reader finds fields by label, so rows inserted between them do no harm.
 */
export const HEADER_FIELDS: readonly HeaderField[] = [
  { label: "Reference", kind: "text" },
  { label: "Transaction reference", kind: "text" },
  { label: "Status", kind: "text" },
  { label: "Journal ID", kind: "text" },
  { label: INPUT_FIELD_LABELS.transactionDate, kind: "date", input: "transactionDate" },
  { label: INPUT_FIELD_LABELS.currency, kind: "text", input: "currency" },
  { label: INPUT_FIELD_LABELS.exchangeRate, kind: "rate", input: "exchangeRate" },
  { label: INPUT_FIELD_LABELS.description, kind: "text", input: "description" },
  { label: "Created by", kind: "text" },
  { label: "Created at (UTC)", kind: "datetime" },
  { label: "Updated at (UTC)", kind: "datetime" },
  { label: "Approved by", kind: "text" },
  { label: "Approved at (UTC)", kind: "datetime" },
  { label: "Rejection reason", kind: "text" },
];

/** The fields of a line a user may edit (they go into the update), and the facts shown beside. */
export type LineInput =
  | "accountId"
  | "accountCode"
  | "description"
  | "debit"
  | "credit"
  | "taxId"
  | "contactId"
  | "staffId";
export type LineFact = "line" | "accountName" | "taxAmount" | "lineId";

export interface LineColumn {
  readonly key: LineInput | LineFact;
  readonly header: string;
  readonly kind: "text" | "money" | "integer";
  /** True for the columns a user edits on a DRAFT journal. */
  readonly input: boolean;
}

/**
 * The lines table, left to right: the account as people know it (code and name), what the line
 * is for and its tax, then Debit and Credit side by side as accountants write them, then the
 * server's facts and the ids nobody reads; the Account ID, which the service takes but people
 * do not type, comes last (a line gets it from its account code, or from the task pane's list).
 */
export const LINE_COLUMNS: readonly LineColumn[] = [
  { key: "line", header: "Line", kind: "integer", input: false },
  { key: "accountCode", header: "Account code", kind: "text", input: true },
  { key: "accountName", header: "Account name", kind: "text", input: false },
  { key: "description", header: "Description", kind: "text", input: true },
  { key: "taxId", header: "Tax ID", kind: "text", input: true },
  { key: "debit", header: "Debit", kind: "money", input: true },
  { key: "credit", header: "Credit", kind: "money", input: true },
  { key: "taxAmount", header: "Tax amount", kind: "money", input: false },
  { key: "contactId", header: "Contact ID", kind: "text", input: true },
  { key: "staffId", header: "Staff ID", kind: "text", input: true },
  { key: "lineId", header: "Line ID", kind: "text", input: false },
  { key: "accountId", header: "Account ID", kind: "text", input: true },
];

/** Label (column A) of the row of totals under the lines. */
export const TOTAL_LABEL = "Total";
/** Label (column A) of the row under the totals holding debits minus credits. */
export const DIFFERENCE_LABEL = "Difference";
/** What the balance cell shows. */
export const BALANCED_TEXT = "Balanced";
export const UNBALANCED_TEXT = "Unbalanced";
/** What the balance cell shows when a column's total has more than 15 digits in minor units. */
export const TOO_LARGE_TEXT = "Too large to check here — use Validate";
/** What it shows when an amount is negative, not a number, or not in whole minor units. */
export const UNCHECKED_TEXT = "Cannot check here — use Validate";

/** The line under the title of a DRAFT journal's sheet, saying what its shading means. */
export const LEGEND_TEXT =
  "White cells are what Send sends (an Account code as the ID of its account); grey cells are not sent.";

/** Empty rows for new lines under the journal's own lines, unless the caller says otherwise. */
export const DEFAULT_SPARE_LINES = 10;

/** Number formats of the sheet's cells (the import's formats, so both kinds of sheet agree). */
export const JOURNAL_FORMATS = {
  text: NUMBER_FORMATS.text,
  money: NUMBER_FORMATS.money,
  rate: NUMBER_FORMATS.rate,
  date: NUMBER_FORMATS.date,
  datetime: NUMBER_FORMATS.datetime,
  integer: NUMBER_FORMATS.integer,
  formula: NUMBER_FORMATS.number,
} as const;

/** The sentence shown instead of the balance, and by the task pane, for a journal that is not DRAFT. */
export function readOnlyReason(status: string): string | null {
  return status === "DRAFT" ? null : notDraftReason(status);
}

/** Label text as the reader compares it: trimmed, spaces collapsed, case ignored. */
export function labelKey(value: string | number | boolean | undefined): string {
  return typeof value === "string" ? value.trim().replace(/\s+/g, " ").toLowerCase() : "";
}
