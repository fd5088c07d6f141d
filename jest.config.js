/** Jest runs the TypeScript sources directly; `npm run typecheck` does the type checking. */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": [
      "ts-jest",
      { tsconfig: { module: "CommonJS", moduleResolution: "node10", isolatedModules: true } },
    ],
  },
  testTimeout: 20000,
};
