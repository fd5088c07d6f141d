/** Payments to vendors, each a pure function of (seed, identity, index), newest first. */
import type { IdentityName } from "../catalog";
import { formatAmount, splitAmount } from "../money";
import { randomFor } from "../prng";
import { accountByCode } from "./accounts";
import { AWKWARD_ACCOUNT_NUMBER, awkwardAmountAt, awkwardTextAt } from "./awkward";
import { BASE_CURRENCY, FOREIGN_RATES, directoryOf, staff, vendors } from "./people";
import { createdAtMs, isoDateTime, recordId, type ListKey } from "./timeline";
import type { Payment } from "./types";

const BANK_ACCOUNT_CODE: Readonly<Record<IdentityName, string>> = {
  "demo-company": "1000",
  "other-company": "100",
};

export function payment(key: ListKey & { list: "payments" }, index: number): Payment {
  const { seed, identity } = key;
  const rng = randomFor(seed, identity, "payments", "record", index);
  const id = recordId(key, index);
  const createdMs = createdAtMs(key, index);
  const seedsAwkward = identity === "demo-company";
  const awkwardAmount = seedsAwkward ? awkwardAmountAt(index) : undefined;
  const awkwardReference = seedsAwkward ? awkwardTextAt("payments", index) : undefined;

  const amount = awkwardAmount
    ? awkwardAmount.amount
    : formatAmount(rng.int(2_000, 2_500_000) / 100);
  // Several allocations each; a zero, one-cent or oversized awkward amount is paid in one.
  const allocationCount = awkwardAmount ? 1 : rng.int(2, 4);
  const fractions = Array.from({ length: allocationCount }, () => rng.next());
  const vendor = rng.pick(vendors(identity));
  const foreign = !awkwardAmount && rng.chance(0.15);
  const [currencyCode, rate] = foreign
    ? rng.pick(FOREIGN_RATES[identity])
    : [BASE_CURRENCY[identity], "1.00"];
  const status = rng.pick(["COMPLETED", "COMPLETED", "COMPLETED", "PENDING", "FAILED"]);

  const base: Payment = {
    id,
    type: rng.chance(0.85) ? "BILL_PAYMENT" : "PREPAYMENT",
    amount,
    status,
    vendor: { id: vendor.id, display_name: vendor.name },
    vendor_id: vendor.id,
    account_id: accountByCode(identity, BANK_ACCOUNT_CODE[identity]).id,
    documents: documentsFor(rng.int(0, 3), id),
    created_at: isoDateTime(createdMs),
    project_id: identity,
    allocations: splitAmount(amount, fractions).map((share, i) => ({
      id: randomFor(seed, identity, "allocation", id, i).uuid(),
      amount: share,
      bill_id: randomFor(seed, identity, "allocation-bill", id, i).uuid(),
      payment_id: id,
      bill_reference: `BILL-${String(rng.int(1, 999_999)).padStart(6, "0")}`,
    })),
    payment_date: isoDateTime(createdMs - rng.int(0, 3) * 86_400_000),
    currency_code: currencyCode,
    exchange_rate: rate,
    journal_status: status === "COMPLETED" ? "POSTED" : "DRAFT",
    payment_method: rng.pick(["BANK_TRANSFER", "BANK_TRANSFER", "CHEQUE", "CARD"]),
    journal_entry_id: `JE-${randomFor(seed, identity, "payment-journal", id).uuid().slice(0, 8).toUpperCase()}`,
    payment_reference:
      awkwardReference?.value ?? `PAY-${String(key.count - index).padStart(6, "0")}`,
    destination_account: {
      bank: rng.pick(directoryOf(identity).banks),
      // Always leading zeros: a client that turns this into a number loses them.
      account_number:
        index === 0 && seedsAwkward
          ? AWKWARD_ACCOUNT_NUMBER
          : `000${rng.int(100_000_000, 999_999_999)}`,
    },
  };

  // staff/staff_id are optional in the spec: absent, null or present in turn.
  switch (index % 3) {
    case 0:
      return base;
    case 1:
      return { ...base, staff: null, staff_id: null };
    default: {
      const person = rng.pick(staff(identity));
      return { ...base, staff: person, staff_id: person.id };
    }
  }
}

/** `documents` is "array of any JSON value": mix objects and plain strings. */
function documentsFor(kind: number, paymentId: string): unknown[] {
  switch (kind) {
    case 0:
      return [];
    case 1:
      return [
        {
          file_name: "remittance.pdf",
          url: `https://files.example.com/payments/${paymentId}/remittance.pdf`,
        },
      ];
    case 2:
      return ["bank-confirmation.pdf"];
    default:
      return [
        {
          file_name: "invoice-scan.png",
          url: `https://files.example.com/payments/${paymentId}/scan.png`,
          size_bytes: 48213,
        },
        "note: paid early for discount",
      ];
  }
}

export function paymentPage(
  key: ListKey & { list: "payments" },
  start: number,
  end: number,
): Payment[] {
  const records: Payment[] = [];
  for (let index = start; index < end; index++) records.push(payment(key, index));
  return records;
}
