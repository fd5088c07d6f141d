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
      testMatch: ["<rootDir>/test/{unit,integration,manifest,tools}/**/*.test.ts"],
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
  // Jest's default on a 2-core machine is one worker, which leaves a core idle while a test waits
  // on the sandbox, the browser or office.js; two workers halve the suite's time there.
  maxWorkers: 2,
};
