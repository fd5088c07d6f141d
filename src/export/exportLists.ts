// Each list's tables. Payments follow the contract's Payment and Allocation tables field for
// field; the other lists follow the service's records as documented for them (the contract
// shows their endpoints, not their fields), and any field a record has beyond these is kept in
// the `other_fields` column, so nothing the server sends is dropped.
import type { CollectionId } from "../domain/collections";
import { headerForPath } from "../sheets/fieldNames";
import type { CellKind } from "../sheets/cells";
import {
  LINE_NUMBER_COLUMN,
  OTHER_FIELDS_COLUMN,
  type ExportColumn,
  type ExportTable,
  type ExportType,
} from "./exportSchema";

/** A list's nested records (invoice lines, payment allocations) as a table of their own. */
export interface LineTable {
  readonly table: ExportTable;
  /** The record's field holding the list: `lines`, `allocations`. */
  readonly field: string;
  /** The fields read from each nested record, in the table's order after the leading columns. */
  readonly fields: readonly ExportColumn[];
  /** The column naming the parent record: `invoice_id`, `payment_id`. */
  readonly parentColumn: string;
}

export interface ExportList {
  readonly collection: CollectionId;
  readonly main: ExportTable;
  readonly lines?: LineTable;
}

/** The kind the add-in gives a field of this type, for its header. */
const KIND_OF: Readonly<Record<ExportType, CellKind>> = {
  string: "text",
  decimal: "money",
  date: "date",
  timestamp: "datetime",
  int64: "integer",
  boolean: "boolean",
  json: "text",
};

/** A column named after its API field, with the add-in's header for it (or the one given). */
function column(name: string, type: ExportType, header?: string): ExportColumn {
  return { name, type, header: header ?? headerForPath([name], KIND_OF[type]) };
}

const s = (name: string, header?: string) => column(name, "string", header);
const d = (name: string, header?: string) => column(name, "decimal", header);
const json = (name: string, header: string) => column(name, "json", header);
const date = (name: string) => column(name, "date");
const timestamp = (name: string, header?: string) => column(name, "timestamp", header);

const OTHER_FIELDS = column(OTHER_FIELDS_COLUMN, "json", "(any other field, as text)");
const NOT_IN_ADDIN = "(not a column of the add-in)";

function table(name: string, label: string, columns: readonly ExportColumn[]): ExportTable {
  return { name, label, columns: [...columns, OTHER_FIELDS] };
}

/** The line table of a list: parent id, line number, currency, then the nested fields. */
function lineTable(
  name: string,
  label: string,
  field: string,
  parent: { column: string; header: string },
  fields: readonly ExportColumn[],
): LineTable {
  const leading = [
    s(parent.column, parent.header),
    column(LINE_NUMBER_COLUMN, "int64", NOT_IN_ADDIN),
    s("currency_code", NOT_IN_ADDIN),
  ];
  return {
    table: table(name, label, [...leading, ...fields]),
    field,
    fields,
    parentColumn: parent.column,
  };
}

const DOCUMENT_LINE_FIELDS: readonly ExportColumn[] = [
  s("description"),
  d("quantity"),
  d("unit_price"),
  d("amount"),
];

const MONEY_TAIL = [s("currency_code", "Currency"), d("exchange_rate")];
const TIMES = [timestamp("created_at"), timestamp("updated_at")];
/** The totals every document has, in the contract's order. */
const TOTALS = [d("sub_total"), d("tax_total"), d("total")];
/** An invoice's or a bill's payment state. */
const PAID = [d("amount_paid"), d("amount_due")];
const CONTACT = json("contact", "Contact (its name)");

function documentList(
  collection: CollectionId,
  singular: string,
  label: string,
  columns: readonly ExportColumn[],
): ExportList {
  return {
    collection,
    main: table(`${singular}s`, label, [s("id", `${label.replace(/s$/, "")} ID`), ...columns]),
    lines: lineTable(
      `${singular}_lines`,
      `${label.replace(/s$/, "")} lines`,
      "lines",
      { column: `${singular}_id`, header: `${label.replace(/s$/, "")} ID` },
      DOCUMENT_LINE_FIELDS,
    ),
  };
}

const INVOICES = documentList("invoices", "invoice", "Invoices", [
  s("invoice_number"),
  s("reference"),
  s("status"),
  CONTACT,
  date("issue_date"),
  date("due_date"),
  ...MONEY_TAIL,
  ...TOTALS,
  ...PAID,
  ...TIMES,
]);

const BILLS = documentList("bills", "bill", "Bills", [
  s("bill_number"),
  s("vendor_reference"),
  s("status"),
  CONTACT,
  date("issue_date"),
  date("due_date"),
  ...MONEY_TAIL,
  ...TOTALS,
  ...PAID,
  ...TIMES,
]);

const CREDIT_NOTES = documentList("credit-notes", "credit_note", "Credit notes", [
  s("credit_note_number"),
  s("reason"),
  s("invoice_id"),
  s("status"),
  CONTACT,
  date("issue_date"),
  ...MONEY_TAIL,
  ...TOTALS,
  d("remaining_credit"),
  ...TIMES,
]);

const DEBIT_NOTES = documentList("debit-notes", "debit_note", "Debit notes", [
  s("debit_note_number"),
  s("reason"),
  s("bill_id"),
  s("status"),
  CONTACT,
  date("issue_date"),
  ...MONEY_TAIL,
  ...TOTALS,
  d("remaining_balance"),
  ...TIMES,
]);

const RECEIPTS: ExportList = {
  collection: "receipts",
  main: table("receipts", "Receipts", [
    s("id", "Receipt ID"),
    s("receipt_number"),
    s("reference"),
    s("status"),
    CONTACT,
    date("receipt_date"),
    s("payment_method"),
    json("deposit_account", "Deposit account (its name)"),
    s("invoice_id"),
    ...MONEY_TAIL,
    d("total"),
    ...TIMES,
  ]),
};

const EXPENSES: ExportList = {
  collection: "expenses",
  main: table("expenses", "Expenses", [
    s("id", "Expense ID"),
    s("expense_number"),
    s("description"),
    s("status"),
    json("staff", "Staff (their name)"),
    s("merchant"),
    json("category", "Category (its name)"),
    date("expense_date"),
    s("payment_method"),
    ...MONEY_TAIL,
    d("amount"),
    d("tax_amount"),
    d("total"),
    s("receipt_url", "Receipt URL"),
    ...TIMES,
  ]),
};

/** The contract's Payment table, in its order, and its Allocation table. */
const PAYMENTS: ExportList = {
  collection: "payments",
  main: table("payments", "Payments", [
    s("id", "Payment ID"),
    s("type"),
    d("amount"),
    s("status"),
    json("vendor", "Vendor (its display_name)"),
    s("vendor_id", "Vendor ID"),
    s("account_id", "Account ID"),
    json("documents", "Documents (a short summary)"),
    timestamp("created_at"),
    s("project_id", "Project ID"),
    timestamp("payment_date", "Payment date (UTC)"),
    s("currency_code", "Currency"),
    d("exchange_rate"),
    s("journal_status"),
    s("payment_method"),
    s("journal_entry_id", "Journal entry ID"),
    s("payment_reference"),
    json("destination_account", "Destination bank, Destination account number"),
    json("staff", "Staff (their name)"),
    json("staff_id", "Staff ID"),
  ]),
  lines: lineTable(
    "payment_allocations",
    "Payment allocations",
    "allocations",
    { column: "payment_id", header: "Payment ID" },
    [s("id", "Allocation ID"), d("amount"), s("bill_id", "Bill ID"), s("bill_reference")],
  ),
};

const LISTS: readonly ExportList[] = [
  PAYMENTS,
  INVOICES,
  RECEIPTS,
  BILLS,
  CREDIT_NOTES,
  DEBIT_NOTES,
  EXPENSES,
];

/** The tables of a list. */
export function exportListOf(collection: CollectionId): ExportList {
  const list = LISTS.find((each) => each.collection === collection);
  if (list === undefined) throw new RangeError(`No export tables for “${collection}”.`);
  return list;
}

/** A list's tables in file order: the records, then their lines. */
export function tablesOf(list: ExportList): ExportTable[] {
  return list.lines ? [list.main, list.lines.table] : [list.main];
}
