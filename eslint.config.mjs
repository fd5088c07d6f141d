// Lint rules: typescript-eslint's recommended set, Microsoft's Office add-in rules for the code that
// touches Office.js, a fence that keeps the pure core free of Office, the DOM and Node, and one that
// keeps what ships (src/) from importing the tools (tools/), the layers of src/ (layers.json: a
// folder imports only from its own or lower layers), and type-aware rules for promises and switches.
import { readFileSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import officeAddins from "eslint-plugin-office-addins";
import prettier from "eslint-config-prettier";
import globals from "globals";

const OFFICE_GLOBALS = ["Office", "Excel", "OfficeRuntime", "CustomFunctions"];
const DOM_GLOBALS = ["document", "window", "localStorage", "sessionStorage", "navigator"];
// src/ is exactly what ships; tools/ (emulator, sandbox, preview, dev scripts) may import from src/,
// never the other way round, not even for types. tsconfig.addin.json checks the same at type level.
const NO_TOOLS = {
  regex: "^(\\.\\./)+tools(/|$)",
  message: "src/ ships in the add-in; it must not import from tools/ (not even types).",
};

// The layers of src/, lowest first; test/unit/architecture.test.ts checks the same, and cycles.
const LAYERS = JSON.parse(readFileSync(new URL("./layers.json", import.meta.url), "utf8")).layers;
const moduleName = (folder) => folder.replace(/\.ts$/, "");
const escaped = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// The pure core runs in the browser, in the custom functions runtime and in Node.
const PURE_CORE = [
  "domain",
  "util",
  "api",
  "money",
  "sheets",
  "journal",
  "export",
  "import",
  "journalEditor",
  "formulas",
];
const NO_NODE = { group: ["node:*"], message: "The core must also run in the browser." };

/** One config a folder: the imports its layer may not make, with the fences above. */
function layerFence(folder, layer) {
  const higher = LAYERS.slice(layer + 1)
    .flat()
    .map(moduleName);
  const patterns = [NO_TOOLS];
  if (PURE_CORE.includes(folder)) patterns.push(NO_NODE);
  if (folder === "domain") {
    patterns.push({
      regex: "^\\.\\./",
      message: "src/domain is the leaf of src/: it imports nothing from the other folders.",
    });
  } else if (higher.length > 0) {
    patterns.push({
      regex: `^\\.\\./(${higher.map(escaped).join("|")})(/|$)`,
      message: `${folder} is in layer ${layer + 1} of layers.json; it may not import a higher layer.`,
    });
  }
  const files = folder.endsWith(".ts") ? [`src/${folder}`] : [`src/${folder}/**/*.ts`];
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

export default tseslint.config(
  { ignores: ["dist/", "dist-preview/", "build/", "coverage/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-explicit-any": "error",
      eqeqeq: ["error", "smart"],
    },
  },
  {
    files: ["src/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_TOOLS] }] },
  },
  {
    files: ["src/taskpane/**/*.ts", "src/functions/**/*.ts", "src/excel/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "office-addins": officeAddins },
    rules: {
      "office-addins/call-sync-after-load": "error",
      "office-addins/call-sync-before-read": "error",
      "office-addins/load-object-before-read": "error",
      "office-addins/no-context-sync-in-loop": "error",
      "office-addins/no-empty-load": "error",
      "office-addins/no-navigational-load": "error",
      "office-addins/no-office-initialize": "error",
      "office-addins/test-for-null-using-isNullObject": "error",
    },
  },
  {
    // Runs in Internet Explorer 11 to say the pane cannot: ES5 only.
    files: ["src/taskpane/shared/oldWebView.js"],
    languageOptions: {
      ecmaVersion: 5,
      sourceType: "script",
      globals: { window: "readonly", document: "readonly" },
    },
  },
  {
    files: PURE_CORE.map((folder) => `src/${folder}/**/*.ts`),
    rules: {
      "no-restricted-globals": [
        "error",
        ...[...OFFICE_GLOBALS, ...DOM_GLOBALS].map((name) => ({
          name,
          message: "The core stays free of Office.js and the DOM; pass what it needs in.",
        })),
      ],
    },
  },
  ...LAYERS.flatMap((folders, layer) => folders.map((folder) => layerFence(folder, layer))),
  {
    // Type-aware: a promise nobody awaits loses its failure; a switch over a union must name
    // every member, so a new member is handled everywhere on purpose.
    files: ["src/**/*.ts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // The Excel emulator and the preview page run in the browser (the preview's fake office.js)
    // as well as under jest in Node, so they stay free of Node's modules.
    files: ["tools/excel-emulator/**/*.ts", "tools/preview/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["node:*"], message: "The emulator also runs in the browser." }] },
      ],
    },
  },
  {
    // Microsoft's client in Node (tests, benchmarks): the one emulator file that loads it from disk.
    files: ["tools/excel-emulator/officeJs/nodeClient.ts"],
    languageOptions: { globals: { ...globals.node } },
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["tools/sandbox/**/*.ts", "tools/dev/**/*.ts", "test/**/*.ts", "bench/**/*.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
);
