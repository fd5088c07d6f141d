// Reads JSON text like JSON.parse, except that no number is changed on the way in.
//
// JSON.parse turns every number literal into a double: `9007199254740993` arrives as
// `9007199254740992` and `12345678901234567890` as `12345678901234567000`, silently. Here a
// literal becomes a double only when the double's shortest text has the same decimal value
// (`1.50` and `1.5` are the same value; `0.1` round-trips too); any other literal is kept as a
// {@link JsonNumber} holding its digits exactly as written, for the sheets to show as text.

import { JsonNumber, JsonObject, JsonValue, setJsonMember } from "./json";

/** A number literal exactly as JSON allows it (no leading zeros, no `+`, no bare `.`). */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** The parts of a number literal: sign, integer digits, fraction digits, exponent. */
const NUMBER_PARTS = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/** Double quote, backslash, or a control character: what ends a plain run inside a string. */
// eslint-disable-next-line no-control-regex
const STRING_SPECIAL = /["\\\u0000-\u001f]/g;

/**
 * The decimal value of number text, written one way only: `[-]digits e exponent` with no
 * leading or trailing zeros in the digits (`1.50` → `15e-1`, `150` → `15e1`), and `0` for any
 * zero (a double holds -0, and -0 and 0 are the same decimal value).
 */
function canonicalDecimal(text: string): string {
  const parts = NUMBER_PARTS.exec(text);
  if (parts === null) return text;
  const [, sign = "", whole = "", fraction = "", exponent = "0"] = parts;
  let digits = `${whole}${fraction}`.replace(/^0+/, "");
  if (digits === "") return "0";
  let power = Number(exponent) - fraction.length;
  const trailing = /0+$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  power += trailing;
  return `${sign}${digits}e${power}`;
}

/**
 * The value of a number literal: a double when it holds the literal's value exactly as the
 * double's shortest text shows it, else a {@link JsonNumber} with the literal's text.
 */
export function readNumberLiteral(text: string): number | JsonNumber {
  const value = Number(text);
  // At most 15 significant digits and no exponent: every such decimal survives a double.
  if (!/[eE]/.test(text) && text.replace(/[-.]/g, "").replace(/^0+/, "").length <= 15) {
    return value;
  }
  if (Number.isFinite(value) && canonicalDecimal(String(value)) === canonicalDecimal(text)) {
    return value;
  }
  return new JsonNumber(text);
}

class Reader {
  private at = 0;

  constructor(private readonly text: string) {}

  document(): JsonValue {
    const value = this.value();
    this.skipSpace();
    if (this.at < this.text.length) this.fail("unexpected text after the JSON value");
    return value;
  }

  private fail(problem: string): never {
    throw new SyntaxError(`Not valid JSON at position ${this.at}: ${problem}.`);
  }

  private skipSpace(): void {
    const text = this.text;
    for (;;) {
      const code = text.charCodeAt(this.at);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) this.at++;
      else return;
    }
  }

  private expectWord(word: string): void {
    if (!this.text.startsWith(word, this.at)) this.fail(`expected ${word}`);
    this.at += word.length;
  }

  private value(): JsonValue {
    this.skipSpace();
    const char = this.text[this.at];
    switch (char) {
      case "{":
        return this.object();
      case "[":
        return this.array();
      case '"':
        return this.string();
      case "t":
        this.expectWord("true");
        return true;
      case "f":
        this.expectWord("false");
        return false;
      case "n":
        this.expectWord("null");
        return null;
      default:
        return this.number();
    }
  }

  private number(): number | JsonNumber {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (match === null) this.fail("expected a value");
    this.at += match[0].length;
    return readNumberLiteral(match[0]);
  }

  private string(): string {
    const text = this.text;
    const start = this.at;
    let escaped = false;
    let position = start + 1;
    for (;;) {
      STRING_SPECIAL.lastIndex = position;
      const special = STRING_SPECIAL.exec(text);
      if (special === null) {
        this.at = text.length;
        this.fail("unterminated string");
      }
      position = special.index;
      const char = special[0];
      if (char === '"') break;
      if (char === "\\") {
        escaped = true;
        position += 2;
        continue;
      }
      this.at = position;
      this.fail("control character in a string");
    }
    this.at = position + 1;
    if (!escaped) return text.slice(start + 1, position);
    try {
      // Escapes (\n, \u00e9, surrogate pairs) decoded and checked exactly as JSON.parse does.
      return JSON.parse(text.slice(start, position + 1)) as string;
    } catch {
      this.at = start;
      return this.fail("bad escape in a string");
    }
  }

  private array(): JsonValue[] {
    this.at++;
    const items: JsonValue[] = [];
    this.skipSpace();
    if (this.text[this.at] === "]") {
      this.at++;
      return items;
    }
    for (;;) {
      items.push(this.value());
      this.skipSpace();
      const char = this.text[this.at++];
      if (char === "]") return items;
      if (char !== ",") this.fail("expected , or ]");
    }
  }

  private object(): JsonObject {
    this.at++;
    const object: JsonObject = {};
    this.skipSpace();
    if (this.text[this.at] === "}") {
      this.at++;
      return object;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] !== '"') this.fail("expected a member name");
      const key = this.string();
      this.skipSpace();
      if (this.text[this.at++] !== ":") this.fail("expected :");
      const value = this.value();
      setJsonMember(object, key, value);
      this.skipSpace();
      const char = this.text[this.at++];
      if (char === "}") return object;
      if (char !== ",") this.fail("expected , or }");
    }
  }
}

/** Whether the quote at `at` is escaped: preceded by an odd number of backslashes. */
function isEscapedQuote(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
  return backslashes % 2 === 1;
}

/** Digits, `.`, `-`, `+`, `e` and `E`: what a number literal is made of. */
function isNumberChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2e ||
    code === 0x2d ||
    code === 0x2b ||
    (code | 0x20) === 0x65
  );
}

/**
 * Up to 256 strings and runs of characters that start no number literal (anything but `"`, a
 * digit or `-`), skipped in one native step rather than character by character in a loop. The
 * bounds keep the regexp's backtracking stack small: unbounded, a few million strings (or escapes
 * in one string) overflow it.
 */
const PLAIN_RUN = /(?:"[^"\\]*(?:\\[\s\S][^"\\]*){0,256}"|[^"\d-]+){0,256}/y;

/**
 * Whether every number literal of `text` (outside strings) is read exactly by JSON.parse. A
 * literal of at most 15 characters without an exponent has at most 15 significant digits, which
 * every double holds; only longer ones and exponents are looked at closely. Text that is not JSON
 * may pass: JSON.parse refuses it afterwards.
 */
export function numbersFitDoubles(text: string): boolean {
  const length = text.length;
  let at = 0;
  while (at < length) {
    PLAIN_RUN.lastIndex = at;
    PLAIN_RUN.test(text);
    if (PLAIN_RUN.lastIndex > at) {
      at = PLAIN_RUN.lastIndex;
      continue;
    }
    if (text.charCodeAt(at) === 0x22) {
      // A string the run could not take whole: unterminated, or with more escapes than it takes.
      let end = text.indexOf('"', at + 1);
      while (end !== -1 && isEscapedQuote(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return true;
      at = end + 1;
      continue;
    }
    // The run stopped at a digit or `-`: a number literal starts here.
    const start = at;
    let exponent = false;
    for (at++; at < length; at++) {
      const next = text.charCodeAt(at);
      if (!isNumberChar(next)) break;
      if ((next | 0x20) === 0x65) exponent = true;
    }
    if ((exponent || at - start > 15) && !isDouble(readNumberLiteral(text.slice(start, at)))) {
      return false;
    }
  }
  return true;
}

function isDouble(value: number | JsonNumber): value is number {
  return typeof value === "number";
}

/** {@link parseJsonText} without the JSON.parse shortcut: every literal read one by one. */
export function parseJsonTextExactly(text: string): JsonValue {
  return new Reader(text).document();
}

/**
 * Whether a value JSON.parse gave holds a number anywhere. Without one, no literal of its text
 * was read (JSON.parse turns every literal outside strings into a number of the result), so
 * none can have lost a digit. Walking the value JSON.parse has just built costs about a third
 * of scanning its text with {@link numbersFitDoubles} (8 and 24 us on a sandbox page of 50
 * invoices): amounts are strings, and most answers carry no number at all.
 * Throws a RangeError on nesting deeper than the stack allows.
 */
export function holdsNumber(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return typeof value === "number";
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (memberHoldsNumber(item)) return true;
    return false;
  }
  // for-in allocates no array of keys, unlike Object.keys. It also visits inherited enumerable
  // members, which JSON.parse's plain objects only have if someone added them to
  // Object.prototype: a number there sends the text to the scan, never past it.
  for (const key in value) {
    if (memberHoldsNumber((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * {@link holdsNumber} of a member: a string or another plain value is settled here, without a
 * call for it (most members are strings; about a third less time a page of invoices).
 */
function memberHoldsNumber(member: unknown): boolean {
  return typeof member === "object"
    ? member !== null && holdsNumber(member)
    : typeof member === "number";
}

/** Whether JSON.parse's `value` of `text` holds every number exactly as `text` writes it. */
function parsedExactly(value: unknown, text: string): boolean {
  try {
    if (!holdsNumber(value)) return true;
  } catch {
    // Nesting too deep to walk: the scan below goes through it without recursion.
  }
  return numbersFitDoubles(text);
}

/**
 * The value of JSON text, as JSON.parse reads it but losslessly: every number a double holds
 * exactly is a `number`, every other one a {@link JsonNumber} with its text as written. Throws a
 * SyntaxError for text that is not JSON (whatever JSON.parse refuses).
 *
 * JSON.parse reads the text first, several times faster than reading it here; its value is kept
 * when it holds no number, or when every number literal of the text fits a double (nearly every
 * API answer: amounts are strings). Only text with a number that needs more than a double, or
 * that is not JSON (for the position in the message), is read here. JSON.parse with a reviver
 * reading each number's `context.source` is exact too, but calls the reviver for every value: on
 * the sandbox's invoice pages it takes about 3.6 times as long as this (bench/jsonReaderBench.ts),
 * and older web views lack source access.
 */
export function parseJsonText(text: string): JsonValue {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the reader below throws with the position of the first fault.
    return parseJsonTextExactly(text);
  }
  return parsedExactly(value, text) ? (value as JsonValue) : parseJsonTextExactly(text);
}
