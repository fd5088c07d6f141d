// The headless export's core: walks the same API client and pagination as the add-in,
// shapes pages with the same shapers (so a file's row is the sheet's row), spools the rows to disk,
// and once every column is known writes them to .xlsx or .csv files under temporary names, which
// the caller renames over the targets only on success.
import { join } from "node:path";
import {
  iterateCollection,
  iteratePayments,
  type CollectionSource,
  type PaymentsSource,
} from "../api";
import { shapersFor, type ShapedPage, type ShapedRows } from "../import/shapers";
import { collectionInfo, type CollectionId } from "../domain/collections";
import type { ColumnSpec } from "../sheets/cells";
import type { RecordShaper } from "../sheets";
import { Spool, type SpooledRow } from "./spool";

export type ExportFormat = "xlsx" | "csv" | "parquet";

/** A sheet of the export: its rows on disk, and the shaper that knows its final columns. */
export interface ExportSheet {
  /** "Invoices", "Payment allocations". */
  readonly label: string;
  readonly spool: Spool;
  readonly shaper: RecordShaper;
}

export interface ExportProgress {
  readonly label: string;
  readonly records: number;
  readonly pages: number;
}

export interface WalkRequest {
  readonly api: CollectionSource & PaymentsSource;
  readonly collections: readonly CollectionId[];
  /** Where the spools go (a directory of the export's own). */
  readonly spoolDir: string;
  /** The API path of a cursor collection; its default when absent. */
  readonly pathFor?: (collection: CollectionId) => string | undefined;
  readonly signal?: AbortSignal;
  /** Amounts as the server's decimal text and no text cut to a cell's limit (CSV). */
  readonly exactText?: boolean;
  readonly onProgress?: (progress: ExportProgress) => void;
  /** A page's rows of a sheet, once spooled. */
  readonly onRows?: (sheet: ExportSheet, rows: readonly SpooledRow[]) => void;
  /** A list's walk is done and its sheets' spools are closed. */
  readonly onListDone?: (sheets: readonly ExportSheet[]) => Promise<void>;
}

export interface WalkResult {
  readonly sheets: readonly ExportSheet[];
  readonly records: number;
  /** Why the export is incomplete, one sentence each (a server that gave part of a list). */
  readonly partial: readonly string[];
}

/** A shaped block as spool rows: cells, and the columns the shaper wrote as text. */
export function spooled(rows: ShapedRows): SpooledRow[] {
  const text = new Map<number, number[]>();
  for (const { row, column } of rows.textCells) {
    const columns = text.get(row) ?? [];
    columns.push(column);
    text.set(row, columns);
  }
  return rows.rows.map((cells, index) => ({ cells, textColumns: text.get(index) ?? [] }));
}

/** Walks each collection in turn and spools its shaped rows, and those of its linked sheet. */
export async function walkCollections(request: WalkRequest): Promise<WalkResult> {
  const sheets: ExportSheet[] = [];
  const partial: string[] = [];
  let records = 0;
  const walkOptions = request.signal ? { signal: request.signal } : {};
  const add = async (sheet: ExportSheet, rows: SpooledRow[]): Promise<void> => {
    await sheet.spool.add(rows);
    request.onRows?.(sheet, rows);
  };
  for (const collection of request.collections) {
    const info = collectionInfo(collection);
    const shapers = shapersFor(collection, undefined, { exactText: request.exactText === true });
    const main: ExportSheet = {
      label: info.label,
      spool: new Spool(join(request.spoolDir, `${sheets.length}.jsonl`)),
      shaper: shapers.main,
    };
    sheets.push(main);
    // The linked sheet (allocations, invoice lines) comes right after its list's sheet; for a
    // discovered collection it is known once a page with records has been shaped.
    let linked: ExportSheet | undefined;
    const linkedSheet = (): ExportSheet | undefined => {
      if (linked === undefined && shapers.linked !== undefined) {
        linked = {
          label: shapers.linked.layout.sheetName,
          spool: new Spool(join(request.spoolDir, `${sheets.length}.jsonl`)),
          shaper: shapers.linked.shaper,
        };
        sheets.push(linked);
      }
      return linked;
    };
    linkedSheet();
    const addPage = async (shaped: ShapedPage): Promise<void> => {
      await add(main, spooled(shaped.main));
      const sheet = shaped.linked ? linkedSheet() : undefined;
      if (sheet && shaped.linked) await add(sheet, spooled(shaped.linked));
    };
    let pages = 0;
    let count = 0;
    const report = () => request.onProgress?.({ label: info.label, records: count, pages });
    if (collection === "payments") {
      for await (const batch of iteratePayments(request.api, walkOptions)) {
        await addPage(shapers.shapePage([], batch.page.data));
        pages += 1;
        count += batch.page.data.length;
        report();
        if (batch.last && !batch.complete) {
          partial.push(
            `the server gave ${batch.fetched.toLocaleString("en-US")} of the ${batch.count.toLocaleString("en-US")} payments it reports, and offers no way to fetch more`,
          );
        }
      }
    } else {
      const path = request.pathFor?.(collection) ?? info.defaultPath;
      for await (const page of iterateCollection(request.api, path, walkOptions)) {
        await addPage(shapers.shapePage(page.data));
        pages += 1;
        count += page.data.length;
        report();
      }
    }
    records += count;
    await main.spool.close();
    await linked?.spool.close();
    await request.onListDone?.(linked ? [main, linked] : [main]);
  }
  return { sheets, records, partial };
}

/** The sheet's columns once every page is shaped; an empty list gets one "Import notes" column. */
export function finalColumns(sheet: ExportSheet): readonly ColumnSpec[] {
  const columns = sheet.shaper.columns();
  return columns.length > 0 ? columns : [{ key: "#none", header: "No records", kind: "text" }];
}
