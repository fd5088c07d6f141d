// R1C1 notation (Range.formulasR1C1): a formula's A1 references written relative to its own cell
// ("R[-1]C", "RC[2]") or absolute ("R2C3"), so one text stands for the same formula in every row
// of a column. Only references change; text, names and structured references stay as they are.
import { MAX_COLUMNS, MAX_ROWS, columnIndex, columnLetters, quoteSheetName } from "../addresses";
import { rewriteFormula } from "./rewrite";
import { FormulaSyntaxError } from "./syntaxError";
import { matchingBracket } from "./tokens";

/** A formula cell's position (0-based). */
export interface CellPosition {
  readonly row: number;
  readonly column: number;
}

/** One end of an A1 reference: a cell, a whole column or a whole row, with its $ markers. */
interface A1Part {
  readonly row?: { index: number; absolute: boolean };
  readonly column?: { index: number; absolute: boolean };
}

function parseA1Part(text: string): A1Part {
  const m = /^(\$?)([A-Za-z]*)(\$?)(\d*)$/.exec(text);
  if (!m) throw new FormulaSyntaxError(`Bad reference ${text}.`);
  const [, colAbs = "", letters = "", rowAbs = "", digits = ""] = m;
  const column = letters === "" ? undefined : columnIndex(letters.toUpperCase());
  return {
    ...(column === undefined ? {} : { column: { index: column, absolute: colAbs === "$" } }),
    ...(digits === ""
      ? {}
      : {
          row: { index: Number(digits) - 1, absolute: (letters === "" ? colAbs : rowAbs) === "$" },
        }),
  };
}

function r1c1Axis(
  letter: "R" | "C",
  at: { index: number; absolute: boolean },
  here: number,
): string {
  if (at.absolute) return `${letter}${at.index + 1}`;
  const offset = at.index - here;
  return offset === 0 ? letter : `${letter}[${offset}]`;
}

function partToR1C1(part: A1Part, here: CellPosition): string {
  const row = part.row ? r1c1Axis("R", part.row, here.row) : "";
  const column = part.column ? r1c1Axis("C", part.column, here.column) : "";
  return row + column;
}

/** The formula in R1C1 notation, relative to the cell at `here`; a constant is returned as is. */
export function formulaToR1C1(formula: string, here: CellPosition): string {
  if (!formula.startsWith("=")) return formula;
  return rewriteFormula(formula, (token) => {
    if (token.kind !== "reference") return undefined;
    const prefix = token.sheet === undefined ? "" : `${quoteSheetName(token.sheet)}!`;
    const a1 = token.text.split(":").map(parseA1Part);
    const parts = a1.map((part) => partToR1C1(part, here));
    // Excel writes one whole row or column with one part: "C[1]" for C:C seen from B.
    const whole = a1[0] && (a1[0].row === undefined || a1[0].column === undefined);
    if (whole && parts.length === 2 && parts[0] === parts[1]) return prefix + (parts[0] ?? "");
    return prefix + parts.join(":");
  });
}

const AXIS = String.raw`(?:\[(-?\d+)\]|(\d+))?`;
const R1C1_PART = new RegExp(String.raw`^(?:R${AXIS}C${AXIS}|R${AXIS}|C${AXIS})`, "i");
const NAME_CHAR = /[A-Za-z0-9_.\\\u00C0-\uFFFF]/;

interface R1C1Axis {
  readonly absolute: boolean;
  readonly value: number;
}

interface R1C1Part {
  readonly row?: R1C1Axis;
  readonly column?: R1C1Axis;
  readonly length: number;
}

function axisOf(relative: string | undefined, absolute: string | undefined): R1C1Axis {
  if (absolute !== undefined) return { absolute: true, value: Number(absolute) - 1 };
  return { absolute: false, value: relative === undefined ? 0 : Number(relative) };
}

/**
 * An R1C1 reference part at the start of `text`, or undefined. The pattern's alternatives are
 * tried in order, so a match holding both letters is the cell form (groups 1-4), one starting
 * with R a whole row (5-6), and the rest a whole column (7-8).
 */
function readR1C1Part(text: string): R1C1Part | undefined {
  const m = R1C1_PART.exec(text);
  if (!m) return undefined;
  const upper = m[0].toUpperCase();
  const length = m[0].length;
  if (upper.startsWith("R") && upper.includes("C")) {
    return { row: axisOf(m[1], m[2]), column: axisOf(m[3], m[4]), length };
  }
  if (upper.startsWith("R")) return { row: axisOf(m[5], m[6]), length };
  return { column: axisOf(m[7], m[8]), length };
}

function a1Axis(axis: R1C1Axis, here: number, max: number): { index: number; absolute: boolean } {
  const index = axis.absolute ? axis.value : here + axis.value;
  if (index < 0 || index >= max)
    throw new FormulaSyntaxError("The reference is outside the sheet.");
  return { index, absolute: axis.absolute };
}

function partToA1(part: R1C1Part, here: CellPosition): string {
  const row = part.row && a1Axis(part.row, here.row, MAX_ROWS);
  const column = part.column && a1Axis(part.column, here.column, MAX_COLUMNS);
  const columnText = column ? `${column.absolute ? "$" : ""}${columnLetters(column.index)}` : "";
  const rowText = row ? `${row.absolute ? "$" : ""}${row.index + 1}` : "";
  return columnText + rowText;
}

/** A whole-row or whole-column part must pair with one of the same kind ("R1:R3", "C2:C4"). */
function sameKind(a: R1C1Part, b: R1C1Part): boolean {
  return (
    (a.row === undefined) === (b.row === undefined) &&
    (a.column === undefined) === (b.column === undefined)
  );
}

/**
 * The A1 formula an R1C1 formula stands for in the cell at `here`. Throws FormulaSyntaxError
 * for a reference off the sheet. Text that is not a formula is returned as is.
 */
export function formulaFromR1C1(formula: string, here: CellPosition): string {
  if (!formula.startsWith("=")) return formula;
  let out = "";
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i] ?? "";
    if (ch === '"') {
      let j = i + 1;
      while (j < formula.length && !(formula[j] === '"' && formula[j + 1] !== '"')) {
        j += formula[j] === '"' ? 2 : 1;
      }
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === "[") {
      const close = matchingBracket(formula, i);
      out += formula.slice(i, close + 1);
      i = close + 1;
      continue;
    }
    if (ch === "'") {
      const close = formula.indexOf("'!", i + 1);
      const end = close < 0 ? formula.length : close + 2;
      out += formula.slice(i, end);
      i = end;
      continue;
    }
    if (/[A-Za-z_\\]/.test(ch) && !NAME_CHAR.test(formula[i - 1] ?? "")) {
      const converted = convertAt(formula, i, here);
      if (converted) {
        out += converted.text;
        i = converted.end;
        continue;
      }
      const name = /^[A-Za-z_\\][A-Za-z0-9_.\\\u00C0-\uFFFF]*/.exec(formula.slice(i))?.[0] ?? ch;
      out += name;
      i += name.length;
      if (formula[i] === "[") {
        const close = matchingBracket(formula, i);
        out += formula.slice(i, close + 1);
        i = close + 1;
      }
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/** An R1C1 reference (one part or a range of two) at `i`, converted; undefined if none is there. */
function convertAt(
  formula: string,
  i: number,
  here: CellPosition,
): { text: string; end: number } | undefined {
  const first = readR1C1Part(formula.slice(i));
  if (!first) return undefined;
  let end = i + first.length;
  let second: R1C1Part | undefined;
  if (formula[end] === ":") {
    second = readR1C1Part(formula.slice(end + 1));
    if (second && sameKind(first, second)) end += 1 + second.length;
    else second = undefined;
  }
  if (/[A-Za-z0-9_.(![\\]/.test(formula[end] ?? "")) return undefined;
  const single = first.row !== undefined && first.column !== undefined;
  if (!second && !single) second = first; // "R2" is row 2, "C3" column C: written 2:2, C:C
  const text = partToA1(first, here) + (second ? `:${partToA1(second, here)}` : "");
  return { text, end };
}
