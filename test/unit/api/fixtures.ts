// Valid API answers to build tests from; each test changes only what it is about.

export const TOKEN = "tok-Secret+/=123";
export const IDENTITY = "acme-ltd";

export function paymentJson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "7b0c6f0e-0000-4000-8000-000000000001",
    type: "bill_payment",
    amount: "150.00",
    status: "completed",
    vendor: { id: "v-1", display_name: "Acme Supplies" },
    vendor_id: "v-1",
    account_id: "acc-1",
    documents: [],
    created_at: "2025-01-10T09:00:00Z",
    project_id: "p-1",
    allocations: [
      {
        id: "al-1",
        amount: "150.00",
        bill_id: "b-1",
        payment_id: "7b0c6f0e-0000-4000-8000-000000000001",
        bill_reference: "BILL-1",
      },
    ],
    payment_date: "2025-01-10T00:00:00Z",
    currency_code: "USD",
    exchange_rate: "1.00",
    journal_status: "POSTED",
    payment_method: "bank_transfer",
    journal_entry_id: "je-1",
    payment_reference: "PAY-1",
    destination_account: { bank: "First Bank", account_number: "000123" },
    ...overrides,
  };
}

export function paymentsPageJson(
  payments: unknown[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    status: true,
    message: "Payments retrieved",
    data: payments,
    page: 1,
    count: payments.length,
    pages: 1,
    ...overrides,
  };
}

export function journalLineJson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "line-1",
    account_id: "acc-1",
    tax_id: null,
    account_name: "Cash",
    account_code: "1000",
    contact_id: null,
    staff_id: null,
    description: null,
    debit: "10.30",
    credit: "0.00",
    forex_debit: "10.30",
    forex_credit: "0.00",
    tax_amount: "0.00",
    ...overrides,
  };
}

export function journalJson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "j-1",
    created_by: "user-1",
    approved_by: null,
    journal_entry_id: null,
    project_id: "p-1",
    reference: "JNL-9",
    transaction_reference: "TR/2025/0009",
    currency_code: "USD",
    exchange_rate: "1.00",
    description: "Accrual",
    rejection_reason: null,
    is_test: false,
    status: "DRAFT",
    approved_at: null,
    transaction_date: "2025-01-15T00:00:00Z",
    created_at: "2025-01-15T08:00:00Z",
    updated_at: "2025-01-15T08:00:00Z",
    lines: [
      journalLineJson(),
      journalLineJson({ id: "line-2", account_id: "acc-2", debit: "0.00", credit: "10.30" }),
    ],
    ...overrides,
  };
}

export function journalResponseJson(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { status: true, message: "Journal retrieved", data: journalJson(overrides) };
}

export function collectionPageJson(
  records: unknown[],
  lastId: string | null,
  keyset: string | null = lastId === null ? null : `ks-${lastId}`,
): Record<string, unknown> {
  return { status: true, message: "ok", data: records, keyset, last_id: lastId };
}
