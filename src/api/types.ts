// The API's records as typed values. Field names are the contract's own, so they can be checked against it.

import type { JsonRecord, JsonValue } from "./json";

/**
 * Text holding a decimal number, as the service writes amounts and rates (`"12.30"`): digits,
 * an optional leading minus and an optional fraction; never an exponent. Amounts are kept as
 * text end to end so that no amount ever passes through a binary double.
 */
export type DecimalText = string;

/** The vendor a payment went to. */
export interface Vendor {
  readonly id: string;
  readonly display_name: string;
}

/** The part of a payment that settles one bill. */
export interface Allocation {
  readonly id: string;
  readonly amount: DecimalText;
  readonly bill_id: string;
  readonly payment_id: string;
  readonly bill_reference: string;
}

/** The bank account a payment was made to. */
export interface DestinationAccount {
  readonly bank: string;
  readonly account_number: string;
}

/** A payment made to a vendor (an element of the payments list). */
export interface Payment {
  readonly id: string;
  readonly type: string;
  readonly amount: DecimalText;
  readonly status: string;
  readonly vendor: Vendor;
  readonly vendor_id: string;
  readonly account_id: string;
  readonly documents: readonly JsonValue[];
  readonly created_at: string;
  readonly project_id: string;
  readonly allocations: readonly Allocation[];
  readonly payment_date: string;
  readonly currency_code: string;
  readonly exchange_rate: DecimalText;
  readonly journal_status: string;
  readonly payment_method: string;
  readonly journal_entry_id: string;
  readonly payment_reference: string;
  readonly destination_account: DestinationAccount;
  /** Any JSON value; absent when the server leaves it out. */
  readonly staff?: JsonValue;
  /** Any JSON value; absent when the server leaves it out. */
  readonly staff_id?: JsonValue;
}

/** DRAFT until posted; ARCHIVED means rejected. Only a DRAFT journal can be updated. */
export type JournalStatus = "DRAFT" | "POSTED" | "ARCHIVED" | "VOIDED";
export const JOURNAL_STATUSES: readonly JournalStatus[] = ["DRAFT", "POSTED", "ARCHIVED", "VOIDED"];

/** A line of a journal as the server returns it; the unused side of debit/credit is zero. */
export interface JournalLine {
  readonly id: string;
  readonly account_id: string;
  readonly tax_id: string | null;
  readonly account_name: string;
  readonly account_code: string;
  readonly contact_id: string | null;
  readonly staff_id: string | null;
  readonly description: string | null;
  readonly debit: DecimalText;
  readonly credit: DecimalText;
  readonly forex_debit: DecimalText;
  readonly forex_credit: DecimalText;
  readonly tax_amount: DecimalText;
}

/** A manual journal with its lines. Every field is present; `null` only where noted. */
export interface ManualJournal {
  readonly id: string;
  readonly created_by: string;
  readonly approved_by: string | null;
  readonly journal_entry_id: string | null;
  readonly project_id: string;
  readonly reference: string;
  /** An alternative key for reading the journal. */
  readonly transaction_reference: string;
  readonly currency_code: string;
  readonly exchange_rate: DecimalText;
  readonly description: string | null;
  readonly rejection_reason: string | null;
  readonly is_test: boolean;
  readonly status: JournalStatus;
  readonly approved_at: string | null;
  readonly transaction_date: string;
  readonly created_at: string;
  /** Changes on every update: compare it to detect that someone else changed the journal. */
  readonly updated_at: string;
  readonly lines: readonly JournalLine[];
}

/** The answer of reading or updating a journal. */
export interface JournalResponse {
  readonly status: boolean;
  readonly message: string;
  readonly data: ManualJournal;
}

/** One line of a journal update: the amount is on the side named by `type`. */
export interface JournalUpdateLine {
  readonly account_id: string;
  /** A decimal amount as text, e.g. `"10.30"`; sent as the JSON number `10.30`, digit for digit. */
  readonly amount: DecimalText;
  readonly type: "DEBIT" | "CREDIT";
  readonly tax_id?: string;
  readonly contact_id?: string;
  readonly staff_id?: string;
  readonly description?: string;
}

/** The body of a journal update; it replaces the date, currency, rate, description and lines. */
export interface JournalUpdate {
  readonly transaction_date: string;
  readonly currency_code: string;
  /** A decimal rate as text, e.g. `"1.2345"`; sent as a JSON number, digit for digit. */
  readonly exchange_rate?: DecimalText;
  readonly description?: string;
  readonly lines: readonly JournalUpdateLine[];
}

/** One page of a cursor-paginated list. */
export interface CursorPage<T> {
  readonly data: readonly T[];
  /** The opaque token for the next page; null at the end of the collection. */
  readonly lastId: string | null;
  /** The opaque token sent together with `lastId`; null when the server sent none. */
  readonly keyset: string | null;
  /** The envelope's `status` and `message`, as the server sent them. */
  readonly status: boolean;
  readonly message: string;
}

/** A page of a collection whose records have no schema in the contract. */
export type CollectionPage = CursorPage<JsonRecord>;

/** The answer of the payments list. */
export interface PaymentsPage {
  readonly data: readonly Payment[];
  readonly page: number;
  /** The number of payments the server reports (taken to be the total). */
  readonly count: number;
  readonly pages: number;
  readonly status: boolean;
  readonly message: string;
  /**
   * The cursor of the next page, when the server sent `last_id` and `keyset` as strings (the
   * contract allows any JSON value there); null otherwise.
   */
  readonly lastId: string | null;
  readonly keyset: string | null;
  /** `last_id` and `keyset` exactly as received (undefined when absent). */
  readonly rawLastId?: JsonValue;
  readonly rawKeyset?: JsonValue;
}
