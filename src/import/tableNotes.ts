// Sentences an import adds about its tables, so the reader learns what it did to them or left alone.
import type { TableWriter } from "../excel/tableWriter";

/** A sentence about the earlier import's columns that got no data, or "" when there are none. */
function keptEmpty(headers: readonly string[]): string {
  if (headers.length === 0) return "";
  const shown = headers.slice(0, 3).map((header) => `“${header}”`);
  if (headers.length > 3) shown.push(`${headers.length - 3} more`);
  const one = headers.length === 1;
  return `Column${one ? "" : "s"} ${shown.join(", ")} of the earlier import ${one ? "has" : "have"} no data in this one and ${one ? "was" : "were"} left empty.`;
}

/** A sentence about the user's typed cells whose records left the list, or "" when none did. */
function leftBehind(writer: TableWriter): string {
  return writer
    .leftBehind()
    .map(
      ({ header, count }) =>
        `${count === 1 ? "1 cell" : `${count.toLocaleString("en-US")} cells`} of column “${header}” belonged to records no longer in the list (or rows without an ID) and went with their rows.`,
    )
    .join(" ");
}

/**
 * A sentence about the user's name that the import's new table could not take, or "" when it
 * took the name it wanted.
 */
function nameInTheWay(writer: TableWriter): string {
  const inTheWay = writer.nameInTheWay;
  if (!inTheWay) return "";
  // A table whose proofs disagree holds the name: disputedTables says why.
  const key = inTheWay.name.toLowerCase();
  if (writer.disputed.some((table) => table.name.toLowerCase() === key)) return "";
  const [holder, left] =
    inTheWay.usedBy === "defined name"
      ? ["a defined name in this workbook (Formulas > Name Manager)", "the name"]
      : ["the name of a table Ledger Sheets did not create", "that table"];
  return `“${inTheWay.name}” is already ${holder}, so the table is named “${writer.tableName}”; ${left} was left as it is.`;
}

/**
 * Sentences about the tables the workbook's records claim for this import that were left alone,
 * since Excel's id and the add-in's marker of the table do not agree; "" when there are none.
 */
function disputedTables(writer: TableWriter): string {
  return writer.disputed
    .map((table) => {
      const why =
        table.reason === "id only"
          ? "it has the id of a table an earlier import made, but not that table's marker (that table was deleted and its id given to this one, or the workbook was changed outside Ledger Sheets)"
          : table.reason === "marker only"
            ? "it has the marker of a table an earlier import made, but not that table's id (the workbook was changed outside Ledger Sheets)"
            : "more than one of the workbook's import records claim it";
      return `Table “${table.name}” was left as it is: ${why}. Ledger Sheets writes only to a table both agree on, so this import went to table “${writer.tableName}”.`;
    })
    .join(" ");
}

/**
 * A sentence about a table whose status line could not be written above it (no room, or the
 * user's cell is there), or "" when it was. A partial import says so here, since the sheet can't.
 */
function statusNotShown(writer: TableWriter, partial: boolean): string {
  const blocked = writer.statusBlocked;
  if (!blocked) return "";
  const where =
    blocked.reason === "no room"
      ? `there is no room for it above table “${writer.tableName}” on sheet ${writer.sheetName} (insert two rows above the table to make room)`
      : `${blocked.address} holds your data, so the status line above table “${writer.tableName}” was not written there`;
  return partial
    ? `Table “${writer.tableName}” holds a PARTIAL import, but its sheet does not say so: ${where}.`
    : `The table's status line was not written: ${where}.`;
}

/** The sentence saying a table's filters and sort were applied again over its new rows. */
export function viewKeptNote(tableName: string): string {
  return `The filters and sort of table “${tableName}” were applied again over the new rows.`;
}

/**
 * The notes about the import's tables, as sentences for its message and added to its status
 * line. `written` is the count of rows written; `partial` whether the import is incomplete.
 */
export function withTableNotes(
  status: string,
  mainWriter: TableWriter | null,
  linkedWriter: TableWriter | null,
  written: number,
  partial: boolean,
): { notes: string[]; status: string } {
  const notes: string[] = [];
  // A refreshed table keeps the earlier import's columns this one has no data for (formulas may
  // refer to them): say so, rather than leave the reader to wonder why they are empty. The
  // user's own columns are theirs: only cells whose records left are worth a word.
  const kept = mainWriter && written > 0 ? keptEmpty(mainWriter.emptiedColumns) : "";
  if (kept !== "") {
    notes.push(kept);
    status = `${status} · ${kept}`;
  }
  for (const writer of [mainWriter, linkedWriter] as (TableWriter | null)[]) {
    const note = writer ? leftBehind(writer) : "";
    if (note !== "") notes.push(note);
  }
  // A refreshed table that was filtered or sorted had its filters cleared for the new rows, and
  // both applied again after.
  for (const writer of [mainWriter, linkedWriter] as (TableWriter | null)[]) {
    if (writer?.viewKept) notes.push(viewKeptNote(writer.tableName));
  }
  // Tables the records claim whose proofs disagree: say which were left alone, and why.
  for (const writer of [mainWriter, linkedWriter] as (TableWriter | null)[]) {
    const note = writer ? disputedTables(writer) : "";
    if (note !== "") {
      notes.push(note);
      status = `${status} · ${note}`;
    }
  }
  // A table that could not take its name (a defined name or the user's own table holds it):
  // say which name it has instead, and that the user's name was not touched.
  for (const writer of [mainWriter, linkedWriter] as (TableWriter | null)[]) {
    const note = writer ? nameInTheWay(writer) : "";
    if (note !== "") {
      notes.push(note);
      status = `${status} · ${note}`;
    }
  }

  // A status line that could not be written (the table on the sheet's first rows, or the
  // user's cell where it goes): the message carries what the sheet cannot.
  for (const writer of [mainWriter, linkedWriter] as (TableWriter | null)[]) {
    const note = writer ? statusNotShown(writer, partial) : "";
    if (note !== "") notes.push(note);
  }
  return { notes, status };
}
