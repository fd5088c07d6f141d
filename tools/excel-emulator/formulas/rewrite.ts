// Rewrites the references inside formula text, as Excel does when a table or sheet is renamed or
// deleted, a table column is renamed, or cells shift: only the affected references change.
import { columnLetters, formatArea, quoteSheetName } from "../addresses";
import type { Area } from "../addresses";
import { FormulaSyntaxError } from "./syntaxError";
import { tokenize } from "./tokens";
import type { ReferenceToken, Token } from "./tokens";

/** A token that can name cells: an A1 reference, a structured reference or a bare name. */
export type RewritableToken = ReferenceToken | Extract<Token, { kind: "name" }>;

/** Returns replacement text for a reference, or undefined to keep it. */
export type ReferenceRewrite = (reference: RewritableToken) => string | undefined;

/** The formula with rewritten references; the same string when nothing changed. */
export function rewriteFormula(formula: string, rewrite: ReferenceRewrite): string {
  let tokens;
  try {
    tokens = tokenize(formula.slice(1), 1);
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return formula;
    throw error;
  }
  let result = formula;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i];
    if (!token) continue;
    if (token.kind !== "reference" && token.kind !== "structured" && token.kind !== "name")
      continue;
    const replacement = rewrite(token);
    if (replacement !== undefined) {
      result = result.slice(0, token.start) + replacement + result.slice(token.end);
    }
  }
  return result;
}

/** The text of a reference to `area`, keeping the $ markers the original text had. */
export function referenceText(
  original: Extract<ReferenceToken, { kind: "reference" }>,
  area: Area,
  sheetName?: string,
): string {
  const prefix = sheetName === undefined ? "" : `${quoteSheetName(sheetName)}!`;
  const parts = original.text.split(":");
  const absolute = parts.map((part) => ({
    column: part.startsWith("$"),
    row: /[A-Za-z]\$|^\$\d/.test(part),
  }));
  const first = absolute[0] ?? { column: false, row: false };
  const last = absolute[1] ?? first;
  const isColumns = /^\$?[A-Za-z]+:\$?[A-Za-z]+$/.test(original.text);
  const isRows = /^\$?\d+:\$?\d+$/.test(original.text);
  const col = (index: number, abs: boolean) => `${abs ? "$" : ""}${columnLetters(index)}`;
  const row = (index: number, abs: boolean) => `${abs ? "$" : ""}${index + 1}`;
  const lastRowIndex = area.row + area.rowCount - 1;
  const lastColumnIndex = area.column + area.columnCount - 1;
  if (isColumns) {
    return `${prefix}${col(area.column, first.column)}:${col(lastColumnIndex, last.column)}`;
  }
  if (isRows) return `${prefix}${row(area.row, first.column)}:${row(lastRowIndex, last.column)}`;
  const start = `${col(area.column, first.column)}${row(area.row, first.row)}`;
  if (parts.length === 1 && area.rowCount === 1 && area.columnCount === 1) return prefix + start;
  const end = `${col(lastColumnIndex, last.column)}${row(lastRowIndex, last.row)}`;
  return `${prefix}${start}:${end}`;
}

/** An absolute A1 reference, as Excel writes a converted table reference. */
export function absoluteReference(area: Area, sheetName?: string): string {
  const prefix = sheetName === undefined ? "" : `${quoteSheetName(sheetName)}!`;
  return prefix + formatArea(area, true);
}
