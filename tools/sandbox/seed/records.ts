/**
 * Cursor-collection records, each a pure function of (seed, identity, collection, index), so any
 * page of even a very large collection is generated on demand.
 */
import type { CollectionName, IdentityName } from "../catalog";
import { addAmounts, formatAmount, halfFloored, timesAmount, totalOf } from "../money";
import { randomFor, type Random } from "../prng";
import { CHARTS_OF_ACCOUNTS, accountByCode } from "./accounts";
import { AWKWARD_NEGATIVES, awkwardAmountAt, awkwardTextAt } from "./awkward";
import { BASE_CURRENCY, FOREIGN_RATES, customers, directoryOf, staff, vendors } from "./people";
import { createdAtMs, DAY_MS, isoDate, isoDateTime, recordId, type ListKey } from "./timeline";
import type {
  AccountRef,
  Bill,
  CollectionRecord,
  CreditNote,
  DebitNote,
  DocumentLine,
  Expense,
  Invoice,
  Receipt,
} from "./types";

/** What every generator starts from. */
interface Slot {
  key: ListKey;
  index: number;
  rng: Random;
  id: string;
  createdMs: number;
  /** Awkward values are seeded into demo-company only; other-company stays plain. */
  seedsAwkward: boolean;
}

function slotFor(key: ListKey, index: number): Slot {
  return {
    key,
    index,
    rng: randomFor(key.seed, key.identity, key.list, "record", index),
    id: recordId(key, index),
    createdMs: createdAtMs(key, index),
    seedsAwkward: key.identity === "demo-company",
  };
}

/** Running number: the newest record has the highest. */
function documentNumber(prefix: string, slot: Slot): string {
  return `${prefix}-${String(slot.key.count - slot.index).padStart(6, "0")}`;
}

function textField(slot: Slot, normal: string | null): string | null {
  const awkward = slot.seedsAwkward ? awkwardTextAt(slot.key.list, slot.index) : undefined;
  return awkward ? awkward.value : normal;
}

function currency(
  slot: Slot,
  forcedBase: boolean,
): { currency_code: string; exchange_rate: string } {
  const identity = slot.key.identity;
  if (forcedBase || slot.rng.chance(0.8)) {
    return { currency_code: BASE_CURRENCY[identity], exchange_rate: "1.00" };
  }
  const [code, rate] = slot.rng.pick(FOREIGN_RATES[identity]);
  return { currency_code: code, exchange_rate: rate };
}

function taxRate(identity: IdentityName): string {
  return identity === "demo-company" ? "0.10" : "0.20";
}

interface Figures {
  lines: DocumentLine[];
  sub_total: string;
  tax_total: string;
  total: string;
  awkwardTotal: boolean;
}

function line(description: string, quantity: string, unitPrice: string): DocumentLine {
  return {
    description,
    quantity,
    unit_price: unitPrice,
    amount: timesAmount(quantity, unitPrice),
  };
}

function figures(slot: Slot, descriptions: readonly string[]): Figures {
  const awkward = slot.seedsAwkward ? awkwardAmountAt(slot.index) : undefined;
  if (awkward) {
    const only = line(slot.rng.pick(descriptions), "1.00", awkward.amount);
    return {
      lines: [only],
      sub_total: awkward.amount,
      tax_total: "0.00",
      total: awkward.amount,
      awkwardTotal: true,
    };
  }
  const negative = slot.seedsAwkward
    ? AWKWARD_NEGATIVES.find(
        (p) => p.list === slot.key.list && p.index === slot.index && p.field.startsWith("lines"),
      )
    : undefined;
  const lines: DocumentLine[] = [];
  const lineCount = negative ? 1 : slot.rng.int(1, 4);
  for (let i = 0; i < lineCount; i++) {
    const quantity = formatAmount(
      slot.rng.chance(0.25) ? slot.rng.int(1, 16) / 2 : slot.rng.int(1, 12),
    );
    const unitPrice = formatAmount(slot.rng.int(500, 250_000) / 100);
    lines.push(line(slot.rng.pick(descriptions), quantity, unitPrice));
  }
  if (negative) lines.push(line("Loyalty discount", "1.00", negative.value));
  const subTotal = totalOf(lines.map((l) => l.amount));
  const taxFree = slot.rng.chance(0.2);
  const tax = taxFree ? "0.00" : timesAmount(subTotal, taxRate(slot.key.identity));
  return {
    lines,
    sub_total: subTotal,
    tax_total: tax,
    total: addAmounts(subTotal, tax),
    awkwardTotal: false,
  };
}

function timestamps(slot: Slot): { created_at: string; updated_at: string; issueMs: number } {
  const editedLater = slot.rng.chance(0.4) ? slot.rng.int(60, 3 * 86_400) * 1000 : 0;
  return {
    created_at: isoDateTime(slot.createdMs),
    updated_at: isoDateTime(slot.createdMs + editedLater),
    issueMs: slot.createdMs - slot.rng.int(0, 2) * DAY_MS,
  };
}

function paid(status: string, total: string, rng: Random): string {
  if (status === "PAID") return total;
  if (status === "AWAITING_PAYMENT" && rng.chance(0.3)) {
    return halfFloored(total);
  }
  return "0.00";
}

function accountRef(identity: IdentityName, code: string): AccountRef {
  const { id, name } = accountByCode(identity, code);
  return { id, code, name };
}

const INVOICE_LINES = [
  "Consulting hours",
  "Website maintenance",
  "Annual licence",
  "Training workshop",
  "Support retainer",
  "Hardware rental",
];
const BILL_LINES = [
  "Electricity",
  "Cloud hosting",
  "Office supplies",
  "Insurance premium",
  "Courier services",
  "Equipment lease",
];
const CREDIT_LINES = ["Returned goods", "Pricing adjustment", "Service credit", "Overbilled hours"];
const DEBIT_LINES = [
  "Goods returned to supplier",
  "Short delivery",
  "Damaged in transit",
  "Price correction",
];

function invoice(slot: Slot): Invoice {
  const { rng } = slot;
  const fig = figures(slot, INVOICE_LINES);
  const status = rng.pick([
    "DRAFT",
    "AWAITING_PAYMENT",
    "AWAITING_PAYMENT",
    "PAID",
    "PAID",
    "VOIDED",
  ]);
  const amountPaid = status === "VOIDED" ? "0.00" : paid(status, fig.total, rng);
  const time = timestamps(slot);
  return {
    id: slot.id,
    invoice_number: documentNumber("INV", slot),
    reference: textField(slot, rng.chance(0.15) ? null : `PO-${rng.int(1000, 99999)}`),
    status,
    contact: rng.pick(customers(slot.key.identity)),
    issue_date: isoDate(time.issueMs),
    due_date: isoDate(time.issueMs + rng.pick([14, 30, 45]) * DAY_MS),
    ...currency(slot, fig.awkwardTotal),
    sub_total: fig.sub_total,
    tax_total: fig.tax_total,
    total: fig.total,
    amount_paid: amountPaid,
    amount_due: status === "VOIDED" ? "0.00" : addAmounts(fig.total, amountPaid, true),
    created_at: time.created_at,
    updated_at: time.updated_at,
    lines: fig.lines,
  };
}

function bill(slot: Slot): Bill {
  const { rng } = slot;
  const fig = figures(slot, BILL_LINES);
  const status = rng.pick([
    "DRAFT",
    "AWAITING_PAYMENT",
    "AWAITING_PAYMENT",
    "PAID",
    "PAID",
    "VOIDED",
  ]);
  const amountPaid = status === "VOIDED" ? "0.00" : paid(status, fig.total, rng);
  const time = timestamps(slot);
  return {
    id: slot.id,
    bill_number: documentNumber("BILL", slot),
    vendor_reference: textField(slot, rng.chance(0.15) ? null : `V${rng.int(100000, 999999)}`),
    status,
    contact: rng.pick(vendors(slot.key.identity)),
    issue_date: isoDate(time.issueMs),
    due_date: isoDate(time.issueMs + rng.pick([7, 14, 30]) * DAY_MS),
    ...currency(slot, fig.awkwardTotal),
    sub_total: fig.sub_total,
    tax_total: fig.tax_total,
    total: fig.total,
    amount_paid: amountPaid,
    amount_due: status === "VOIDED" ? "0.00" : addAmounts(fig.total, amountPaid, true),
    created_at: time.created_at,
    updated_at: time.updated_at,
    lines: fig.lines,
  };
}

function creditNote(slot: Slot): CreditNote {
  const { rng } = slot;
  const fig = figures(slot, CREDIT_LINES);
  const status = rng.pick(["DRAFT", "AUTHORISED", "APPLIED", "APPLIED", "VOIDED"]);
  const time = timestamps(slot);
  return {
    id: slot.id,
    credit_note_number: documentNumber("CN", slot),
    reason: textField(
      slot,
      rng.pick(["Customer returned goods", "Agreed discount", "Billing error", null]),
    ),
    status,
    contact: rng.pick(customers(slot.key.identity)),
    issue_date: isoDate(time.issueMs),
    invoice_id: rng.chance(0.7) ? randomFor(slot.key.seed, "credit-invoice", slot.id).uuid() : null,
    ...currency(slot, fig.awkwardTotal),
    sub_total: fig.sub_total,
    tax_total: fig.tax_total,
    total: fig.total,
    remaining_credit: status === "AUTHORISED" ? fig.total : "0.00",
    created_at: time.created_at,
    updated_at: time.updated_at,
    lines: fig.lines,
  };
}

function debitNote(slot: Slot): DebitNote {
  const { rng } = slot;
  const fig = figures(slot, DEBIT_LINES);
  const status = rng.pick(["DRAFT", "AUTHORISED", "APPLIED", "APPLIED", "VOIDED"]);
  const time = timestamps(slot);
  return {
    id: slot.id,
    debit_note_number: documentNumber("DN", slot),
    reason: textField(
      slot,
      rng.pick(["Returned to supplier", "Short shipment", "Invoice overcharge", null]),
    ),
    status,
    contact: rng.pick(vendors(slot.key.identity)),
    issue_date: isoDate(time.issueMs),
    bill_id: rng.chance(0.7) ? randomFor(slot.key.seed, "debit-bill", slot.id).uuid() : null,
    ...currency(slot, fig.awkwardTotal),
    sub_total: fig.sub_total,
    tax_total: fig.tax_total,
    total: fig.total,
    remaining_balance: status === "AUTHORISED" ? fig.total : "0.00",
    created_at: time.created_at,
    updated_at: time.updated_at,
    lines: fig.lines,
  };
}

function receipt(slot: Slot): Receipt {
  const { rng } = slot;
  const identity = slot.key.identity;
  const awkward = slot.seedsAwkward ? awkwardAmountAt(slot.index) : undefined;
  const total = awkward ? awkward.amount : formatAmount(rng.int(1000, 900_000) / 100);
  const bank = identity === "demo-company" ? "1000" : "100";
  const time = timestamps(slot);
  return {
    id: slot.id,
    receipt_number: documentNumber("RCT", slot),
    reference: textField(slot, rng.chance(0.2) ? null : `DEP-${rng.int(10000, 99999)}`),
    status: rng.chance(0.93) ? "RECEIVED" : "VOIDED",
    contact: rng.pick(customers(identity)),
    receipt_date: isoDate(time.issueMs),
    payment_method: rng.pick(["BANK_TRANSFER", "CARD", "CASH", "CHEQUE"]),
    deposit_account: accountRef(identity, bank),
    invoice_id: rng.chance(0.6)
      ? randomFor(slot.key.seed, "receipt-invoice", slot.id).uuid()
      : null,
    ...currency(slot, awkward !== undefined),
    total,
    created_at: time.created_at,
    updated_at: time.updated_at,
  };
}

function expense(slot: Slot): Expense {
  const { rng } = slot;
  const identity = slot.key.identity;
  const awkward = slot.seedsAwkward ? awkwardAmountAt(slot.index) : undefined;
  const refund = slot.seedsAwkward
    ? AWKWARD_NEGATIVES.find((p) => p.list === "expenses" && p.index === slot.index)
    : undefined;
  let amount: string;
  let tax: string;
  if (awkward || refund) {
    amount = awkward ? awkward.amount : (refund?.value ?? "0.00");
    tax = "0.00";
  } else {
    amount = formatAmount(rng.int(300, 120_000) / 100);
    tax = rng.chance(0.3) ? "0.00" : timesAmount(amount, taxRate(identity));
  }
  const categories = CHARTS_OF_ACCOUNTS[identity].filter((a) => /^[56]/.test(a.code));
  const category = rng.pick(categories);
  const person = rng.chance(0.85) ? rng.pick(staff(identity)) : null;
  const time = timestamps(slot);
  return {
    id: slot.id,
    expense_number: documentNumber("EXP", slot),
    description: textField(
      slot,
      rng.pick([
        "Client lunch",
        "Taxi to airport",
        "Conference ticket",
        "Printer toner",
        "Hotel (2 nights)",
        null,
      ]),
    ),
    status: rng.pick(["SUBMITTED", "APPROVED", "REIMBURSED", "REIMBURSED", "REJECTED"]),
    staff: person,
    merchant: rng.pick(directoryOf(identity).merchants),
    category: { id: category.id, code: category.code, name: category.name },
    expense_date: isoDate(time.issueMs),
    payment_method: rng.pick(["CORPORATE_CARD", "PERSONAL_CARD", "CASH"]),
    ...currency(slot, awkward !== undefined || refund !== undefined),
    amount,
    tax_amount: tax,
    total: addAmounts(amount, tax),
    receipt_url: rng.chance(0.7) ? `https://files.example.com/receipts/${slot.id}.pdf` : null,
    created_at: time.created_at,
    updated_at: time.updated_at,
  };
}

const GENERATORS: Readonly<Record<CollectionName, (slot: Slot) => CollectionRecord>> = {
  invoices: invoice,
  receipts: receipt,
  bills: bill,
  "credit-notes": creditNote,
  "debit-notes": debitNote,
  expenses: expense,
};

export function collectionRecord(
  key: ListKey & { list: CollectionName },
  index: number,
): CollectionRecord {
  return GENERATORS[key.list](slotFor(key, index));
}

/**
 * Records kept once generated (the sandbox's `keepRecords` option). A record is a pure function
 * of its key and index, but making one costs SHA-256 seeding and decimal arithmetic (about
 * 0.1 ms, some 6 ms a page): kept, a second walk of a list costs only its serialization, as a
 * database-backed service's would. Bounded: past the limit it starts over. Frozen, so a route
 * that changed a record could not change what later answers hold.
 */
export class RecordMemo {
  private readonly records = new Map<string, CollectionRecord>();

  constructor(private readonly limit = 250_000) {}

  record(key: ListKey & { list: CollectionName }, index: number): CollectionRecord {
    const memoKey = `${key.seed}\u001f${key.identity}\u001f${key.list}\u001f${key.count}\u001f${index}`;
    let record = this.records.get(memoKey);
    if (record === undefined) {
      if (this.records.size >= this.limit) this.records.clear();
      record = deepFreeze(collectionRecord(key, index));
      this.records.set(memoKey, record);
    }
    return record;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Records [start, end) of a list, newest first. */
export function collectionPage(
  key: ListKey & { list: CollectionName },
  start: number,
  end: number,
): CollectionRecord[] {
  const records: CollectionRecord[] = [];
  for (let index = start; index < end; index++) records.push(collectionRecord(key, index));
  return records;
}
