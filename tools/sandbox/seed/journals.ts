/**
 * Hand-written manual journals per identity, in every status. Their ids are fixed (derived from
 * constants, not from the --seed), so tests can name them via SEEDED_JOURNALS.
 */
import type { IdentityName } from "../catalog";
import { formatAmount, Money } from "../money";
import { randomFor } from "../prng";
import { accountByCode } from "./accounts";
import { customers, staff, vendors } from "./people";
import type { JournalLine, JournalStatus, ManualJournal } from "./types";

interface LineSeed {
  code: string;
  side: "DEBIT" | "CREDIT";
  amount: string;
  description?: string | null;
  tax?: { id: string; amount: string };
  contact?: string;
  staff?: string;
}

interface JournalSeed {
  number: number;
  status: JournalStatus;
  transactionReference: string;
  currency: string;
  rate: string;
  description: string | null;
  date: string;
  lines: LineSeed[];
  rejectionReason?: string;
  isTest?: boolean;
}

const DEMO: readonly JournalSeed[] = [
  {
    number: 1,
    status: "DRAFT",
    transactionReference: "TRX-2026-0001",
    currency: "USD",
    rate: "1.00",
    description: "January rent accrual",
    date: "2026-01-31",
    lines: [
      { code: "6000", side: "DEBIT", amount: "2500.00", description: "Rent – January" },
      { code: "2200", side: "CREDIT", amount: "2500.00" },
    ],
  },
  {
    number: 2,
    status: "DRAFT",
    transactionReference: "TRX-2026-0002",
    currency: "EUR",
    rate: "1.08",
    description: "EU consulting revenue and travel",
    date: "2026-01-28",
    lines: [
      {
        code: "1100",
        side: "DEBIT",
        amount: "1210.00",
        contact: "Nordlicht GmbH",
        description: "Nordlicht GmbH – workshop",
      },
      {
        code: "4100",
        side: "CREDIT",
        amount: "1000.00",
        tax: { id: "TAX-VAT-21", amount: "210.00" },
      },
      { code: "2100", side: "CREDIT", amount: "210.00", description: "VAT 21%" },
      {
        code: "6200",
        side: "DEBIT",
        amount: "45.50",
        staff: "Maria López",
        description: "Taxi, Berlin",
      },
      { code: "0150", side: "CREDIT", amount: "45.50" },
    ],
  },
  {
    number: 3,
    status: "DRAFT",
    // A slash and spaces: reading it by reference needs URL encoding.
    transactionReference: "TRX/2026 0003 adj",
    currency: "USD",
    rate: "1.00",
    description: "Payroll allocation – January (memo 00123)",
    date: "2026-01-30",
    lines: [
      { code: "6100", side: "DEBIT", amount: "1000.10", staff: "Maria López" },
      { code: "6100", side: "DEBIT", amount: "2000.20", staff: "James Okafor" },
      { code: "6100", side: "DEBIT", amount: "1500.35", staff: "Priya Natarajan" },
      { code: "6100", side: "DEBIT", amount: "999.99", staff: "Tomasz Wiśniewski" },
      { code: "6100", side: "DEBIT", amount: "1234.56", staff: "Aiko Tanaka" },
      { code: "6300", side: "DEBIT", amount: "12.50", description: "Bank fee" },
      { code: "2200", side: "CREDIT", amount: "1200.00", description: "Payroll tax withheld" },
      { code: "1000", side: "CREDIT", amount: "5547.70", description: "Net pay" },
    ],
  },
  {
    number: 4,
    status: "POSTED",
    transactionReference: "TRX-2026-0004",
    currency: "USD",
    rate: "1.00",
    description: "December depreciation",
    date: "2025-12-31",
    lines: [
      {
        code: "5000",
        side: "DEBIT",
        amount: "850.00",
        description: "Depreciation – office equipment",
      },
      { code: "1500", side: "CREDIT", amount: "850.00" },
    ],
  },
  {
    number: 5,
    status: "POSTED",
    transactionReference: "TRX-2026-0005",
    currency: "USD",
    rate: "1.00",
    description: "Opening balance adjustment",
    date: "2025-12-31",
    lines: [
      { code: "1000", side: "DEBIT", amount: "98765432109876.54" },
      { code: "3000", side: "CREDIT", amount: "98765432109876.54" },
    ],
  },
  {
    number: 6,
    status: "ARCHIVED",
    transactionReference: "TRX-2026-0006",
    currency: "USD",
    rate: "1.00",
    description: "Duplicate rent accrual",
    date: "2026-01-31",
    rejectionReason: "Duplicate of JNL-0001; rejected in finance review.",
    lines: [
      { code: "6000", side: "DEBIT", amount: "2500.00" },
      { code: "2200", side: "CREDIT", amount: "2500.00" },
    ],
  },
  {
    number: 7,
    status: "VOIDED",
    transactionReference: "TRX-2026-0007",
    currency: "USD",
    rate: "1.00",
    description: "Misposted supplier refund",
    date: "2026-01-05",
    lines: [
      { code: "2000", side: "DEBIT", amount: "310.00", contact: "Office Depot Supplies" },
      { code: "1000", side: "CREDIT", amount: "310.00" },
    ],
  },
  {
    number: 8,
    status: "DRAFT",
    transactionReference: "TRX-2026-0008",
    currency: "USD",
    rate: "1.00",
    description: '=SUM(A1:A3) "quoted" – Café 株式会社 🧾',
    date: "2026-01-15",
    isTest: true,
    lines: [
      { code: "5000", side: "DEBIT", amount: "19.99", description: null },
      { code: "1200", side: "CREDIT", amount: "19.99", description: "" },
    ],
  },
];

const OTHER: readonly JournalSeed[] = [
  {
    number: 1001,
    status: "DRAFT",
    transactionReference: "TRX-2026-1001",
    currency: "GBP",
    rate: "1.00",
    description: "Quarterly rent",
    date: "2026-01-01",
    lines: [
      { code: "610", side: "DEBIT", amount: "4200.00" },
      { code: "200", side: "CREDIT", amount: "4200.00" },
    ],
  },
  {
    number: 1002,
    status: "DRAFT",
    transactionReference: "TRX 2026/1002",
    currency: "GBP",
    rate: "1.00",
    description: null,
    date: "2026-01-20",
    lines: [
      { code: "600", side: "DEBIT", amount: "3100.00", staff: "Fiona MacLeod" },
      { code: "100", side: "CREDIT", amount: "3100.00" },
    ],
  },
  {
    number: 1003,
    status: "DRAFT",
    transactionReference: "TRX-2026-1003",
    currency: "EUR",
    rate: "0.85",
    description: "Sale to EU customer",
    date: "2026-01-22",
    lines: [
      { code: "110", side: "DEBIT", amount: "1200.00", contact: "Penrose Analytics" },
      {
        code: "400",
        side: "CREDIT",
        amount: "1000.00",
        tax: { id: "TAX-VAT-20", amount: "200.00" },
      },
      { code: "210", side: "CREDIT", amount: "200.00" },
    ],
  },
  {
    number: 1004,
    status: "POSTED",
    transactionReference: "TRX-2026-1004",
    currency: "GBP",
    rate: "1.00",
    description: "Stationery purchase",
    date: "2025-12-12",
    lines: [
      { code: "500", side: "DEBIT", amount: "640.00", contact: "Albion Stationers" },
      { code: "200", side: "CREDIT", amount: "640.00" },
    ],
  },
  {
    number: 1005,
    status: "POSTED",
    transactionReference: "TRX-2026-1005",
    currency: "GBP",
    rate: "1.00",
    description: "Share capital introduced",
    date: "2025-11-01",
    lines: [
      { code: "100", side: "DEBIT", amount: "15000.00" },
      { code: "300", side: "CREDIT", amount: "15000.00" },
    ],
  },
  {
    number: 1006,
    status: "ARCHIVED",
    transactionReference: "TRX-2026-1006",
    currency: "GBP",
    rate: "1.00",
    description: "VAT correction",
    date: "2025-12-31",
    rejectionReason: "Wrong VAT period.",
    lines: [
      { code: "210", side: "DEBIT", amount: "55.00" },
      { code: "400", side: "CREDIT", amount: "55.00" },
    ],
  },
  {
    number: 1007,
    status: "VOIDED",
    transactionReference: "TRX-2026-1007",
    currency: "GBP",
    rate: "1.00",
    description: "Train tickets booked twice",
    date: "2025-12-03",
    lines: [
      { code: "500", side: "DEBIT", amount: "89.40", contact: "Northern Rail" },
      { code: "100", side: "CREDIT", amount: "89.40" },
    ],
  },
];

const SEEDS: Readonly<Record<IdentityName, readonly JournalSeed[]>> = {
  "demo-company": DEMO,
  "other-company": OTHER,
};

const PEOPLE: Readonly<Record<IdentityName, { author: string; approver: string }>> = {
  "demo-company": {
    author: "maria.lopez@demo-company.example",
    approver: "finance.lead@demo-company.example",
  },
  "other-company": {
    author: "fiona.macleod@other-company.example",
    approver: "gareth.jones@other-company.example",
  },
};

function journalId(identity: IdentityName, number: number): string {
  return randomFor("ledger-sandbox", "journal", identity, number).uuid();
}

function reference(number: number): string {
  return `JNL-${String(number).padStart(4, "0")}`;
}

function idOfName(list: ReadonlyArray<{ id: string; name: string }>, name: string): string {
  const found = list.find((entry) => entry.name === name);
  if (!found) throw new Error(`No contact or staff named ${name}`);
  return found.id;
}

export function journalLine(
  fields: Omit<JournalLine, "debit" | "credit" | "forex_debit" | "forex_credit">,
  side: "DEBIT" | "CREDIT",
  amount: Money | string,
  rate: string,
): JournalLine {
  const value = formatAmount(amount);
  const forex = formatAmount(new Money(value).times(rate));
  return {
    ...fields,
    debit: side === "DEBIT" ? value : "0.00",
    credit: side === "CREDIT" ? value : "0.00",
    forex_debit: side === "DEBIT" ? forex : "0.00",
    forex_credit: side === "CREDIT" ? forex : "0.00",
  };
}

function build(identity: IdentityName, seed: JournalSeed): ManualJournal {
  const id = journalId(identity, seed.number);
  const contacts = [...customers(identity), ...vendors(identity)];
  const people = staff(identity);
  const createdMs = Date.parse(`${seed.date}T09:15:00.000Z`) + 86_400_000;
  const approved = seed.status === "POSTED" || seed.status === "VOIDED";
  return {
    id,
    created_by: PEOPLE[identity].author,
    approved_by: approved ? PEOPLE[identity].approver : null,
    journal_entry_id: approved ? `JE-${String(seed.number).padStart(6, "0")}` : null,
    project_id: identity,
    reference: reference(seed.number),
    transaction_reference: seed.transactionReference,
    currency_code: seed.currency,
    exchange_rate: seed.rate,
    description: seed.description,
    rejection_reason: seed.rejectionReason ?? null,
    is_test: seed.isTest ?? false,
    status: seed.status,
    approved_at: approved ? new Date(createdMs + 86_400_000).toISOString() : null,
    transaction_date: `${seed.date}T00:00:00.000Z`,
    created_at: new Date(createdMs).toISOString(),
    updated_at: new Date(createdMs + 2 * 3_600_000).toISOString(),
    lines: seed.lines.map((line, i) => {
      const account = accountByCode(identity, line.code);
      return journalLine(
        {
          id: randomFor("ledger-sandbox", "journal-line", identity, seed.number, i).uuid(),
          account_id: account.id,
          tax_id: line.tax?.id ?? null,
          account_name: account.name,
          account_code: account.code,
          contact_id: line.contact ? idOfName(contacts, line.contact) : null,
          staff_id: line.staff ? idOfName(people, line.staff) : null,
          description: line.description === undefined ? null : line.description,
          tax_amount: line.tax?.amount ?? "0.00",
        },
        line.side,
        line.amount,
        seed.rate,
      );
    }),
  };
}

/** Fresh copies of an identity's seeded journals (the store mutates its own). */
export function seedJournals(identity: IdentityName): ManualJournal[] {
  return SEEDS[identity].map((seed) => build(identity, seed));
}

/** The number of the large journal the `journalLines` option adds (demo-company only). */
const LARGE_NUMBER = 9;

type LineTemplate = Omit<LineSeed, "side" | "amount">;

/** The large journal's debit and credit lines rotate through these. */
const LARGE_DEBITS: readonly LineTemplate[] = [
  { code: "6200", staff: "Maria López", description: "Travel – Café & Meals, reclassified" },
  { code: "1100", contact: "Nordlicht GmbH", description: "Nordlicht GmbH – workshop" },
  { code: "6000", description: "Rent – branch office" },
  { code: "6100", staff: "Priya Natarajan" },
  { code: "5000", description: "Stock adjustment" },
];
const LARGE_CREDITS: readonly LineTemplate[] = [
  { code: "2200", description: "Accrued Liabilities" },
  { code: "4100", contact: "Acme Pty Ltd" },
  { code: "2000", contact: "Office Depot Supplies", description: "Supplier credit" },
];

/**
 * The large DRAFT journal of the `journalLines` option (demo-company's JNL-0009): `count` lines
 * (at least 2) in pairs of a debit and a credit of the same amount, so any count balances (an
 * odd count ends with a debit of twice an amount and two credits of it). Accounts, contacts,
 * staff and descriptions rotate; each pair's amount comes from its own random stream.
 */
export function largeJournal(count: number): ManualJournal {
  if (!Number.isInteger(count) || count < 2) {
    throw new Error(`A large journal needs at least 2 lines, got ${count}`);
  }
  const lines: LineSeed[] = [];
  const pairs = Math.floor(count / 2);
  for (let pair = 0; pair < pairs; pair++) {
    const debit = LARGE_DEBITS[pair % LARGE_DEBITS.length]!;
    const credit = LARGE_CREDITS[pair % LARGE_CREDITS.length]!;
    const cents = randomFor("ledger-sandbox", "large-journal", pair).int(100, 2_500_000);
    const amount = new Money(cents).dividedBy(100);
    if (count % 2 === 1 && pair === pairs - 1) {
      lines.push({ ...debit, side: "DEBIT", amount: formatAmount(amount.times(2)) });
      lines.push({ ...credit, side: "CREDIT", amount: formatAmount(amount) });
      lines.push({ ...credit, side: "CREDIT", amount: formatAmount(amount) });
    } else {
      lines.push({ ...debit, side: "DEBIT", amount: formatAmount(amount) });
      lines.push({ ...credit, side: "CREDIT", amount: formatAmount(amount) });
    }
  }
  return build("demo-company", {
    number: LARGE_NUMBER,
    status: "DRAFT",
    transactionReference: "TRX-2026-0009",
    currency: "USD",
    rate: "1.00",
    description: `Year-end reclassification (${count.toLocaleString("en-US")} lines)`,
    date: "2026-01-29",
    lines,
  });
}

export interface SeededJournal {
  id: string;
  reference: string;
  transaction_reference: string;
  status: JournalStatus;
}

/** The large journal of the `journalLines` option (demo-company), present only with it. */
export const LARGE_JOURNAL: SeededJournal = {
  id: journalId("demo-company", LARGE_NUMBER),
  reference: reference(LARGE_NUMBER),
  transaction_reference: "TRX-2026-0009",
  status: "DRAFT",
};

/** Ids, references and statuses of the seeded journals, for tests and docs. */
export const SEEDED_JOURNALS: Readonly<Record<IdentityName, readonly SeededJournal[]>> = {
  "demo-company": DEMO.map((seed) => summary("demo-company", seed)),
  "other-company": OTHER.map((seed) => summary("other-company", seed)),
};

function summary(identity: IdentityName, seed: JournalSeed): SeededJournal {
  return {
    id: journalId(identity, seed.number),
    reference: reference(seed.number),
    transaction_reference: seed.transactionReference,
    status: seed.status,
  };
}
