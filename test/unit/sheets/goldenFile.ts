// Golden files of shaped rows: written once with UPDATE_GOLDEN=1, reviewed, then compared.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GOLDEN = join(__dirname, "golden");

/** The golden file's text; with UPDATE_GOLDEN=1 it is (re)written from `actual` first. */
export function golden(name: string, actual: string): string {
  const path = join(GOLDEN, name);
  if (process.env["UPDATE_GOLDEN"] === "1") {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, actual.endsWith("\n") ? actual : `${actual}\n`);
  }
  if (!existsSync(path)) {
    throw new Error(`golden file ${name} is missing: run with UPDATE_GOLDEN=1 and review it`);
  }
  return readFileSync(path, "utf8").replace(/\n$/, "");
}
