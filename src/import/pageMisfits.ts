// Counts the cells of a page that an import writes as text in columns of another kind, naming
// each row's record for people: a record by its number (else its id, else its table row), a
// linked row by its record and its place in the record's list ("INV-000136 line 1").
import type { JsonRecord, Payment } from "../api";
import type { ColumnSpec } from "../sheets/cells";
import type { ShapedPage } from "../sheets/collectionShapers";
import { linkedRowNames } from "./linkedRowNames";
import type { MisfitSummary } from "./misfitSummary";
import { idOf, recordNumberOf } from "./recordNumber";

/** A table the page's rows go to: its sheet, its columns, the table row of the page's first. */
export interface MisfitTable {
  readonly sheet: string;
  readonly columns: readonly ColumnSpec[];
  readonly firstRow: number;
}

/** One page's rows, those kept (under the row limit), and the records they were shaped from. */
export interface PageMisfits {
  readonly shaped: ShapedPage;
  readonly keep: number;
  readonly linkedKeep: number;
  readonly records: readonly JsonRecord[];
  readonly payments: readonly Payment[] | undefined;
  readonly main: MisfitTable;
  /** The linked table, and one of its rows for messages ("allocation", "line"). */
  readonly linked: (MisfitTable & { readonly noun: string }) | null;
}

/** Adds the page's misfit cells to `misfits`. */
export function notePageMisfits(misfits: MisfitSummary, page: PageMisfits): void {
  const { shaped, records, payments, main, linked } = page;
  const recordName = (row: number): string => {
    const record = payments ? payments[row] : records[row];
    const number = recordNumberOf(record as Readonly<Record<string, unknown>> | undefined);
    return (
      number ??
      (payments ? null : idOf(records[row]?.["id"])) ??
      `table row ${main.firstRow + row + 1}`
    );
  };
  misfits.add({
    sheet: main.sheet,
    nameSheet: shaped.linked !== undefined && linked !== null,
    columns: main.columns,
    misfits: shaped.main.misfits,
    rowCount: page.keep,
    firstRow: main.firstRow,
    recordOf: (row) => recordName(row),
  });
  if (!shaped.linked || !linked) return;
  // Named only when a cell of the page needs it in a message: most pages have none.
  const { perRecord } = shaped.linked;
  let names: readonly string[] | undefined;
  const nameOf = (row: number): string | undefined => {
    const parents = payments ?? records;
    names ??= linkedRowNames(
      parents.map((_, index) => recordName(index)),
      perRecord,
      linked.noun,
    );
    return names[row];
  };
  misfits.add({
    sheet: linked.sheet,
    nameSheet: true,
    columns: linked.columns,
    misfits: shaped.linked.misfits,
    rowCount: page.linkedKeep,
    firstRow: linked.firstRow,
    recordOf: (row) => nameOf(row) ?? `table row ${linked.firstRow + row + 1}`,
  });
}
