// Defined names of the workbook (Formulas > Name Manager): a name for a formula such as
// =Sheet1!$A$1:$B$9 or =0.07, with Excel's rules: the same spelling rules as table names, and one
// namespace shared with tables, compared ignoring case.
import { CellError } from "./cellValues";
import { officeError } from "./errors";
import { Evaluator } from "./formulas/evaluate";
import { parseFormula } from "./formulas/parser";
import { absoluteReference } from "./formulas/rewrite";
import { FormulaSyntaxError } from "./formulas/syntaxError";
import type { Area } from "./addresses";
import { tableNameProblem } from "./tables";
import type { SheetModel } from "./sheet";
import type { FakeWorkbook } from "./workbook";

/** The cells a name refers to. */
export interface RangeTarget {
  readonly sheet: SheetModel;
  readonly area: Area;
}

export interface DefinedNameModel {
  readonly name: string;
  /** Starts with "=". */
  formula: string;
  comment: string;
  visible: boolean;
  deleted: boolean;
}

/** Excel.NamedItemType's values the fake reports ("Integer" and "Array" never). */
export type NamedItemTypeName = "String" | "Double" | "Boolean" | "Range" | "Error";

/** A reference as a name's formula: "=Sheet1!$A$1:$B$2" (the sheet always named). */
export function referenceFormula(target: RangeTarget): string {
  return `=${absoluteReference(target.area, target.sheet.name)}`;
}

/** A formula for a name: "=..." as given, other text with "=" put first; refused unparsable. */
export function nameFormula(reference: unknown, errorLocation: string): string {
  if (typeof reference !== "string" || reference.trim() === "") {
    throw officeError("InvalidArgument", "A name refers to a range or a formula.", errorLocation);
  }
  const formula = reference.startsWith("=") ? reference : `=${reference}`;
  try {
    parseFormula(formula);
  } catch (error) {
    if (!(error instanceof FormulaSyntaxError)) throw error;
    throw officeError("InvalidArgument", `"${reference}" is not a valid formula.`, errorLocation);
  }
  return formula;
}

/**
 * The formula a name keeps. With {@link FakeWorkbook.structuredNamesAsAddresses}, one with a
 * structured reference that refers to a range is kept as that range's A1 address, as users
 * report from Version 1904 (office-js#740: `=Table1[[#Headers],[Col]]` read back as
 * `=Sheet1!$A$1`); Excel then moves it with the cells, not with the table.
 */
export function keptNameFormula(wb: FakeWorkbook, formula: string): string {
  if (!wb.structuredNamesAsAddresses || !formula.includes("[")) return formula;
  const result = new Evaluator(wb, wb.activeSheet).evaluate(parseFormula(formula));
  if (result === null || typeof result !== "object" || result instanceof CellError) return formula;
  return `=${absoluteReference(result.area, result.sheet.name)}`;
}

/**
 * Adds a workbook-scoped name. Refuses an invalid name (InvalidArgument) and one that a name or
 * a table already uses, ignoring case (ItemAlreadyExists, Excel's "A resource with the same name
 * or identifier already exists").
 */
export function addDefinedName(
  wb: FakeWorkbook,
  name: unknown,
  formula: string,
  comment: unknown,
  errorLocation = "NamedItemCollection.add",
): DefinedNameModel {
  const problem = tableNameProblem(name, "name");
  if (problem) throw officeError("InvalidArgument", problem, errorLocation);
  const text = name as string;
  const user = wb.nameUser(text);
  if (user) {
    throw officeError(
      "ItemAlreadyExists",
      `"${text}" is already the name of ${user === "table" ? "a table" : "a defined name"}.`,
      errorLocation,
    );
  }
  const defined: DefinedNameModel = {
    name: text,
    formula: keptNameFormula(wb, formula),
    comment: typeof comment === "string" ? comment : "",
    visible: true,
    deleted: false,
  };
  wb.names.push(defined);
  wb.dirty = true;
  return defined;
}

export function deleteDefinedName(wb: FakeWorkbook, defined: DefinedNameModel): void {
  const index = wb.names.indexOf(defined);
  if (index >= 0) wb.names.splice(index, 1);
  defined.deleted = true;
  wb.dirty = true;
}

/** What a name's formula computes now: the range it refers to, or a value. */
export function evaluateName(
  wb: FakeWorkbook,
  defined: DefinedNameModel,
): { type: NamedItemTypeName; value: string | number | boolean; range?: RangeTarget } {
  const result = new Evaluator(wb, wb.activeSheet).evaluate(parseFormula(defined.formula));
  if (result instanceof CellError) return { type: "Error", value: result.code };
  if (result !== null && typeof result === "object") {
    const sheet = wb.sheetNamed(result.sheet.name);
    const value = absoluteReference(result.area, result.sheet.name);
    return sheet
      ? { type: "Range", value, range: { sheet, area: result.area } }
      : { type: "Error", value: "#REF!" };
  }
  if (typeof result === "number") return { type: "Double", value: result };
  if (typeof result === "boolean") return { type: "Boolean", value: result };
  return result === null ? { type: "Double", value: 0 } : { type: "String", value: result };
}
