// How a message names a record for people: by its own number (INV-000136), as the accountant
// knows it, rather than by the id the server gave it.
import { isJsonNumber, type JsonValue } from "../api";

/** A document's number: `invoice_number`, `bill_no`; not a bank account's number. */
const NUMBER_KEY = /(^|_)(number|no)$/;
const REFERENCE_KEY = /(^|_)reference$/;

function textAt(record: Readonly<Record<string, unknown>>, test: RegExp): string | null {
  for (const [key, value] of Object.entries(record)) {
    if (!test.test(key) || key.endsWith("account_number")) continue;
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return null;
}

/** The record's number, else its reference, else its id; null when it has none of them. */
export function recordNumberOf(
  record: Readonly<Record<string, unknown>> | undefined,
): string | null {
  if (record === undefined) return null;
  const id = record["id"];
  return (
    textAt(record, NUMBER_KEY) ??
    textAt(record, REFERENCE_KEY) ??
    (typeof id === "string" && id !== "" ? id : typeof id === "number" ? String(id) : null)
  );
}

/** A record's id for people (`inv-1`, `9007199254740993`), or null when it has none. */
export function idOf(id: JsonValue | undefined): string | null {
  if (typeof id === "string" && id !== "") return id;
  return isJsonNumber(id) ? String(id) : null;
}
