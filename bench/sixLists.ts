// The six cursor-paginated lists Refresh all refreshes in the bench, and their setup: a sandbox
// that holds them and the tables made from them, as the refresh row and its probes start.
import type { LedgerApi } from "../src/api";
import type { CollectionId } from "../src/domain/collections";
import type { ExcelRun } from "../src/excel/run";
import { importCollection } from "../src/import/importCollection";
import { CURSOR_COLLECTIONS } from "../tools/sandbox";
import { startSandboxProcess, type SandboxProcess } from "./sandboxProcess";

/** The six lists Refresh all refreshes in the bench: every cursor-paginated list the sandbox serves. */
export const SIX: readonly CollectionId[] = CURSOR_COLLECTIONS;

/** A sandbox in its own process with `records` of each of the six lists, kept once served. */
export function sixListsSandbox(records: number): Promise<SandboxProcess> {
  const lists = Object.fromEntries(SIX.map((id) => [id, records]));
  return startSandboxProcess({ invoices: records, records: lists, keepRecords: true });
}

/**
 * The tables to refresh, imported without latency (setup, not measured). It also fills the
 * sandbox's kept records (keepRecords), so the floors and the refresh meet the same server: one
 * that serializes records, as a database-backed service does, rather than generating them (some
 * 6 ms a page, which on one sandbox process would throttle six walks at once).
 */
export async function importSixTables(
  sandbox: SandboxProcess,
  run: ExcelRun,
  api: LedgerApi,
  records: number,
): Promise<void> {
  await sandbox.setLatency(0);
  for (const collection of SIX) {
    const result = await importCollection(run, { collection, api });
    if (!result.complete || result.rows !== records) throw new Error(result.message);
  }
}
