// The task pane's panel shape as a rule over file texts: every folder under src/taskpane/ but the
// shared one is a panel with the same five files (its machine, its pure view, its elements, its
// wiring and its words), beside which a panel may keep files of one concept each (a section).
// These five names repeat across panels by design, so the rule that no two src/ files share a
// name leaves them out there, and only there.

import * as ts from "typescript";
import type { SourceFile } from "./sourceRules";

export const PANEL_FILES = ["machine.ts", "view.ts", "elements.ts", "panel.ts", "text.ts"] as const;
/** The folder of what the panels share (message area, tabs, session, …): not a panel. */
export const SHARED_FOLDER = "shared";
const PANE = "taskpane";

/** Names that mean the DOM: a view says what to show and never touches the page. */
const DOM_NAMES = new Set(["document", "window", "Document", "Window", "HTMLElement"]);
const DOM_NAME = /^HTML\w*Element$/;

/** The panel a path is in (`taskpane/import/panel.ts` -> `import`); undefined outside a panel. */
function panelOf(path: string): string | undefined {
  const parts = path.split("/");
  if (parts[0] !== PANE || parts.length < 3) return undefined;
  const folder = parts[1];
  return folder === SHARED_FOLDER ? undefined : folder;
}

/** A panel's shape file (`taskpane/<panel>/machine.ts`): the one place its name may repeat. */
export function isPanelShapeFile(path: string): boolean {
  const parts = path.split("/");
  return (
    parts.length === 3 &&
    panelOf(path) !== undefined &&
    (PANEL_FILES as readonly string[]).includes(parts[2] ?? "")
  );
}

function parse(file: SourceFile): ts.SourceFile {
  return ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function isExported(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/** The names a module exports by declaration or by `export { … }`. */
export function exportedNames(file: SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(file).statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && !statement.moduleSpecifier) {
      if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add(element.name.text);
      }
    } else if (isExported(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
        }
      } else if (
        (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
        statement.name
      ) {
        names.add(statement.name.text);
      }
    }
  }
  return names;
}

/** Each use of a DOM name in a file, as `name (line n)`; type positions count too. */
export function domUses(file: SourceFile): string[] {
  const source = parse(file);
  const uses: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && (DOM_NAMES.has(node.text) || DOM_NAME.test(node.text))) {
      const parent = node.parent;
      // A property named like one (`state.document`) is not the global.
      const member = ts.isPropertyAccessExpression(parent) && parent.name === node;
      if (!member) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        uses.push(`${node.text} (line ${line})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/**
 * What keeps the panels under `taskpane/` from the common shape: a missing shape file, a folder
 * inside a panel, a machine without `reduce` and `INITIAL`, a view (a panel's `view.ts`, or any
 * `…View.ts` beside it) that touches the DOM.
 */
export function panelShapeViolations(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  const panels = new Map<string, SourceFile[]>();
  for (const file of files) {
    const panel = panelOf(file.path);
    if (panel !== undefined) panels.set(panel, [...(panels.get(panel) ?? []), file]);
  }
  for (const [panel, panelFiles] of [...panels].sort(([a], [b]) => a.localeCompare(b))) {
    const where = `${PANE}/${panel}`;
    const byName = new Map<string, SourceFile>();
    for (const file of panelFiles) {
      const rest = file.path.slice(where.length + 1);
      if (rest.includes("/")) problems.push(`${file.path}: a panel holds files, not folders`);
      else byName.set(rest, file);
    }
    for (const name of PANEL_FILES) {
      if (!byName.has(name)) problems.push(`${where}: no ${name}`);
    }
    const machine = byName.get("machine.ts");
    if (machine !== undefined) {
      const exported = exportedNames(machine);
      for (const name of ["reduce", "INITIAL"]) {
        if (!exported.has(name)) problems.push(`${machine.path}: does not export ${name}`);
      }
    }
    for (const [name, file] of byName) {
      if (name !== "view.ts" && !name.endsWith("View.ts")) continue;
      for (const use of domUses(file))
        problems.push(`${file.path}: a view touches the DOM: ${use}`);
    }
  }
  return problems;
}
