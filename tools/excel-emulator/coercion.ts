// What Excel stores when a value is written to a cell through `values` or `formulas`: under the
// text format "@" a string stays literal; otherwise a string is read as Excel reads typed input
// (a formula, a number, a boolean, an error, a date) and everything else stays text.
import { errorFromText } from "./cellValues";
import type { CellScalar } from "./cellValues";
import { parseFormula } from "./formulas/parser";
import { FormulaSyntaxError } from "./formulas/syntaxError";
import { readTypedBoolean, readTypedNumber } from "./textNumbers";

/** The longest text a cell holds. */
export const MAX_CELL_TEXT = 32_767;

/** A value as the API accepts it in a `values` or `formulas` array (after JSON rules). */
export type InputValue = string | number | boolean | null;

export type StoredInput =
  | { readonly kind: "unchanged" }
  | { readonly kind: "clear" }
  | { readonly kind: "constant"; readonly value: CellScalar; readonly impliedFormat?: string }
  | { readonly kind: "formula"; readonly formula: string };

const UNCHANGED: StoredInput = { kind: "unchanged" };
const CLEAR: StoredInput = { kind: "clear" };

/** True for the text format, under which Excel stores typed strings literally. */
export function isTextFormat(numberFormat: string): boolean {
  return numberFormat === "@";
}

/**
 * What a cell with `numberFormat` stores for `input`. Throws FormulaSyntaxError when a string
 * starting with "=" is not a formula Excel would accept.
 */
export function interpretInput(input: InputValue, numberFormat: string): StoredInput {
  if (input === null) return UNCHANGED;
  if (typeof input === "number") return { kind: "constant", value: input === 0 ? 0 : input };
  if (typeof input === "boolean") return { kind: "constant", value: input };
  if (input === "") return CLEAR;
  if (isTextFormat(numberFormat)) return { kind: "constant", value: input };
  return interpretTypedText(input);
}

/**
 * interpretInput, with a constant that implies no format answered as the value itself: block
 * writes of numbers and of text under "@" then make no object per cell.
 */
export function interpretInputCompact(
  input: InputValue,
  numberFormat: string,
): StoredInput | number | boolean | string {
  if (typeof input === "number") return input === 0 ? 0 : input;
  if (typeof input === "boolean") return input;
  if (typeof input === "string" && input !== "" && isTextFormat(numberFormat)) return input;
  return interpretInput(input, numberFormat);
}

function interpretTypedText(text: string): StoredInput {
  const first = text[0];
  if (first === "=" && text.length > 1) {
    parseFormula(text); // Excel refuses a formula it cannot parse
    return { kind: "formula", formula: text };
  }
  if (first === "+" && text.length > 1) {
    const formula = asFormula(`=${text}`);
    if (formula) return formula;
  }
  const typed = readTypedNumber(text);
  if (typed) {
    return typed.impliedFormat === undefined
      ? { kind: "constant", value: typed.value }
      : { kind: "constant", value: typed.value, impliedFormat: typed.impliedFormat };
  }
  if (first === "-" && text.length > 1) {
    const formula = asFormula(`=${text}`);
    if (formula) return formula;
  }
  const boolean = readTypedBoolean(text);
  if (boolean !== undefined && text.trim() === text) return { kind: "constant", value: boolean };
  const error = errorFromText(text);
  if (error) return { kind: "constant", value: error };
  return { kind: "constant", value: text };
}

/** A "+..." or "-..." entry is a formula when it parses as one (e.g. "+1", "-A1"). */
function asFormula(formula: string): StoredInput | undefined {
  try {
    parseFormula(formula);
    return { kind: "formula", formula };
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return undefined;
    throw error;
  }
}
