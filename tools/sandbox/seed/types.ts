/**
 * Shapes of the generated records. The spec shows only payments and journals, so the collection
 * records are the sandbox's own realistic invention. Amounts are two-decimal strings.
 */

export interface ContactRef {
  id: string;
  name: string;
}

export interface DocumentLine {
  description: string;
  quantity: string;
  unit_price: string;
  amount: string;
}

interface DocumentCommon {
  id: string;
  status: string;
  contact: ContactRef;
  issue_date: string;
  currency_code: string;
  exchange_rate: string;
  sub_total: string;
  tax_total: string;
  total: string;
  created_at: string;
  updated_at: string;
  lines: DocumentLine[];
}

export interface Invoice extends DocumentCommon {
  invoice_number: string;
  reference: string | null;
  due_date: string;
  amount_paid: string;
  amount_due: string;
}

export interface Bill extends DocumentCommon {
  bill_number: string;
  vendor_reference: string | null;
  due_date: string;
  amount_paid: string;
  amount_due: string;
}

export interface CreditNote extends DocumentCommon {
  credit_note_number: string;
  reason: string | null;
  invoice_id: string | null;
  remaining_credit: string;
}

export interface DebitNote extends DocumentCommon {
  debit_note_number: string;
  reason: string | null;
  bill_id: string | null;
  remaining_balance: string;
}

export interface AccountRef {
  id: string;
  code: string;
  name: string;
}

export interface Receipt {
  id: string;
  receipt_number: string;
  reference: string | null;
  status: string;
  contact: ContactRef;
  receipt_date: string;
  payment_method: string;
  deposit_account: AccountRef;
  invoice_id: string | null;
  currency_code: string;
  exchange_rate: string;
  total: string;
  created_at: string;
  updated_at: string;
}

export interface Expense {
  id: string;
  expense_number: string;
  description: string | null;
  status: string;
  staff: ContactRef | null;
  merchant: string;
  category: AccountRef;
  expense_date: string;
  payment_method: string;
  currency_code: string;
  exchange_rate: string;
  amount: string;
  tax_amount: string;
  total: string;
  receipt_url: string | null;
  created_at: string;
  updated_at: string;
}

export type CollectionRecord = Invoice | Receipt | Bill | CreditNote | DebitNote | Expense;

/** Payment, exactly the fields of the spec's Payment table. */
export interface Payment {
  id: string;
  type: string;
  amount: string;
  status: string;
  vendor: { id: string; display_name: string };
  vendor_id: string;
  account_id: string;
  documents: unknown[];
  created_at: string;
  project_id: string;
  allocations: Allocation[];
  payment_date: string;
  currency_code: string;
  exchange_rate: string;
  journal_status: string;
  payment_method: string;
  journal_entry_id: string;
  payment_reference: string;
  destination_account: { bank: string; account_number: string };
  /** Absent on some payments, null on others, an object on the rest. */
  staff?: ContactRef | null;
  staff_id?: string | null;
}

export interface Allocation {
  id: string;
  amount: string;
  bill_id: string;
  payment_id: string;
  bill_reference: string;
}

export type JournalStatus = "DRAFT" | "POSTED" | "ARCHIVED" | "VOIDED";

/** Journal line, every field of the spec's table. */
export interface JournalLine {
  id: string;
  account_id: string;
  tax_id: string | null;
  account_name: string;
  account_code: string;
  contact_id: string | null;
  staff_id: string | null;
  description: string | null;
  debit: string;
  credit: string;
  forex_debit: string;
  forex_credit: string;
  tax_amount: string;
}

/** Manual journal, every field of the spec's table always present. */
export interface ManualJournal {
  id: string;
  created_by: string;
  approved_by: string | null;
  journal_entry_id: string | null;
  project_id: string;
  reference: string;
  transaction_reference: string;
  currency_code: string;
  exchange_rate: string;
  description: string | null;
  rejection_reason: string | null;
  is_test: boolean;
  status: JournalStatus;
  approved_at: string | null;
  transaction_date: string;
  created_at: string;
  updated_at: string;
  lines: JournalLine[];
}
