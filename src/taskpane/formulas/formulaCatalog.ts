// The LEDGER functions as the Formulas tab lists them, read from functions.json: the metadata
// the build generates from the functions' JSDoc and Excel itself reads, so the tab never drifts
// from what Excel offers. Each gets an example formula made of its required arguments' own
// examples ("for example …" in their descriptions) and the project's name. Pure: no DOM.

/** The functions' namespace, as the manifest declares it (Functions.Namespace). */
export const FUNCTIONS_NAMESPACE = "LEDGER";

/** The parameter that names the project, which the example fills in. */
const PROJECT_PARAMETER = "project";

export interface CatalogParameter {
  readonly name: string;
  readonly description: string;
  readonly optional: boolean;
  /** The example in its description, as formula text (`"invoices"`, `C2:C20`), if any. */
  readonly example?: string;
}

export interface CatalogFunction {
  /** As typed in a cell: `LEDGER.LIST`. */
  readonly name: string;
  readonly description: string;
  readonly parameters: readonly CatalogParameter[];
}

/**
 * The first "for example X" of a description: a quoted text (kept with its quotes, as a formula
 * has it), or a number or a range (up to a space, comma, semicolon or closing full stop).
 */
export function exampleIn(description: string): string | undefined {
  const found = /for example ("[^"]*"|[^\s,;]+)/.exec(description);
  if (found?.[1] === undefined) return undefined;
  const text = found[1];
  return text.startsWith('"') ? text : text.replace(/\.+$/, "");
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function parameterOf(value: unknown): CatalogParameter | undefined {
  const fields = record(value);
  const name = text(fields?.["name"]);
  if (fields === undefined || name === "") return undefined;
  const description = text(fields["description"]);
  const example = exampleIn(description);
  return {
    name,
    description,
    optional: fields["optional"] === true,
    ...(example === undefined ? {} : { example }),
  };
}

/** The functions of a parsed functions.json, in its order; throws when it is not one. */
export function catalogOf(metadata: unknown): readonly CatalogFunction[] {
  const functions = record(metadata)?.["functions"];
  if (!Array.isArray(functions)) throw new Error("functions.json lists no functions.");
  return functions.flatMap((value: unknown): CatalogFunction[] => {
    const fields = record(value);
    const name = text(fields?.["name"]);
    if (fields === undefined || name === "") return [];
    const parameters = Array.isArray(fields["parameters"]) ? fields["parameters"] : [];
    return [
      {
        name: `${FUNCTIONS_NAMESPACE}.${name}`,
        description: text(fields["description"]),
        parameters: parameters.flatMap((parameter: unknown) => parameterOf(parameter) ?? []),
      },
    ];
  });
}

/** A text as a formula's string literal: quoted, with its quotes doubled. */
export function formulaText(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/**
 * The example formula: each required argument's example and, when a project is given (a workbook
 * with two or more), its name, with the optional arguments before it given their own examples,
 * as an argument left empty (`LIST("invoices", , "Acme")`) reads as a mistake. Optional
 * arguments after the last one written are left out. Throws when a parameter the example needs
 * has no example, a gap in the JSDoc that a test catches.
 */
export function exampleFormula(entry: CatalogFunction, project?: string): string {
  const named = project !== undefined && project !== "";
  const projectAt = entry.parameters.findIndex((p) => p.name === PROJECT_PARAMETER);
  const lastRequired = entry.parameters.reduce((last, p, i) => (p.optional ? last : i), -1);
  const last = named && projectAt >= 0 ? projectAt : lastRequired;
  const values = entry.parameters.slice(0, last + 1).map((parameter): string => {
    if (parameter.name === PROJECT_PARAMETER) return formulaText(project ?? "");
    if (parameter.example === undefined) {
      throw new Error(`${entry.name}: the ${parameter.name} parameter has no example.`);
    }
    return parameter.example;
  });
  return `=${entry.name}(${values.join(", ")})`;
}
