// The state of incremental runs (`--since-last STATE_FILE`): for each list, the newest record the
// last complete run exported, like a bookmark. The API has no filter, but lists come newest
// first, so the next run reads down to that record and stops. The file is replaced (written
// beside it, then renamed) only after a complete run, so a failed run leaves the last good one.
import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import type { CollectionId } from "../domain/collections";
import { UsageError } from "./exportArgs";
import type { Bookmark } from "./exportWalk";

export type ExportState = Partial<Record<CollectionId, Bookmark>>;

function isBookmark(value: unknown): value is Bookmark {
  const record = value as Record<string, unknown> | null;
  return (
    typeof record === "object" &&
    record !== null &&
    typeof record["id"] === "string" &&
    typeof record["created_at"] === "string"
  );
}

/** The state of the last run; empty when the file does not exist yet (the first run). */
export async function readState(path: string): Promise<ExportState> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return {};
    throw new UsageError(`The state file ${path} cannot be read.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const lists = (parsed as { lists?: unknown } | null)?.lists;
  if (typeof lists !== "object" || lists === null) {
    throw new UsageError(
      `The state file ${path} is not one this command wrote; run with --full to start it anew.`,
    );
  }
  const state: ExportState = {};
  for (const [list, bookmark] of Object.entries(lists)) {
    if (isBookmark(bookmark)) state[list as CollectionId] = bookmark;
  }
  return state;
}

/** Replaces the state file with `state`, atomically. */
export async function writeState(path: string, state: ExportState): Promise<void> {
  const temporary = `${path}.partial-${randomBytes(8).toString("hex")}`;
  try {
    await writeFile(temporary, `${JSON.stringify({ lists: state }, null, 2)}\n`, {
      flag: "wx",
      mode: 0o600,
    });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
