// An import that meets a user typing: after the first block is written, the user starts editing
// a cell and keeps at it until Excel holds the import's next batch (delayForCellEdit), then
// presses Enter. The import must finish, with every row, and no batch refused.
import type { LedgerApi } from "../src/api";
import { importCollection } from "../src/import/importCollection";
import { benchHost } from "./importBench";

export interface CellEditRow {
  readonly records: number;
  readonly ms: number;
  readonly rows: number;
  readonly complete: boolean;
  /** Batches Excel refused because a cell was being edited (must be 0). */
  readonly refused: number;
  readonly pass: boolean;
}

export async function measureImportDuringCellEdit(
  api: LedgerApi,
  records: number,
): Promise<CellEditRow> {
  const host = benchHost();
  let edited = false;
  let editEnded: Promise<void> | undefined;
  const started = performance.now();
  const result = await importCollection(host.run, {
    collection: "invoices",
    api,
    onProgress: (progress) => {
      if (edited || (progress.written ?? 0) === 0) return;
      edited = true;
      host.beginCellEdit();
      editEnded = host.requestWaitsForCellEdit().then(() => host.endCellEdit());
    },
  });
  await editEnded;
  const ms = performance.now() - started;
  const refused = host.refusedForCellEdit;
  return {
    records,
    ms,
    rows: result.rows,
    complete: result.complete,
    refused,
    pass: edited && result.complete && result.rows === records && refused === 0,
  };
}

export function cellEditLine(row: CellEditRow): string {
  return (
    `Import of ${row.records.toLocaleString("en-US")} invoices with a cell edited part-way: ` +
    `${(row.ms / 1000).toFixed(2)} s, ${row.rows.toLocaleString("en-US")} rows, ` +
    `${row.refused} batches refused (target: all rows, none refused) ${row.pass ? "PASS" : "FAIL"}`
  );
}
