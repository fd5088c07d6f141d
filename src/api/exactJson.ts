// Writes JSON text in which chosen decimals appear as number literals exactly as written, digit for digit.

import { isDecimalText } from "./json";

/**
 * A decimal to be written as a bare JSON number with exactly these digits. The contract types
 * amounts and rates in the update body as numbers; going through a JS double would turn
 * `0.1 + 0.2` into `0.30000000000000004` and lose digits beyond 15 or so, so the number text is
 * written straight from the decimal text instead.
 */
export class JsonDecimal {
  private constructor(readonly text: string) {}

  /**
   * `text` must be decimal text (`-12.30`, `10`); leading zeros are dropped (`007.50` →
   * `7.50`) because JSON forbids them. Throws a TypeError for anything else.
   */
  static of(text: string): JsonDecimal {
    if (!isDecimalText(text)) throw new TypeError(`Not decimal text: ${JSON.stringify(text)}`);
    return new JsonDecimal(text.replace(/^(-?)0+(?=\d)/, "$1"));
  }
}

/** A value {@link stringifyExact} can write. Object members that are `undefined` are left out. */
export type ExactJson =
  | null
  | boolean
  | number
  | string
  | JsonDecimal
  | readonly ExactJson[]
  | { readonly [key: string]: ExactJson | undefined };

/**
 * Compact JSON text for `value`, following JSON.stringify for everything except
 * {@link JsonDecimal}s, which are written as their exact number text. Object members keep their
 * insertion order. Throws a TypeError for non-finite numbers rather than writing `null`.
 */
export function stringifyExact(value: ExactJson): string {
  if (value instanceof JsonDecimal) return value.text;
  if (value === null || typeof value === "boolean" || typeof value === "string") {
    return JSON.stringify(value);
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`Cannot write ${value} as JSON.`);
    return JSON.stringify(value);
  }
  if (isArray(value)) return `[${value.map(stringifyExact).join(",")}]`;
  const members = Object.entries(value).flatMap(([key, member]) =>
    member === undefined ? [] : [`${JSON.stringify(key)}:${stringifyExact(member)}`],
  );
  return `{${members.join(",")}}`;
}

function isArray(value: ExactJson): value is readonly ExactJson[] {
  return Array.isArray(value);
}
