/** Jest runs the TypeScript sources directly; `npm run typecheck` does the type checking. */
const tsJest = [
  "ts-jest",
  { tsconfig: { module: "CommonJS", moduleResolution: "node10", isolatedModules: true } },
];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: "core",
      testEnvironment: "node",
      roots: ["<rootDir>/test"],
      testMatch: ["<rootDir>/test/{unit,integration,manifest}/**/*.test.ts"],
      transform: { "^.+\\.ts$": tsJest },
    },
    {
      // The built task pane in headless Chromium; the build runs once, before these tests.
      displayName: "browser",
      testEnvironment: "node",
      roots: ["<rootDir>/test"],
      testMatch: ["<rootDir>/test/browser/**/*.test.ts"],
      transform: { "^.+\\.ts$": tsJest },
      globalSetup: "<rootDir>/test/browser/globalSetup.ts",
    },
  ],
  testTimeout: 20000,
};
