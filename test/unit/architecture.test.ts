// The structure of src/ (and the size of tools/ files) as rules: no cycle between folders, no folder importing a higher layer
// (layers.json), no file over 500 lines and no function over 120, every task pane panel in the
// common shape, Excel's payload budgets derived from its one limit everywhere, and no test leaning
// on bench/. The checks themselves are tested on small fixtures in
// test/unit/architecture/sourceRules.test.ts, panelShape.test.ts and byteBudgets.test.ts.

import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { restatedBudgets } from "./architecture/byteBudgets";
import {
  folderCycles,
  folderImports,
  layerViolations,
  reachableFiles,
  sizeViolations,
  type SourceFile,
} from "./architecture/sourceRules";
import { isPanelShapeFile, PANEL_FILES, panelShapeViolations } from "./architecture/panelShape";

const ROOT = join(__dirname, "..", "..");
const SRC = join(ROOT, "src");

function sourceFiles(directory: string, root = SRC): SourceFile[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      return entry.name === "node_modules" ? [] : sourceFiles(path, root);
    }
    if (!/\.(ts|js)$/.test(entry.name) || entry.name.endsWith(".d.ts")) return [];
    return [{ path: relative(root, path).split(sep).join("/"), text: readFileSync(path, "utf8") }];
  });
}

function layerTable(): Map<string, number> {
  const { layers } = JSON.parse(readFileSync(join(ROOT, "layers.json"), "utf8")) as {
    layers: string[][];
  };
  const table = new Map<string, number>();
  layers.forEach((folders, index) => folders.forEach((folder) => table.set(folder, index + 1)));
  return table;
}

const files = sourceFiles(SRC);
const imports = folderImports(files);

describe("the structure of src/", () => {
  it("reads the source tree", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(imports.length).toBeGreaterThan(50);
  });

  it("has no cycle between folders", () => {
    expect(folderCycles(imports)).toEqual([]);
  });

  it("has every folder in a layer, importing only its own or lower layers", () => {
    const table = layerTable();
    const unplaced = [...new Set(files.map((file) => file.path.split("/")[0] ?? ""))].filter(
      (folder) => !table.has(folder),
    );
    expect(unplaced).toEqual([]);
    expect(layerViolations(imports, table)).toEqual([]);
  });

  it("keeps src/domain a leaf that imports nothing from the other folders", () => {
    expect(imports.filter((crossing) => crossing.from === "domain")).toEqual([]);
  });

  it("lets the command line reach no Excel adapter, so it builds without Office's typings", () => {
    const reached = reachableFiles(files, "cli").filter((path) => path.startsWith("excel/"));
    expect(reached).toEqual([]);
  });

  it("gives no two files one name across folders (a folder's index.ts and the panel shape aside)", () => {
    const byName = new Map<string, string[]>();
    for (const { path } of files) {
      const name = path.slice(path.lastIndexOf("/") + 1);
      if (name !== "index.ts" && !isPanelShapeFile(path)) {
        byName.set(name, [...(byName.get(name) ?? []), path]);
      }
    }
    expect([...byName.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it("keeps the panel shape's names for the panels: no other file is called machine.ts, view.ts, …", () => {
    const shapeNames = new Set<string>(PANEL_FILES);
    const elsewhere = files
      .map(({ path }) => path)
      .filter((path) => shapeNames.has(path.slice(path.lastIndexOf("/") + 1)))
      .filter((path) => !isPanelShapeFile(path));
    expect(elsewhere).toEqual([]);
  });

  it("has every task pane panel in the common shape (src/taskpane/shared aside)", () => {
    expect(panelShapeViolations(files)).toEqual([]);
  });

  it("has no file over 500 lines and no function over 120", () => {
    const limits = { fileLines: 500, functionLines: 120 };
    expect(files.flatMap((file) => sizeViolations(file, limits))).toEqual([]);
  });
});

describe("the structure of tools/", () => {
  it("has no file over 500 lines", () => {
    const tools = join(ROOT, "tools");
    const long = sourceFiles(tools, tools)
      .map(({ path, text }) => ({ path, lines: text.split("\n").length - 1 }))
      .filter(({ lines }) => lines > 500);
    expect(long).toEqual([]);
  });
});

describe("the tests", () => {
  // The benchmark is measured, not tested: a test needing its code takes it from a test helper or
  // tools/, which the benchmark imports too.
  it("import nothing from bench/", () => {
    const tests = sourceFiles(join(ROOT, "test"), ROOT);
    expect(tests.length).toBeGreaterThan(100);
    const fromBench = folderImports(tests)
      .filter((crossing) => crossing.to === "bench")
      .map(({ file, specifier }) => `${file}: ${specifier}`);
    expect(fromBench).toEqual([]);
  });
});

describe("Excel's payload limit", () => {
  it("has every byte budget in src/, tools/, test/ and bench/ derived from src/domain/excelLimits.ts", () => {
    const home = "src/domain/excelLimits.ts";
    const restated = ["src", "tools", "test", "bench"]
      .flatMap((folder) => sourceFiles(join(ROOT, folder), ROOT))
      .filter((file) => file.path !== home)
      .flatMap((file) => restatedBudgets(file));
    expect(restated).toEqual([]);
  });
});
