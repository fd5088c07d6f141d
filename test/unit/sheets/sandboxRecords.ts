// The sandbox's seeded records as the API client hands them over: through JSON text, and for
// payments through the client's own parser.
import { isJsonObject, parsePayment } from "../../../src/api";
import type { JsonRecord, JsonValue, Payment } from "../../../src/api";
import { DEFAULT_RECORD_COUNTS, DEFAULT_SEED } from "../../../tools/sandbox";
import type { CollectionName } from "../../../tools/sandbox";
import { paymentPage } from "../../../tools/sandbox/seed/payments";
import { collectionPage } from "../../../tools/sandbox/seed/records";

function viaJson(value: unknown): JsonValue {
  const parsed: JsonValue = JSON.parse(JSON.stringify(value));
  return parsed;
}

function asRecords(values: readonly unknown[]): JsonRecord[] {
  return values.map((value) => {
    const json = viaJson(value);
    if (!isJsonObject(json)) throw new Error("expected an object");
    return json;
  });
}

/** demo-company's payments [start, end), newest first, as JSON records. */
export function paymentRecords(start: number, end: number): JsonRecord[] {
  const key = {
    seed: DEFAULT_SEED,
    identity: "demo-company",
    list: "payments",
    count: DEFAULT_RECORD_COUNTS.payments,
  } as const;
  return asRecords(paymentPage(key, start, end));
}

/** demo-company's payments [start, end) as the API client parses them. */
export function payments(start: number, end: number): Payment[] {
  return paymentRecords(start, end).map((record) => parsePayment(record));
}

/** demo-company's records [start, end) of a cursor collection, as JSON records. */
export function collectionRecords(list: CollectionName, start: number, end: number): JsonRecord[] {
  const key = {
    seed: DEFAULT_SEED,
    identity: "demo-company",
    list,
    count: DEFAULT_RECORD_COUNTS[list],
  } as const;
  return asRecords(collectionPage(key, start, end));
}
