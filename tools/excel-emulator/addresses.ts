// A1 addresses: parsing "A1", "$A$1:C10", "B:B", "3:5" with an optional (quoted) sheet prefix,
// formatting them back the way Excel reports them, and the sheet's row and column limits.

/** Rows in an Excel worksheet. */
export const MAX_ROWS = 1_048_576;
/** Columns in an Excel worksheet (A..XFD). */
export const MAX_COLUMNS = 16_384;

/** A rectangle of cells, 0-based. */
export interface Area {
  readonly row: number;
  readonly column: number;
  readonly rowCount: number;
  readonly columnCount: number;
}

/** An address as written: the optional sheet name and the rectangle it covers. */
export interface ParsedAddress {
  readonly sheet?: string;
  readonly area: Area;
}

export function lastRow(area: Area): number {
  return area.row + area.rowCount - 1;
}

export function lastColumn(area: Area): number {
  return area.column + area.columnCount - 1;
}

export function cellCount(area: Area): number {
  return area.rowCount * area.columnCount;
}

/** True when the area lies inside the sheet's limits and is not empty. */
export function isWithinSheet(area: Area): boolean {
  return (
    Number.isInteger(area.row) &&
    Number.isInteger(area.column) &&
    Number.isInteger(area.rowCount) &&
    Number.isInteger(area.columnCount) &&
    area.row >= 0 &&
    area.column >= 0 &&
    area.rowCount >= 1 &&
    area.columnCount >= 1 &&
    lastRow(area) < MAX_ROWS &&
    lastColumn(area) < MAX_COLUMNS
  );
}

export function areasOverlap(a: Area, b: Area): boolean {
  return (
    a.row <= lastRow(b) &&
    b.row <= lastRow(a) &&
    a.column <= lastColumn(b) &&
    b.column <= lastColumn(a)
  );
}

export function areaContains(outer: Area, inner: Area): boolean {
  return (
    inner.row >= outer.row &&
    inner.column >= outer.column &&
    lastRow(inner) <= lastRow(outer) &&
    lastColumn(inner) <= lastColumn(outer)
  );
}

export function sameArea(a: Area, b: Area): boolean {
  return (
    a.row === b.row &&
    a.column === b.column &&
    a.rowCount === b.rowCount &&
    a.columnCount === b.columnCount
  );
}

/** The column letters of a 0-based index: 0 -> "A", 26 -> "AA". */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** The 0-based index of column letters ("A" -> 0), or undefined beyond XFD. */
export function columnIndex(letters: string): number | undefined {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return undefined;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1 < MAX_COLUMNS ? n - 1 : undefined;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;
const COLUMN = /^\$?([A-Za-z]{1,3})$/;
const ROW = /^\$?(\d{1,7})$/;

function parseCell(text: string): { row: number; column: number } | undefined {
  const m = CELL.exec(text);
  if (!m) return undefined;
  const column = columnIndex(m[1] ?? "");
  const row = Number(m[2]) - 1;
  if (column === undefined || row < 0 || row >= MAX_ROWS) return undefined;
  return { row, column };
}

/** Parses the part after any sheet prefix: "A1", "A1:C3", "B:D", "2:5". */
export function parseLocalAddress(text: string): Area | undefined {
  const parts = text.split(":");
  if (parts.length === 1) {
    const cell = parseCell(parts[0] ?? "");
    return cell && { row: cell.row, column: cell.column, rowCount: 1, columnCount: 1 };
  }
  if (parts.length !== 2) return undefined;
  const [first = "", second = ""] = parts;
  const a = parseCell(first);
  const b = parseCell(second);
  if (a && b) return spanning(a.row, a.column, b.row, b.column);
  const colA = COLUMN.exec(first);
  const colB = COLUMN.exec(second);
  if (colA && colB) {
    const c1 = columnIndex(colA[1] ?? "");
    const c2 = columnIndex(colB[1] ?? "");
    if (c1 === undefined || c2 === undefined) return undefined;
    return spanning(0, c1, MAX_ROWS - 1, c2);
  }
  const rowA = ROW.exec(first);
  const rowB = ROW.exec(second);
  if (rowA && rowB) {
    const r1 = Number(rowA[1]) - 1;
    const r2 = Number(rowB[1]) - 1;
    if (r1 < 0 || r2 < 0 || r1 >= MAX_ROWS || r2 >= MAX_ROWS) return undefined;
    return spanning(r1, 0, r2, MAX_COLUMNS - 1);
  }
  return undefined;
}

function spanning(r1: number, c1: number, r2: number, c2: number): Area {
  const row = Math.min(r1, r2);
  const column = Math.min(c1, c2);
  return {
    row,
    column,
    rowCount: Math.max(r1, r2) - row + 1,
    columnCount: Math.max(c1, c2) - column + 1,
  };
}

/** Splits "Sheet1!A1" or "'My sheet'!A1" into sheet name and local part. */
export function splitSheetPrefix(text: string): { sheet?: string; local: string } | undefined {
  if (text.startsWith("'")) {
    let i = 1;
    let name = "";
    while (i < text.length) {
      const ch = text[i];
      if (ch === "'") {
        if (text[i + 1] === "'") {
          name += "'";
          i += 2;
          continue;
        }
        break;
      }
      name += ch;
      i += 1;
    }
    if (text[i] !== "'" || text[i + 1] !== "!" || name === "") return undefined;
    return { sheet: name, local: text.slice(i + 2) };
  }
  const bang = text.lastIndexOf("!");
  if (bang < 0) return { local: text };
  const sheet = text.slice(0, bang);
  if (sheet === "" || /[\s'!]/.test(sheet)) return undefined;
  return { sheet, local: text.slice(bang + 1) };
}

/** Parses an address as `Worksheet.getRange` accepts it, or undefined when it is not one. */
export function parseAddress(text: string): ParsedAddress | undefined {
  const split = splitSheetPrefix(text.trim());
  if (!split) return undefined;
  const area = parseLocalAddress(split.local);
  if (!area) return undefined;
  return split.sheet === undefined ? { area } : { sheet: split.sheet, area };
}

/** "A1", "A1:C10", "B:B" for whole columns, "3:5" for whole rows, as Excel reports them. */
export function formatArea(area: Area, absolute = false): string {
  const d = absolute ? "$" : "";
  const wholeColumns = area.row === 0 && area.rowCount === MAX_ROWS;
  const wholeRows = area.column === 0 && area.columnCount === MAX_COLUMNS;
  if (wholeColumns && !wholeRows) {
    return `${d}${columnLetters(area.column)}:${d}${columnLetters(lastColumn(area))}`;
  }
  if (wholeRows && !wholeColumns) return `${d}${area.row + 1}:${d}${lastRow(area) + 1}`;
  const first = `${d}${columnLetters(area.column)}${d}${area.row + 1}`;
  if (area.rowCount === 1 && area.columnCount === 1) return first;
  return `${first}:${d}${columnLetters(lastColumn(area))}${d}${lastRow(area) + 1}`;
}

/** A sheet name as it must appear before "!": quoted when Excel would quote it. */
export function quoteSheetName(name: string): string {
  const plain = /^[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\u00C0-\uFFFF]*$/.test(name);
  const looksLikeReference = /^[A-Za-z]{1,3}\d+$/.test(name) || /^[RrCc]\d*$/.test(name);
  return plain && !looksLikeReference ? name : `'${name.replace(/'/g, "''")}'`;
}

/** "Invoices!A3:F140", as `Range.address` reads. */
export function formatAddress(sheetName: string, area: Area): string {
  return `${quoteSheetName(sheetName)}!${formatArea(area)}`;
}
