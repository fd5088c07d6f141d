// The structural rules every file under src/ keeps, as pure functions over file texts so that the
// checks themselves can be tested on small fixtures: which folder imports which (no cycle between
// folders, no import from a higher layer) and how long files and functions are.

import * as ts from "typescript";

export interface SourceFile {
  /** Path relative to the source root, with forward slashes: `excel/run.ts`. */
  path: string;
  text: string;
}

/** One import of another folder: the file that makes it and what it names. */
export interface FolderImport {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

/** Marks a file written by a program; such files are exempt from the size limits. */
const GENERATED_MARKER = /^\s*(\/\/|\/\*|\*)\s*@generated\b/m;

function parse(file: SourceFile): ts.SourceFile {
  return ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/**
 * Every module a file refers to: `import`, `import type`, `export … from`, `import x = require()`,
 * `import("…")` and `require("…")`, however the statement is laid out over lines.
 */
export function moduleSpecifiers(file: SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && isImportOrRequire(node)) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) found.push(first.text);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
        found.push(argument.literal.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return found;
}

function isImportOrRequire(call: ts.CallExpression): boolean {
  if (call.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
  return ts.isIdentifier(call.expression) && call.expression.text === "require";
}

/** The folder a path under the source root belongs to; a file at the root is a folder of its own. */
export function folderOf(path: string): string {
  const slash = path.indexOf("/");
  return slash < 0 ? path : path.slice(0, slash);
}

/** Resolves a relative specifier against the importing file; undefined for packages. */
function resolveRelative(fromPath: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const parts = fromPath.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") {
      if (parts.length === 0) return undefined; // leaves the source root
      parts.pop();
    } else if (part !== ".") {
      parts.push(part);
    }
  }
  return parts.join("/");
}

/** The imports that cross from one folder to another. */
export function folderImports(files: readonly SourceFile[]): FolderImport[] {
  const crossings: FolderImport[] = [];
  for (const file of files) {
    const from = folderOf(file.path);
    for (const specifier of moduleSpecifiers(file)) {
      const target = resolveRelative(file.path, specifier);
      if (target === undefined || target === "") continue;
      const to = folderOf(target.includes("/") ? target : withExtension(target, files));
      if (to !== from) crossings.push({ from, to, file: file.path, specifier });
    }
  }
  return crossings;
}

/** A root-level module (`../version`) names its file, which is its folder. */
function withExtension(target: string, files: readonly SourceFile[]): string {
  const match = files.find((file) => file.path === target || file.path.startsWith(`${target}.`));
  return match?.path ?? target;
}

/** Each cycle between folders, as the folders on it (strongly connected groups of two or more). */
export function folderCycles(imports: readonly FolderImport[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)?.add(to);
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) connect(node);
  return cycles;
}

/**
 * Imports that reach a higher layer than their own folder's, and imports from or to a folder the
 * table does not place (a new folder must be given a layer).
 */
export function layerViolations(
  imports: readonly FolderImport[],
  layers: ReadonlyMap<string, number>,
): string[] {
  const problems: string[] = [];
  for (const crossing of imports) {
    const fromLayer = layers.get(crossing.from);
    const toLayer = layers.get(crossing.to);
    const where = `${crossing.file} imports "${crossing.specifier}"`;
    if (fromLayer === undefined) problems.push(`${where}: folder ${crossing.from} has no layer`);
    else if (toLayer === undefined) problems.push(`${where}: folder ${crossing.to} has no layer`);
    else if (toLayer > fromLayer) {
      problems.push(
        `${where}: ${crossing.from} (layer ${fromLayer}) may not import ${crossing.to} (layer ${toLayer})`,
      );
    }
  }
  return problems;
}

export interface SizeLimits {
  fileLines: number;
  functionLines: number;
}

/** Files over the line limit and functions (declarations, expressions, arrows, methods, accessors). */
export function sizeViolations(file: SourceFile, limits: SizeLimits): string[] {
  if (GENERATED_MARKER.test(file.text.slice(0, 2000))) return [];
  const problems: string[] = [];
  const source = parse(file);
  const fileLines = source.getLineStarts().length - (file.text.endsWith("\n") ? 1 : 0);
  if (fileLines > limits.fileLines) {
    problems.push(`${file.path}: ${fileLines} lines (limit ${limits.fileLines})`);
  }
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limits.functionLines) {
        problems.push(
          `${file.path}:${start + 1}: ${functionName(node)} is ${lines} lines (limit ${limits.functionLines})`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

function functionName(node: ts.SignatureDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return ts.isArrowFunction(node) ? "an arrow function" : "a function";
}

/** The files that files under `folder` reach by their relative imports, directly or not. */
export function reachableFiles(files: readonly SourceFile[], folder: string): string[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const lookup = (target: string): string | undefined =>
    [target, `${target}.ts`, `${target}/index.ts`].find((candidate) => byPath.has(candidate));
  const seen = new Set<string>();
  const pending = files.filter((file) => folderOf(file.path) === folder).map((file) => file.path);
  while (pending.length > 0) {
    const path = pending.pop();
    const file = path === undefined ? undefined : byPath.get(path);
    if (path === undefined || file === undefined || seen.has(path)) continue;
    seen.add(path);
    for (const specifier of moduleSpecifiers(file)) {
      const target = resolveRelative(path, specifier);
      const found = target === undefined ? undefined : lookup(target);
      if (found !== undefined) pending.push(found);
    }
  }
  return [...seen].sort();
}
