// Golden files: written once with UPDATE_GOLDEN=1, reviewed, then compared.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The golden file's text; with UPDATE_GOLDEN=1 it is (re)written from `actual` first. */
export type Golden = (name: string, actual: string) => string;

/** Golden files kept in `folder` (a test folder's `golden`). */
export function goldenFilesIn(folder: string): Golden {
  return (name, actual) => {
    const path = join(folder, name);
    if (process.env["UPDATE_GOLDEN"] === "1") {
      mkdirSync(folder, { recursive: true });
      writeFileSync(path, actual.endsWith("\n") ? actual : `${actual}\n`);
    }
    if (!existsSync(path)) {
      throw new Error(`golden file ${name} is missing: run with UPDATE_GOLDEN=1 and review it`);
    }
    return readFileSync(path, "utf8").replace(/\n$/, "");
  };
}
