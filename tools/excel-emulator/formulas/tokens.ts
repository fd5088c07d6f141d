// Splits formula text into tokens that keep their position, so references can be rewritten in
// place (a renamed table, a deleted sheet, shifted rows) without reformatting the rest.
import { parseLocalAddress } from "../addresses";
import type { Area } from "../addresses";
import { errorFromText } from "../cellValues";
import type { CellError } from "../cellValues";
import { parseStructuredSpec } from "./structured";
import { FormulaSyntaxError } from "./syntaxError";
import type { StructuredSpec } from "./structured";

export type Token =
  | { kind: "number"; value: number; start: number; end: number }
  | { kind: "string"; value: string; start: number; end: number }
  | { kind: "error"; value: CellError; start: number; end: number }
  | { kind: "operator"; text: string; start: number; end: number }
  | { kind: "open" | "close" | "comma"; start: number; end: number }
  | { kind: "function"; name: string; start: number; end: number }
  | { kind: "name"; name: string; start: number; end: number }
  | ReferenceToken;

/** An A1 reference or a structured table reference, with its place in the text. */
export type ReferenceToken =
  | {
      kind: "reference";
      sheet?: string;
      area: Area;
      /** Which parts are absolute ($), kept when a reference is rewritten. */
      text: string;
      start: number;
      end: number;
    }
  | {
      kind: "structured";
      /** "" for a reference without a table name: the table the formula sits in. */
      table: string;
      spec: StructuredSpec;
      start: number;
      end: number;
    };

// ":" joins two references into the block between them (INDEX(A:A,2):INDEX(A:A,9)); a plain
// "A2:A9" is read whole as one reference before operators are tried.
const OPERATORS = ["<>", "<=", ">=", "+", "-", "*", "/", "^", "&", "=", "<", ">", "%", ":"];
const IDENTIFIER = /^[A-Za-z_\\\u00C0-\uFFFF][A-Za-z0-9_.\u00C0-\uFFFF]*/;
const LOCAL_REFERENCE =
  /^(\$?[A-Za-z]{1,3}\$?\d{1,7}(?::\$?[A-Za-z]{1,3}\$?\d{1,7})?|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?\d{1,7}:\$?\d{1,7})/;
const CONTINUES_NAME = /[A-Za-z0-9_.(![\u00C0-\uFFFF]/;

/** Tokenizes the text after the leading "=". `offset` is added to every position. */
export function tokenize(text: string, offset = 0): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const at = (n: number) => n + offset;
  while (i < text.length) {
    const ch = text[i] ?? "";
    const rest = text.slice(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      let value = "";
      for (;;) {
        if (j >= text.length) throw new FormulaSyntaxError("A text value is not closed.");
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          break;
        }
        value += text[j];
        j++;
      }
      tokens.push({ kind: "string", value, start: at(i), end: at(j + 1) });
      i = j + 1;
      continue;
    }
    if (ch === "(" || ch === ")" || ch === ",") {
      const kind = ch === "(" ? "open" : ch === ")" ? "close" : "comma";
      tokens.push({ kind, start: at(i), end: at(i + 1) });
      i++;
      continue;
    }
    if (ch === "#") {
      const m = /^#(NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|SPILL!|CALC!)/i.exec(rest);
      const error = m && errorFromText(m[0]);
      if (!m || !error) throw new FormulaSyntaxError(`Unknown error value at ${rest}.`);
      // Excel writes a reference into a deleted sheet as #REF!A1: one error value.
      const local =
        error.code === "#REF!" ? LOCAL_REFERENCE.exec(text.slice(i + m[0].length)) : null;
      const length = m[0].length + (local ? local[0].length : 0);
      tokens.push({ kind: "error", value: error, start: at(i), end: at(i + length) });
      i += length;
      continue;
    }
    if (ch === "[") {
      // A structured reference without a table name ("[Total]", "[@Total]"): it means the table
      // the formula sits in, as in the formulas of a table's total row.
      const close = matchingBracket(text, i);
      const spec = parseStructuredSpec(text.slice(i + 1, close));
      tokens.push({ kind: "structured", table: "", spec, start: at(i), end: at(close + 1) });
      i = close + 1;
      continue;
    }
    const reference = readReference(text, i);
    if (reference) {
      tokens.push({ ...reference.token, start: at(i), end: at(reference.end) });
      i = reference.end;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    if (number) {
      tokens.push({
        kind: "number",
        value: Number(number[0]),
        start: at(i),
        end: at(i + number[0].length),
      });
      i += number[0].length;
      continue;
    }
    const identifier = IDENTIFIER.exec(rest);
    if (identifier) {
      const name = identifier[0];
      const end = i + name.length;
      if (text[end] === "[") {
        const close = matchingBracket(text, end);
        const spec = parseStructuredSpec(text.slice(end + 1, close));
        tokens.push({ kind: "structured", table: name, spec, start: at(i), end: at(close + 1) });
        i = close + 1;
      } else if (text[end] === "(") {
        tokens.push({ kind: "function", name, start: at(i), end: at(end) });
        i = end;
      } else {
        tokens.push({ kind: "name", name, start: at(i), end: at(end) });
        i = end;
      }
      continue;
    }
    const operator = OPERATORS.find((op) => rest.startsWith(op));
    if (operator) {
      tokens.push({ kind: "operator", text: operator, start: at(i), end: at(i + operator.length) });
      i += operator.length;
      continue;
    }
    throw new FormulaSyntaxError(`Unexpected "${ch}" in formula.`);
  }
  return tokens;
}

/** Reads "A1", "$A$1:B2", "C:C", "3:4", "Sheet1!A1" or "'My sheet'!A1:B2" at position i. */
function readReference(
  text: string,
  i: number,
):
  | { token: Omit<Extract<ReferenceToken, { kind: "reference" }>, "start" | "end">; end: number }
  | undefined {
  let sheet: string | undefined;
  let j = i;
  if (text[i] === "'") {
    let name = "";
    j = i + 1;
    while (j < text.length) {
      if (text[j] === "'") {
        if (text[j + 1] === "'") {
          name += "'";
          j += 2;
          continue;
        }
        break;
      }
      name += text[j];
      j++;
    }
    if (text[j] !== "'" || text[j + 1] !== "!") return undefined;
    sheet = name;
    j += 2;
  } else {
    const identifier = IDENTIFIER.exec(text.slice(i));
    if (identifier && text[i + identifier[0].length] === "!") {
      sheet = identifier[0];
      j = i + identifier[0].length + 1;
    }
  }
  const local = LOCAL_REFERENCE.exec(text.slice(j));
  if (!local) {
    if (sheet !== undefined) throw new FormulaSyntaxError(`A reference to ${sheet} is incomplete.`);
    return undefined;
  }
  const end = j + local[0].length;
  if (CONTINUES_NAME.test(text[end] ?? "")) {
    if (sheet !== undefined) throw new FormulaSyntaxError(`Bad reference after ${sheet}!.`);
    return undefined;
  }
  const area = parseLocalAddress(local[0].replace(/\$/g, ""));
  if (!area) throw new FormulaSyntaxError(`${local[0]} is outside the sheet.`);
  const token = { kind: "reference" as const, area, text: local[0] };
  return { token: sheet === undefined ? token : { ...token, sheet }, end };
}

/** Index of the bracket closing the one at `open` (apostrophes escape inside table references). */
export function matchingBracket(text: string, open: number): number {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    const ch = text[j];
    if (ch === "'") {
      j++;
      continue;
    }
    if (ch === "[") depth++;
    if (ch === "]") {
      depth--;
      if (depth === 0) return j;
    }
  }
  throw new FormulaSyntaxError("A table reference is not closed.");
}
