// The requests an import makes of its tables (see TableWriter): one per block, shared by the
// tables an import writes together (payments and their allocations, invoices and their lines);
// the last one, which writes the status lines and records the tables; and the one that takes a
// refresh that failed or was cancelled out again.
import { importTablesSetting } from "./importTablesSetting";
import type { ImportTableState } from "../settings/importTables";
import type { ColumnSpec } from "../sheets/cells";
import type { RowBlock } from "../sheets/rowBlock";
import type { ExcelRun } from "./run";
import { TableWriter } from "./tableWriter";

/** One request for several tables' blocks (payments and their allocations go together). */
export async function writeBlocks(
  run: ExcelRun,
  entries: readonly {
    writer: TableWriter;
    columns: readonly ColumnSpec[];
    block: RowBlock;
    status: string;
  }[],
): Promise<void> {
  if (entries.every((entry) => entry.block.rows.length === 0)) return;
  await run(async (context) => {
    const first = entries.filter(
      (entry) => entry.block.rows.length > 0 && entry.writer.needsBackup,
    );
    if (first.length > 0) {
      // A sync of its own: only once the copies are in may the old rows be written over, so a
      // refresh that fails later can put them back.
      context.application.suspendApiCalculationUntilNextSync();
      for (const { writer } of first) writer.queueBackup(context);
      await context.sync();
      for (const { writer } of first) writer.backupDone();
    }
    context.application.suspendApiCalculationUntilNextSync();
    for (const { writer, columns, block, status } of entries) {
      await writer.queueBlock(context, columns, block, status);
    }
    await context.sync();
  });
}

/**
 * Takes out what a refresh that failed or was cancelled put into its tables (rows, appended
 * columns), leaving each table as it was, filters included; tables the import created stay as
 * they are (partial, and their status line says so). Two syncs: what is there, then the undo.
 */
export async function undoTables(run: ExcelRun, writers: readonly TableWriter[]): Promise<void> {
  await run(async (context) => {
    const undo = writers.map((writer) => writer.queueUndo(context));
    if (undo.every((each) => each === null)) return;
    await context.sync();
    context.application.suspendApiCalculationUntilNextSync();
    for (const each of undo) each?.(context);
    context.application.calculate("Recalculate");
    await context.sync();
  });
}

/**
 * One request that writes the final status of every table of the import, on the sheet where
 * there is room and in the setting that records the tables (so it is kept even where not). The
 * first entry is the main table: its sheet is the one shown.
 */
export async function finishTables(
  run: ExcelRun,
  entries: readonly { writer: TableWriter; status: string; state?: ImportTableState }[],
): Promise<void> {
  await run(async (context) => {
    const current = await importTablesSetting(context);
    entries.forEach(({ writer, status }, index) =>
      writer.queueFinish(context, status, index === 0),
    );
    TableWriter.queueRecords(
      context,
      entries.map(({ writer }) => writer),
      current,
      entries,
    );
    // The blocks were written with calculation suspended; Excel leaves recalculating to us, so
    // formulas that refer to the table (=SUM(Invoices[Total])) show the new rows.
    context.application.calculate("Recalculate");
    await context.sync();
  });
}
