// The architecture checks on small planted violations: each must find what it is for, and only
// that, so a clean src/ really means a clean src/.

import {
  folderCycles,
  folderImports,
  layerViolations,
  moduleSpecifiers,
  reachableFiles,
  sizeViolations,
  type SourceFile,
} from "./sourceRules";

const file = (path: string, text: string): SourceFile => ({ path, text });

describe("moduleSpecifiers()", () => {
  it("finds imports, type imports, re-exports, require and dynamic imports, over several lines", () => {
    const text = [
      'import { a } from "../a/one";',
      'import type { B } from "../b/two";',
      "import {",
      "  c,",
      "  d,",
      '} from "../c/three";',
      'export { e } from "../e/four";',
      'export * from "../f/five";',
      'import g = require("../g/six");',
      'const h = () => import("../h/seven");',
      'type I = import("../i/eight").I;',
      'import "../j/nine";',
    ].join("\n");
    expect(moduleSpecifiers(file("x/file.ts", text))).toEqual([
      "../a/one",
      "../b/two",
      "../c/three",
      "../e/four",
      "../f/five",
      "../g/six",
      "../h/seven",
      "../i/eight",
      "../j/nine",
    ]);
  });

  it("ignores module names in strings and comments", () => {
    const text = 'const s = "import x from \'../a/b\'";\n// import y from "../c/d";\n';
    expect(moduleSpecifiers(file("x/file.ts", text))).toEqual([]);
  });
});

describe("folderImports()", () => {
  it("keeps imports between folders, resolving root files and leaving packages out", () => {
    const files = [
      file(
        "a/one.ts",
        'import "./two";\nimport "../b/three";\nimport "decimal.js";\nimport "../version";',
      ),
      file("a/two.ts", ""),
      file("b/three.ts", 'import type { X } from "../a/sub/deep";'),
      file("a/sub/deep.ts", ""),
      file("version.ts", ""),
    ];
    expect(folderImports(files).map(({ from, to }) => `${from}->${to}`)).toEqual([
      "a->b",
      "a->version.ts",
      "b->a",
    ]);
  });
});

describe("reachableFiles()", () => {
  it("follows imports from a folder's files through other folders, index files included", () => {
    const files = [
      file("cli/main.ts", 'import "../import/shapers";'),
      file("import/shapers.ts", 'import type { T } from "../excel";'),
      file("excel/index.ts", 'export * from "./writer";'),
      file("excel/writer.ts", ""),
      file("excel/unused.ts", ""),
    ];
    expect(reachableFiles(files, "cli")).toEqual([
      "cli/main.ts",
      "excel/index.ts",
      "excel/writer.ts",
      "import/shapers.ts",
    ]);
  });
});

describe("folderCycles()", () => {
  it("finds a cycle through three folders, made by a type import", () => {
    const files = [
      file("a/x.ts", 'import { b } from "../b/x";'),
      file("b/x.ts", 'import { c } from "../c/x";'),
      file("c/x.ts", 'import type { A } from "../a/x";'),
      file("d/x.ts", 'import { a } from "../a/x";'),
    ];
    expect(folderCycles(folderImports(files))).toEqual([["a", "b", "c"]]);
  });

  it("finds none in a graph without one", () => {
    const files = [
      file("a/x.ts", 'import { b } from "../b/x";\nimport { c } from "../c/x";'),
      file("b/x.ts", 'import { c } from "../c/x";'),
      file("c/x.ts", ""),
    ];
    expect(folderCycles(folderImports(files))).toEqual([]);
  });
});

describe("layerViolations()", () => {
  const layers = new Map([
    ["low", 1],
    ["mid", 2],
    ["high", 3],
  ]);

  it("allows imports of the same or a lower layer", () => {
    const files = [
      file("high/x.ts", 'import "../mid/x";\nimport "../low/x";'),
      file("mid/x.ts", 'import "../low/x";'),
    ];
    expect(layerViolations(folderImports(files), layers)).toEqual([]);
  });

  it("refuses an import of a higher layer, even as a re-export", () => {
    const files = [file("low/x.ts", 'export { y } from "../mid/y";')];
    expect(layerViolations(folderImports(files), layers)).toEqual([
      'low/x.ts imports "../mid/y": low (layer 1) may not import mid (layer 2)',
    ]);
  });

  it("refuses a folder the table does not place", () => {
    const files = [file("stray/x.ts", 'import "../low/x";')];
    expect(layerViolations(folderImports(files), layers)).toEqual([
      'stray/x.ts imports "../low/x": folder stray has no layer',
    ]);
  });
});

describe("sizeViolations()", () => {
  const limits = { fileLines: 10, functionLines: 4 };
  const body = (lines: number): string => Array.from({ length: lines }, () => "  x();").join("\n");

  it("passes a short file of short functions", () => {
    const text = `function f() {\n${body(2)}\n}\n`;
    expect(sizeViolations(file("a/x.ts", text), limits)).toEqual([]);
  });

  it("counts a file's lines", () => {
    const text = Array.from({ length: 11 }, (_, i) => `const v${i} = ${i};`).join("\n") + "\n";
    expect(sizeViolations(file("a/x.ts", text), limits)).toEqual(["a/x.ts: 11 lines (limit 10)"]);
  });

  it("finds long declarations, arrows and methods, nested or not", () => {
    const text = [
      `function long() {\n${body(3)}\n}`,
      `const arrow = () => {\n${body(3)}\n};`,
      `class C {\n  method() {\n${body(3)}\n  }\n}`,
    ].join("\n");
    expect(sizeViolations(file("a/x.ts", text), { fileLines: 100, functionLines: 4 })).toEqual([
      "a/x.ts:1: long is 5 lines (limit 4)",
      "a/x.ts:6: arrow is 5 lines (limit 4)",
      "a/x.ts:12: method is 5 lines (limit 4)",
    ]);
  });

  it("leaves generated files alone", () => {
    const text = `// @generated by a tool\nfunction long() {\n${body(30)}\n}\n`;
    expect(sizeViolations(file("a/x.ts", text), limits)).toEqual([]);
  });
});
