// JSON values as types, and the reading of untyped JSON into typed records with precise complaints.

/**
 * A JSON number that no double holds: its digits exactly as the server wrote them
 * (`9007199254740993`, `12345678901234567890`, `1e400`). {@link parseJsonText} gives one only
 * where `JSON.parse` would have changed the value; every other number stays a plain `number`.
 */
export class JsonNumber {
  constructor(
    /** The number literal as received, e.g. `12345678901234567890` or `-1.5E+400`. */
    readonly text: string,
  ) {}

  toString(): string {
    return this.text;
  }
}

/** Any value JSON can carry. */
export type JsonValue = null | boolean | number | JsonNumber | string | JsonValue[] | JsonObject;

/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A record of a collection whose schema the contract does not show (invoices, bills, ...). */
export type JsonRecord = Record<string, JsonValue>;

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof JsonNumber)
  );
}

/**
 * Sets a member as JSON.parse does: own and enumerable, a `__proto__` key included, which a plain
 * assignment would take as the object's prototype.
 */
export function setJsonMember(object: JsonObject, key: string, value: JsonValue): void {
  if (key === "__proto__") {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    object[key] = value;
  }
}

/** A number, read losslessly or not: a plain double or an exact {@link JsonNumber}. */
export function isJsonNumber(value: JsonValue | undefined): value is number | JsonNumber {
  return typeof value === "number" || value instanceof JsonNumber;
}

/**
 * Whether JSON.stringify would write `value` otherwise than {@link stringifyJson}: it holds a
 * JsonNumber, or a member whose value is missing (written as null here, left out there).
 */
function needsOwnWriting(value: JsonValue | undefined): boolean {
  if (value === undefined || value instanceof JsonNumber) return true;
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (needsOwnWriting(item)) return true;
    return false;
  }
  for (const key of Object.keys(value)) if (needsOwnWriting(value[key])) return true;
  return false;
}

/**
 * Compact JSON text of `value`, as JSON.stringify writes it, except that a {@link JsonNumber} is
 * written as its own digits (JSON.stringify would write it as an object).
 */
export function stringifyJson(value: JsonValue): string {
  // Most values hold no JsonNumber: JSON.stringify then writes the same text, natively.
  if (!needsOwnWriting(value)) return JSON.stringify(value);
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(stringifyJson).join(",")}]`;
  if (isJsonObject(value)) {
    const members = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${stringifyJson(value[key] ?? null)}`,
    );
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Strict decimal text as the service writes amounts and rates: `-12.30`, `0.00`. Kept here rather
 * than imported from src/money so the API client does not depend on the money module.
 */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

export function isDecimalText(value: string): boolean {
  return DECIMAL_TEXT.test(value);
}

/** The first thing in a response that did not have the expected shape, named by its path. */
export class ShapeError extends Error {
  override readonly name = "ShapeError";

  constructor(
    /** Where the problem is, e.g. `data[3].amount`; empty for the whole body. */
    readonly path: string,
    /** What was wrong, e.g. `expected a decimal string, got 12.5`. */
    readonly problem: string,
  ) {
    super(path === "" ? problem : `${path}: ${problem}`);
  }
}

/** A short description of a value for error messages: `12.5`, `"abc"`, `an object`, `missing`. */
export function describeJson(value: JsonValue | undefined): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (isJsonObject(value)) return "an object";
  const text = stringifyJson(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function expected(path: string, what: string, value: JsonValue | undefined): ShapeError {
  return new ShapeError(path, `expected ${what}, got ${describeJson(value)}`);
}

function childPath(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** Reads `value` as an object, or throws a ShapeError naming `path`. */
export function readObject(value: JsonValue | undefined, path: string): ObjectReader {
  if (!isJsonObject(value)) throw expected(path, "an object", value);
  return new ObjectReader(value, path);
}

/** Reads the fields of one JSON object, each read naming its own path when it fails. */
export class ObjectReader {
  constructor(
    readonly fields: JsonObject,
    readonly path: string,
  ) {}

  private value(key: string): JsonValue | undefined {
    return Object.prototype.hasOwnProperty.call(this.fields, key) ? this.fields[key] : undefined;
  }

  private at(key: string): string {
    return childPath(this.path, key);
  }

  string(key: string): string {
    const value = this.value(key);
    if (typeof value !== "string") throw expected(this.at(key), "a string", value);
    return value;
  }

  nullableString(key: string): string | null {
    const value = this.value(key);
    if (value === null) return null;
    if (typeof value !== "string") throw expected(this.at(key), "a string or null", value);
    return value;
  }

  /** A string holding a decimal number, such as `"12.30"`. */
  decimal(key: string): string {
    const value = this.value(key);
    if (typeof value !== "string" || !isDecimalText(value)) {
      throw expected(this.at(key), "a decimal string", value);
    }
    return value;
  }

  boolean(key: string): boolean {
    const value = this.value(key);
    if (typeof value !== "boolean") throw expected(this.at(key), "true or false", value);
    return value;
  }

  /** A whole number of at least zero. */
  count(key: string): number {
    const value = this.value(key);
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
      throw expected(this.at(key), "a whole number", value);
    }
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    const value = this.value(key);
    const match = allowed.find((option) => option === value);
    if (match === undefined) throw expected(this.at(key), `one of ${allowed.join(", ")}`, value);
    return match;
  }

  object(key: string): ObjectReader {
    return readObject(this.value(key), this.at(key));
  }

  array<T>(key: string, readItem: (value: JsonValue, path: string) => T): T[] {
    const value = this.value(key);
    if (!Array.isArray(value)) throw expected(this.at(key), "an array", value);
    return value.map((item, index) => readItem(item, `${this.at(key)}[${index}]`));
  }

  /**
   * An array of objects whose fields are not read here: the array as parsed, each item checked
   * to be an object. The path of an item is only written when it is not one; a page of records
   * asks this of every record.
   */
  objects(key: string): JsonObject[] {
    const value = this.value(key);
    if (!Array.isArray(value)) throw expected(this.at(key), "an array", value);
    for (let index = 0; index < value.length; index += 1) {
      const item = value[index];
      if (!isJsonObject(item)) throw expected(`${this.at(key)}[${index}]`, "an object", item);
    }
    return value as JsonObject[];
  }

  /** A field that must be present but may hold any JSON value. */
  anyValue(key: string): JsonValue {
    const value = this.value(key);
    if (value === undefined) throw expected(this.at(key), "a value", value);
    return value;
  }

  /** A field that may be absent and may hold any JSON value. */
  optionalValue(key: string): JsonValue | undefined {
    return this.value(key);
  }
}
