/**
 * Awkward but legal values seeded at fixed record indices of demo-company's lists (index 0 is the
 * newest record, so they all show on the first page). Tests import these to find them.
 */
import type { ListName } from "../catalog";

export interface AwkwardText {
  /** Record index (0 = first record of the first page) that carries the value. */
  index: number;
  label: string;
  value: string | null;
}

function textOfLength(length: number, sentence: string): string {
  const marker = "[END]";
  let text = "";
  while (text.length < length - marker.length) text += sentence;
  return text.slice(0, length - marker.length) + marker;
}

/** 3,000 characters: long, but fits an Excel cell. */
export const LONG_TEXT = textOfLength(
  3000,
  "Quarterly service agreement covering maintenance, support and on-site visits. ",
);

/** 40,000 characters: over Excel's 32,767-character cell limit. */
export const OVERSIZED_TEXT = textOfLength(
  40000,
  "This memo is deliberately longer than an Excel cell can hold. ",
);

/** Excel's cell text limit, for tests that check truncation of OVERSIZED_TEXT. */
export const EXCEL_CELL_TEXT_LIMIT = 32767;

export const AWKWARD_TEXTS: readonly AwkwardText[] = [
  {
    index: 0,
    label: "formula with a hyperlink",
    value: '=HYPERLINK("http://example.com","click")',
  },
  { index: 1, label: "formula", value: "=1+1" },
  { index: 2, label: "leading plus", value: "+1" },
  { index: 3, label: "leading minus", value: "-2" },
  { index: 4, label: "at-sign function", value: "@SUM(A1)" },
  { index: 5, label: "leading zeros", value: "00123" },
  { index: 6, label: "scientific notation", value: "1E5" },
  { index: 7, label: "boolean TRUE", value: "TRUE" },
  { index: 8, label: "boolean FALSE", value: "FALSE" },
  { index: 9, label: "ISO date", value: "2024-01-02" },
  { index: 10, label: "slash date", value: "1/2/2024" },
  { index: 11, label: "accents", value: "Café Müller – Straße, Ærøskøbing" },
  { index: 12, label: "CJK", value: "株式会社テスト 发票 第3号" },
  { index: 13, label: "emoji", value: "Receipt 🧾✅ for 👩🏽‍💻 team" },
  { index: 14, label: "right-to-left", value: "فاتورة رقم ١٢٣ — חשבונית" },
  { index: 15, label: "empty string", value: "" },
  { index: 16, label: "null optional field", value: null },
  { index: 17, label: "3,000-character text", value: LONG_TEXT },
  { index: 18, label: "40,000-character text (over the Excel cell limit)", value: OVERSIZED_TEXT },
  {
    index: 19,
    label: "line breaks, tab and quotes",
    value: "Line one\nLine two\t\"quoted\", 'single'",
  },
];

/** The text field of each list that carries AWKWARD_TEXTS[k].value at record index k. */
export const AWKWARD_TEXT_FIELDS: Readonly<Record<ListName, string>> = {
  invoices: "reference",
  receipts: "reference",
  bills: "vendor_reference",
  "credit-notes": "reason",
  "debit-notes": "reason",
  expenses: "description",
  // Required by the spec, so the null entry is skipped there (that record keeps a normal value).
  payments: "payment_reference",
};

export interface AwkwardAmount {
  index: number;
  label: string;
  amount: string;
}

/** Totals (field per list below) at fixed indices; those records have one line and no tax. */
export const AWKWARD_AMOUNTS: readonly AwkwardAmount[] = [
  { index: 1, label: "more digits than a double holds exactly", amount: "98765432109876.54" },
  { index: 2, label: "zero", amount: "0.00" },
  { index: 3, label: "one cent", amount: "0.01" },
];

export const AWKWARD_AMOUNT_FIELDS: Readonly<Record<ListName, string>> = {
  invoices: "total",
  receipts: "total",
  bills: "total",
  "credit-notes": "total",
  "debit-notes": "total",
  expenses: "total",
  payments: "amount",
};

export interface AwkwardPlacement {
  list: ListName;
  index: number;
  /** Path inside the record, e.g. `lines[1].amount`. */
  field: string;
  value: string;
  label: string;
}

/**
 * Negative amounts, only where an accounting document plausibly has them: an invoice discount
 * line and an expense refund. Credit and debit notes carry positive amounts; the document type
 * gives the direction, as in most accounting APIs.
 */
export const AWKWARD_NEGATIVES: readonly AwkwardPlacement[] = [
  { list: "invoices", index: 6, field: "lines[1].amount", value: "-25.00", label: "discount line" },
  { list: "expenses", index: 4, field: "total", value: "-42.50", label: "refund" },
];

/** Payments' destination account numbers always keep leading zeros, e.g. this one at index 0. */
export const AWKWARD_ACCOUNT_NUMBER = "000123456789";

export function awkwardTextAt(list: ListName, index: number): AwkwardText | undefined {
  const entry = AWKWARD_TEXTS[index];
  if (!entry || (list === "payments" && entry.value === null)) return undefined;
  return entry;
}

export function awkwardAmountAt(index: number): AwkwardAmount | undefined {
  return AWKWARD_AMOUNTS.find((entry) => entry.index === index);
}
