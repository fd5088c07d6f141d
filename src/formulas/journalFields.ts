// LEDGER.JOURNAL.FIELD: one header value of a journal, named in a person's words ("total debit",
// "Currency", "transaction_date"), typed like the import's cells; totals summed exactly.

import type { JsonValue, ManualJournal } from "../api";
import { parseMoney, sumMoney, toWireDecimal, type Money } from "../money";
import { toCell, type CellKind, type CellValue } from "../sheets";
import { recordMoneyPlaces } from "../sheets/rowShaper";
import { badArgument } from "./formulaError";

export interface JournalField {
  /** How the field is listed in messages and the README. */
  readonly name: string;
  /** Other ways to say it (compared without case, spaces or punctuation). */
  readonly aliases: readonly string[];
  readonly kind: CellKind;
  readonly read: (journal: ManualJournal) => JsonValue;
}

/** The exact sum of one side of the lines, as wire decimal text ("150.00"). */
function total(journal: ManualJournal, side: "debit" | "credit"): string {
  const places = recordMoneyPlaces({ currency_code: journal.currency_code });
  const amounts: Money[] = journal.lines.map((line) => {
    const amount = parseMoney(line[side], { places });
    // The client's parser has already checked every amount against the contract.
    if (!amount.ok) throw badArgument(`A ${side} of this journal is not an amount.`);
    return amount.value;
  });
  return toWireDecimal(sumMoney(amounts), places);
}

const FIELDS: readonly JournalField[] = [
  { name: "status", aliases: [], kind: "text", read: (j) => j.status },
  { name: "reference", aliases: [], kind: "text", read: (j) => j.reference },
  {
    name: "transaction reference",
    aliases: ["transaction ref"],
    kind: "text",
    read: (j) => j.transaction_reference,
  },
  {
    name: "transaction date",
    aliases: ["date"],
    kind: "datetime",
    read: (j) => j.transaction_date,
  },
  { name: "currency", aliases: ["currency code"], kind: "text", read: (j) => j.currency_code },
  { name: "exchange rate", aliases: ["rate"], kind: "rate", read: (j) => j.exchange_rate },
  { name: "description", aliases: [], kind: "text", read: (j) => j.description },
  {
    name: "total debit",
    aliases: ["total debits", "debit total", "debits"],
    kind: "money",
    read: (j) => total(j, "debit"),
  },
  {
    name: "total credit",
    aliases: ["total credits", "credit total", "credits"],
    kind: "money",
    read: (j) => total(j, "credit"),
  },
  { name: "line count", aliases: ["lines"], kind: "integer", read: (j) => j.lines.length },
  { name: "id", aliases: ["journal id"], kind: "text", read: (j) => j.id },
  { name: "journal entry id", aliases: [], kind: "text", read: (j) => j.journal_entry_id },
  { name: "project id", aliases: [], kind: "text", read: (j) => j.project_id },
  { name: "created by", aliases: [], kind: "text", read: (j) => j.created_by },
  { name: "created at", aliases: [], kind: "datetime", read: (j) => j.created_at },
  { name: "updated at", aliases: [], kind: "datetime", read: (j) => j.updated_at },
  { name: "approved by", aliases: [], kind: "text", read: (j) => j.approved_by },
  { name: "approved at", aliases: [], kind: "datetime", read: (j) => j.approved_at },
  { name: "rejection reason", aliases: [], kind: "text", read: (j) => j.rejection_reason },
  { name: "is test", aliases: ["test"], kind: "boolean", read: (j) => j.is_test },
];

/** The field names LEDGER.JOURNAL.FIELD knows, in the order the README lists them. */
export const JOURNAL_FIELD_NAMES: readonly string[] = FIELDS.map((field) => field.name);

function comparable(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const BY_SPELLING = new Map<string, JournalField>(
  FIELDS.flatMap((field) =>
    [field.name, ...field.aliases].map((name) => [comparable(name), field] as const),
  ),
);

/** The field a LEDGER.JOURNAL.FIELD argument names; #VALUE! listing the choices otherwise. */
export function journalFieldOf(value: unknown): JournalField {
  const field = typeof value === "string" ? BY_SPELLING.get(comparable(value)) : undefined;
  if (field === undefined) {
    const named =
      typeof value === "string" && value.trim() !== "" ? `“${value.slice(0, 40)}” ` : "";
    throw badArgument(
      `${named === "" ? "Name a journal field" : `There is no journal field ${named.trim()}`}. ` +
        `Use one of: ${JOURNAL_FIELD_NAMES.join(", ")}.`,
    );
  }
  return field;
}

/**
 * The value of `field` in a cell: text as text, amounts and rates as numbers (as text when a
 * cell could not hold every digit, like 98765432109876.54), dates as Excel serials, is test as
 * TRUE/FALSE, an empty field as an empty cell.
 */
export function journalFieldValue(journal: ManualJournal, field: JournalField): CellValue {
  const places = recordMoneyPlaces({ currency_code: journal.currency_code });
  return toCell(field.kind, field.read(journal), field.name, places).value;
}
