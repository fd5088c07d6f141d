// Checks the API's JSON answers against the contract once, and turns them into typed records.

import { describeJson, JsonRecord, JsonValue, ObjectReader, readObject, ShapeError } from "./json";
import {
  Allocation,
  CollectionPage,
  DestinationAccount,
  JOURNAL_STATUSES,
  JournalLine,
  JournalResponse,
  ManualJournal,
  Payment,
  PaymentsPage,
  Vendor,
} from "./types";

function parseVendor(r: ObjectReader): Vendor {
  return { id: r.string("id"), display_name: r.string("display_name") };
}

function parseAllocation(value: JsonValue, path: string): Allocation {
  const r = readObject(value, path);
  return {
    id: r.string("id"),
    amount: r.decimal("amount"),
    bill_id: r.string("bill_id"),
    payment_id: r.string("payment_id"),
    bill_reference: r.string("bill_reference"),
  };
}

function parseDestinationAccount(r: ObjectReader): DestinationAccount {
  return { bank: r.string("bank"), account_number: r.string("account_number") };
}

/** One payment; `staff` and `staff_id` may be any JSON value and may be absent. */
export function parsePayment(value: JsonValue, path = ""): Payment {
  const r = readObject(value, path);
  const payment: Payment = {
    id: r.string("id"),
    type: r.string("type"),
    amount: r.decimal("amount"),
    status: r.string("status"),
    vendor: parseVendor(r.object("vendor")),
    vendor_id: r.string("vendor_id"),
    account_id: r.string("account_id"),
    documents: r.array("documents", (item) => item),
    created_at: r.string("created_at"),
    project_id: r.string("project_id"),
    allocations: r.array("allocations", parseAllocation),
    payment_date: r.string("payment_date"),
    currency_code: r.string("currency_code"),
    exchange_rate: r.decimal("exchange_rate"),
    journal_status: r.string("journal_status"),
    payment_method: r.string("payment_method"),
    journal_entry_id: r.string("journal_entry_id"),
    payment_reference: r.string("payment_reference"),
    destination_account: parseDestinationAccount(r.object("destination_account")),
  };
  const staff = r.optionalValue("staff");
  const staffId = r.optionalValue("staff_id");
  return {
    ...payment,
    ...(staff === undefined ? {} : { staff }),
    ...(staffId === undefined ? {} : { staff_id: staffId }),
  };
}

/**
 * The payments list. `last_id` and `keyset` may be any JSON value or absent: they become a
 * usable cursor only when both are strings (they are sent back as query text, unchanged).
 */
export function parsePaymentsPage(json: JsonValue): PaymentsPage {
  const r = readObject(json, "");
  const rawLastId = r.optionalValue("last_id");
  const rawKeyset = r.optionalValue("keyset");
  const followable = typeof rawLastId === "string" && typeof rawKeyset === "string";
  return {
    data: r.array("data", parsePayment),
    page: r.count("page"),
    count: r.count("count"),
    pages: r.count("pages"),
    status: r.boolean("status"),
    message: r.string("message"),
    lastId: followable ? rawLastId : null,
    keyset: followable ? rawKeyset : null,
    ...(rawLastId === undefined ? {} : { rawLastId }),
    ...(rawKeyset === undefined ? {} : { rawKeyset }),
  };
}

function parseJournalLine(value: JsonValue, path: string): JournalLine {
  const r = readObject(value, path);
  return {
    id: r.string("id"),
    account_id: r.string("account_id"),
    tax_id: r.nullableString("tax_id"),
    account_name: r.string("account_name"),
    account_code: r.string("account_code"),
    contact_id: r.nullableString("contact_id"),
    staff_id: r.nullableString("staff_id"),
    description: r.nullableString("description"),
    debit: r.decimal("debit"),
    credit: r.decimal("credit"),
    forex_debit: r.decimal("forex_debit"),
    forex_credit: r.decimal("forex_credit"),
    tax_amount: r.decimal("tax_amount"),
  };
}

export function parseManualJournal(r: ObjectReader): ManualJournal {
  return {
    id: r.string("id"),
    created_by: r.string("created_by"),
    approved_by: r.nullableString("approved_by"),
    journal_entry_id: r.nullableString("journal_entry_id"),
    project_id: r.string("project_id"),
    reference: r.string("reference"),
    transaction_reference: r.string("transaction_reference"),
    currency_code: r.string("currency_code"),
    exchange_rate: r.decimal("exchange_rate"),
    description: r.nullableString("description"),
    rejection_reason: r.nullableString("rejection_reason"),
    is_test: r.boolean("is_test"),
    status: r.oneOf("status", JOURNAL_STATUSES),
    approved_at: r.nullableString("approved_at"),
    transaction_date: r.string("transaction_date"),
    created_at: r.string("created_at"),
    updated_at: r.string("updated_at"),
    lines: r.array("lines", parseJournalLine),
  };
}

/** The answer of reading or updating a journal: `status`, `message` and the journal in `data`. */
export function parseJournalResponse(json: JsonValue): JournalResponse {
  const r = readObject(json, "");
  return {
    status: r.boolean("status"),
    message: r.string("message"),
    data: parseManualJournal(r.object("data")),
  };
}

/**
 * A page of a cursor-paginated collection. Records must be objects (their fields are not
 * checked: the contract does not show them). `last_id` is a string or null; when it is a
 * string, `keyset` must be a string too, because the two are always sent back together.
 */
export function parseCollectionPage(json: JsonValue): CollectionPage {
  const r = readObject(json, "");
  const data: JsonRecord[] = r.objects("data");
  const lastId = r.nullableString("last_id");
  const rawKeyset = r.optionalValue("keyset");
  let keyset: string | null = null;
  if (typeof rawKeyset === "string") keyset = rawKeyset;
  else if (lastId !== null) {
    throw new ShapeError(
      "keyset",
      "expected a string alongside last_id, got " + describeJson(rawKeyset),
    );
  } else if (rawKeyset !== undefined && rawKeyset !== null) {
    throw new ShapeError("keyset", "expected a string or null, got " + describeJson(rawKeyset));
  }
  return { data, lastId, keyset, status: r.boolean("status"), message: r.string("message") };
}
