// What would be sent unseen: a line in a hidden or filtered-out row, a field in a hidden row, or
// a hidden column that holds values. The sheet's SUM totals count hidden rows too, so nothing
// else on the sheet shows them; they are refused until the user can see them.
import { cellAddress, columnLetter } from "../sheets/cellAddresses";
import type { SheetProblem } from "./contract";
import type { JournalDraftLine, JournalSheetAddresses } from "./draft";
import { INPUT_FIELD_LABELS, LINE_COLUMNS } from "./journalSheet";
import type { InputField, LineInput } from "./journalSheet";
import { fieldPlace } from "./validate";

/** Where the sheet's parts are, as the reader found them. */
export interface HiddenCheckPlaces {
  readonly headerRow: number;
  readonly fieldRows: Readonly<Record<InputField, number>>;
  /** Zero-based column of each line field. */
  readonly columns: ReadonlyMap<string, number>;
  /** Zero-based column of the fields' values (B). */
  readonly valueColumn: number;
  readonly addresses: JournalSheetAddresses;
}

const SHOW_ROW = "show the row (unhide it, or clear the filter that hides it)";

function holds(line: JournalDraftLine, key: LineInput): boolean {
  const value = line[key];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined;
}

/** A problem for every value that is in a hidden row or column and would be sent. */
export function hiddenValueProblems(
  hidden: { readonly rows?: readonly number[]; readonly columns?: readonly number[] },
  places: HiddenCheckPlaces,
  lines: readonly JournalDraftLine[],
): SheetProblem[] {
  const rows = new Set(hidden.rows ?? []);
  const columns = new Set(hidden.columns ?? []);
  if (rows.size === 0 && columns.size === 0) return [];
  const problems: SheetProblem[] = [];

  const valueLetter = columnLetter(places.valueColumn);
  for (const name of Object.keys(INPUT_FIELD_LABELS) as InputField[]) {
    const row = places.fieldRows[name];
    const where = rows.has(row)
      ? `row ${row}, which is hidden`
      : columns.has(places.valueColumn)
        ? `column ${valueLetter}, which is hidden`
        : null;
    if (where === null) continue;
    problems.push({
      address: places.addresses[name],
      message: `${fieldPlace(places.addresses, name)} is in ${where}, so it would be sent unseen; unhide it to check it before sending`,
    });
  }

  lines.forEach((line, index) => {
    if (!rows.has(line.row)) return;
    problems.push({
      address: `${places.addresses.lineColumns.accountCode}${line.row}`,
      message: `Line ${index + 1} (row ${line.row}) is hidden or filtered out, so it would be sent unseen; ${SHOW_ROW} to check it, or delete the line`,
    });
  });

  for (const column of LINE_COLUMNS) {
    if (!column.input) continue;
    const index = places.columns.get(column.key);
    if (index === undefined || !columns.has(index)) continue;
    const key = column.key as LineInput;
    const count = lines.filter((line) => holds(line, key)).length;
    if (count === 0) continue;
    const letter = columnLetter(index);
    problems.push({
      address: cellAddress(index, places.headerRow),
      message: `The “${column.header}” column (${letter}) is hidden and holds values on ${count} line${count === 1 ? "" : "s"} that would be sent unseen; unhide column ${letter} to check them before sending`,
    });
  }
  return problems;
}
