// Rows for the Payments sheet and its linked "Payment allocations" sheet, from the contract's
// known Payment schema.
//
// The columns are fixed, in the order a reader scans a payment (columnOrder.ts): its reference,
// when, who, in which currency how much, its status, then how and where, then the ids. Nested objects become readable columns
// (vendor.display_name → "Vendor"); `vendor.id` is left out because `vendor_id` ("Vendor ID")
// carries the same id. Fields outside the contract are ignored, as the API client's parser
// ignores them. Allocations get a sheet of their own, one row per allocation, linked by
// "Payment ID"; the Payments sheet shows how many each payment has.

import type { Allocation, JsonRecord, JsonValue, Payment } from "../api";
import { MONEY_PLACES } from "../money";
import type { CellKind, ColumnSpec } from "./cells";
import { readableValue } from "./readableValues";
import { childRows, type ParentLink } from "./nestedList";
import { ColumnSet, readPath, shapeRows } from "./rowShaper";
import type { ShapeOptions } from "./typedCells";
import type { RecordShaper, ShapedBlock } from "./rowShaper";

/** The label (sheet name) of the sheet that lists payments' allocations. */
export const PAYMENT_ALLOCATIONS_LABEL = "Payment allocations";

interface KnownColumn {
  readonly key: string;
  readonly header: string;
  readonly kind: CellKind;
  /** Where the value is, when it is not simply at the dotted `key`. */
  readonly read?: (record: JsonRecord) => JsonValue | undefined;
}

/** The value at `path` made readable: an object by its name, an array as a short list. */
function readableAt(path: readonly string[]): (record: JsonRecord) => JsonValue | undefined {
  return (record) => readableValue(readPath(record, path));
}

/** The number of allocations; anything but an array is passed on (and kept as text, noted). */
function allocationCount(record: JsonRecord): JsonValue | undefined {
  const allocations = readPath(record, ["allocations"]);
  return Array.isArray(allocations) ? allocations.length : allocations;
}

const PAYMENT_COLUMNS: readonly KnownColumn[] = [
  // In reading order (columnOrder.ts): reference, date, parties, amount, statuses, the rest,
  // then the ids.
  { key: "payment_reference", header: "Payment reference", kind: "text" },
  { key: "payment_date", header: "Payment date (UTC)", kind: "datetime" },
  { key: "vendor.display_name", header: "Vendor", kind: "text" },
  // Any JSON value in the contract: a person object shows its name, as Vendor does.
  { key: "staff", header: "Staff", kind: "text", read: readableAt(["staff"]) },
  { key: "currency_code", header: "Currency", kind: "text" },
  { key: "amount", header: "Amount", kind: "money" },
  { key: "status", header: "Status", kind: "text" },
  { key: "journal_status", header: "Journal status", kind: "text" },
  { key: "exchange_rate", header: "Exchange rate", kind: "rate" },
  { key: "type", header: "Type", kind: "text" },
  { key: "payment_method", header: "Payment method", kind: "text" },
  { key: "destination_account.bank", header: "Destination bank", kind: "text" },
  {
    key: "destination_account.account_number",
    header: "Destination account number",
    kind: "text",
  },
  // An array of any JSON value: "2 items: remittance.pdf; note", documents by their file name.
  { key: "documents", header: "Documents", kind: "text", read: readableAt(["documents"]) },
  { key: "allocations", header: "Allocations", kind: "integer", read: allocationCount },
  { key: "created_at", header: "Created at (UTC)", kind: "datetime" },
  { key: "id", header: "Payment ID", kind: "text" },
  { key: "vendor_id", header: "Vendor ID", kind: "text" },
  { key: "account_id", header: "Account ID", kind: "text" },
  { key: "journal_entry_id", header: "Journal entry ID", kind: "text" },
  { key: "project_id", header: "Project ID", kind: "text" },
  { key: "staff_id", header: "Staff ID", kind: "text" },
];

const ALLOCATION_COLUMNS: readonly KnownColumn[] = [
  // The payment's reference and currency, from the payment the allocation came in: the row is
  // read without looking its payment up by id.
  { key: "payment_reference", header: "Payment reference", kind: "text" },
  { key: "bill_reference", header: "Bill reference", kind: "text" },
  { key: "currency_code", header: "Currency", kind: "text" },
  { key: "amount", header: "Amount", kind: "money" },
  { key: "payment_id", header: "Payment ID", kind: "text" },
  { key: "id", header: "Allocation ID", kind: "text" },
  { key: "bill_id", header: "Bill ID", kind: "text" },
];

function knownColumns(columns: readonly KnownColumn[], options: ShapeOptions = {}): ColumnSet {
  const set = new ColumnSet(options);
  for (const column of columns) {
    const path = column.key.split(".");
    const spec = set.add(
      column.key,
      column.header,
      column.kind,
      column.read ?? ((record) => readPath(record, path)),
    );
    if (spec.key !== column.key || spec.header !== column.header) {
      throw new Error(`Duplicate column ${column.key} / ${column.header}`);
    }
  }
  set.closeWithImportNotes();
  return set;
}

/** The column lists, for documentation and tests: the known columns, then "Import notes". */
export const PAYMENT_COLUMN_SPECS: readonly ColumnSpec[] = knownColumns(PAYMENT_COLUMNS).columns();
export const ALLOCATION_COLUMN_SPECS: readonly ColumnSpec[] =
  knownColumns(ALLOCATION_COLUMNS).columns();

/** A typed payment as the JSON record it was parsed from (fields of the contract only). */
export function paymentRecord(payment: Payment): JsonRecord {
  const record: JsonRecord = {
    id: payment.id,
    type: payment.type,
    amount: payment.amount,
    status: payment.status,
    vendor: { id: payment.vendor.id, display_name: payment.vendor.display_name },
    vendor_id: payment.vendor_id,
    account_id: payment.account_id,
    documents: [...payment.documents],
    created_at: payment.created_at,
    project_id: payment.project_id,
    allocations: payment.allocations.map(allocationRecord),
    payment_date: payment.payment_date,
    currency_code: payment.currency_code,
    exchange_rate: payment.exchange_rate,
    journal_status: payment.journal_status,
    payment_method: payment.payment_method,
    journal_entry_id: payment.journal_entry_id,
    payment_reference: payment.payment_reference,
    destination_account: {
      bank: payment.destination_account.bank,
      account_number: payment.destination_account.account_number,
    },
  };
  if (payment.staff !== undefined) record.staff = payment.staff;
  if (payment.staff_id !== undefined) record.staff_id = payment.staff_id;
  return record;
}

/** A typed allocation as a JSON record. */
function allocationRecord(allocation: Allocation): JsonRecord {
  return {
    id: allocation.id,
    amount: allocation.amount,
    bill_id: allocation.bill_id,
    payment_id: allocation.payment_id,
    bill_reference: allocation.bill_reference,
  };
}

/** The Payments sheet's shaper; its columns are fixed ({@link PAYMENT_COLUMN_SPECS}). */
export interface PaymentsShaper extends RecordShaper {
  /** One row per payment. */
  shapePayments(payments: readonly Payment[]): ShapedBlock;
}

/**
 * The "Payment allocations" sheet's shaper. It takes payments, not allocations: `shape` takes
 * payment records and gives one row per allocation of each, in order (so its rows are not one
 * per record); `shapePayments` does the same for typed payments.
 */
export interface AllocationsShaper extends RecordShaper {
  shapePayments(payments: readonly Payment[]): ShapedBlock;
}

/**
 * Payments → rows: Payment reference, Payment date (UTC), Vendor, Staff, Currency, Amount, Status,
 * Journal status, Exchange rate, Type, Payment method, Destination bank, Destination account
 * number, Documents, Allocations (how many), Created at (UTC), Payment ID, Vendor ID, Account
 * ID, Journal entry ID, Project ID, Staff ID, Import notes.
 */
export function createPaymentsShaper(options: ShapeOptions = {}): PaymentsShaper {
  const set = knownColumns(PAYMENT_COLUMNS, options);
  return {
    columns: () => set.columns(),
    shape: (records) => shapeRows(set, records),
    shapePayments: (payments) => shapeRows(set, payments.map(paymentRecord)),
  };
}

/**
 * What ties an allocation to its payment: the payment's id, in "Payment ID"; its reference and
 * currency come along for the reader.
 */
const ALLOCATION_LINK: ParentLink = {
  listKey: "allocations",
  childNoun: "allocation",
  parentNoun: "payment",
  fields: (payment) => ({
    payment_id: readPath(payment, ["id"]) ?? null,
    payment_reference: readPath(payment, ["payment_reference"]) ?? null,
    currency_code: readPath(payment, ["currency_code"]) ?? null,
  }),
};

/**
 * Allocations → rows: Payment reference, Bill reference, Currency, Amount, Payment ID, Allocation
 * ID, Bill ID, Import notes.
 *
 * "Payment ID" is the id of the payment the allocation came in, which is what links the two
 * sheets; an allocation whose own `payment_id` says otherwise gets a note. A payment without an
 * `allocations` array gives no rows (the Payments sheet notes it in its "Allocations" cell).
 */
export function createAllocationsShaper(options: ShapeOptions = {}): AllocationsShaper {
  const set = knownColumns(ALLOCATION_COLUMNS, options);
  const shape = (payments: readonly JsonRecord[]): ShapedBlock => {
    const rows = payments.flatMap((payment) => childRows(payment, ALLOCATION_LINK));
    return shapeRows(
      set,
      rows.map((row) => row.record),
      (index) => rows[index]?.notes ?? [],
      (index) => rows[index]?.places ?? MONEY_PLACES,
    );
  };
  return {
    columns: () => set.columns(),
    shape,
    shapePayments: (payments) => shape(payments.map(paymentRecord)),
  };
}
