// Values of unknown shape made readable in one cell: an object by its name, an array as a short
// list. The contract types some fields as "any JSON value" (a payment's `staff`, `documents`);
// raw JSON text such as {"id":"…","name":"Aiko Tanaka"} is not what a person reads.
import { isJsonObject, stringifyJson } from "../api";
import type { JsonValue } from "../api";

/** The keys that name a person, party or document, in the order they are tried. */
const NAME_KEYS = [
  "display_name",
  "name",
  "full_name",
  "file_name",
  "title",
  "reference",
  "email",
] as const;

/** An object's name-like field, or undefined when it has none that is text. */
function nameOf(value: JsonValue): string | undefined {
  if (!isJsonObject(value)) return undefined;
  for (const key of NAME_KEYS) {
    const name = value[key];
    if (typeof name === "string" && name.trim() !== "") return name;
  }
  return undefined;
}

/** One item of a list as text: a scalar as written, an object by its name; else undefined. */
function itemText(value: JsonValue): string | undefined {
  if (typeof value === "string") return value;
  if (value === null || typeof value !== "object") return stringifyJson(value);
  return nameOf(value);
}

/**
 * An array as one cell's text: "" for none, the item itself for one, else "3 items: a; b; c",
 * objects by their name (`file_name`, `name`, …). Undefined when an item is an object or array
 * without a name (invoice lines, say): its JSON text keeps every field, which a list would drop.
 */
export function summariseArray(values: readonly JsonValue[]): string | undefined {
  if (values.length === 0) return "";
  const items: string[] = [];
  for (const value of values) {
    const text = itemText(value);
    if (text === undefined) return undefined;
    items.push(text);
  }
  return values.length === 1 ? items[0] : `${values.length} items: ${items.join("; ")}`;
}

/**
 * A value for a text cell: a string as it is, an object by its name, an array summarised where
 * that keeps what matters; anything else unchanged, for the cell writer (JSON text, noted).
 */
export function readableValue(value: JsonValue | undefined): JsonValue | undefined {
  if (value === undefined || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return summariseArray(value) ?? value;
  return nameOf(value) ?? value;
}
