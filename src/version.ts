// The add-in's version, injected by webpack's DefinePlugin from package.json at build time.
declare const __ADDIN_VERSION__: string | undefined;

/** "0.1.0" in a built add-in; "development" where the code runs unbundled (tests). */
export const ADDIN_VERSION: string =
  typeof __ADDIN_VERSION__ === "string" ? __ADDIN_VERSION__ : "development";
