// The panel shape rule on small fake layouts: a panel in the common shape passes, and each way
// out of it is found, and only that.
import { isPanelShapeFile, panelShapeViolations, PANEL_FILES } from "./panelShape";
import type { SourceFile } from "./sourceRules";

const MACHINE =
  "export const INITIAL = {};\nexport function reduce(state, event) { return { state, effects: [] }; }\n";

function panel(name: string, texts: Partial<Record<string, string>> = {}): SourceFile[] {
  return PANEL_FILES.map((file) => ({
    path: `taskpane/${name}/${file}`,
    text: texts[file] ?? (file === "machine.ts" ? MACHINE : ""),
  }));
}

describe("panelShapeViolations()", () => {
  it("passes panels in the shape, with sections beside them, the shared folder and the page", () => {
    const files = [
      ...panel("import"),
      { path: "taskpane/import/importRun.ts", text: "export class ImportRun {}" },
      { path: "taskpane/shared/messageArea.ts", text: "document.body;" },
      { path: "taskpane/taskpane.ts", text: "document.body;" },
      { path: "excel/run.ts", text: "" },
    ];
    expect(panelShapeViolations(files)).toEqual([]);
  });

  it("finds a panel without one of the five files", () => {
    const files = panel("journal").filter((file) => !file.path.endsWith("/elements.ts"));
    expect(panelShapeViolations(files)).toEqual(["taskpane/journal: no elements.ts"]);
  });

  it("finds a folder of the old kind: files that are no panel's shape", () => {
    const files = [
      { path: "taskpane/tables/tablesMachine.ts", text: MACHINE },
      { path: "taskpane/tables/tablesView.ts", text: "" },
    ];
    expect(panelShapeViolations(files)).toEqual(
      PANEL_FILES.map((file) => `taskpane/tables: no ${file}`),
    );
  });

  it("finds a machine in another dialect, without reduce and INITIAL", () => {
    const files = panel("tables", {
      "machine.ts": "export const initialTablesState = {};\nexport function tablesReducer() {}\n",
    });
    expect(panelShapeViolations(files)).toEqual([
      "taskpane/tables/machine.ts: does not export reduce",
      "taskpane/tables/machine.ts: does not export INITIAL",
    ]);
  });

  it("accepts reduce and INITIAL exported by name", () => {
    const files = panel("refresh", {
      "machine.ts": "const INITIAL = 1;\nfunction reduce() {}\nexport { INITIAL, reduce };\n",
    });
    expect(panelShapeViolations(files)).toEqual([]);
  });

  it("finds a view that touches the DOM, by value or by type, in view.ts or a …View.ts", () => {
    const files = [
      ...panel("journal", {
        "view.ts": "export function draw(root: Document) {\n  window.alert(root.title);\n}\n",
      }),
      {
        path: "taskpane/journal/reportView.ts",
        text: "const button = document.createElement('button') as HTMLButtonElement;\n",
      },
    ];
    expect(panelShapeViolations(files)).toEqual([
      "taskpane/journal/view.ts: a view touches the DOM: Document (line 1)",
      "taskpane/journal/view.ts: a view touches the DOM: window (line 2)",
      "taskpane/journal/reportView.ts: a view touches the DOM: document (line 1)",
      "taskpane/journal/reportView.ts: a view touches the DOM: HTMLButtonElement (line 1)",
    ]);
  });

  it("lets a view name a property document (state.document is not the page's)", () => {
    const files = panel("connection", { "view.ts": "export const f = (s) => s.document;\n" });
    expect(panelShapeViolations(files)).toEqual([]);
  });

  it("finds a folder inside a panel", () => {
    const files = [...panel("formulas"), { path: "taskpane/formulas/list/rows.ts", text: "" }];
    expect(panelShapeViolations(files)).toEqual([
      "taskpane/formulas/list/rows.ts: a panel holds files, not folders",
    ]);
  });
});

describe("isPanelShapeFile()", () => {
  it("is true only for the five names directly in a panel folder", () => {
    expect(isPanelShapeFile("taskpane/import/view.ts")).toBe(true);
    expect(isPanelShapeFile("taskpane/shared/view.ts")).toBe(false);
    expect(isPanelShapeFile("taskpane/view.ts")).toBe(false);
    expect(isPanelShapeFile("journal/text.ts")).toBe(false);
    expect(isPanelShapeFile("taskpane/import/importRun.ts")).toBe(false);
  });
});
