// A1 addresses: column letters from zero-based indexes and back, cells from a column and a row,
// and their order on a sheet. The one place the add-in spells or reads A1.

/** The letters of a zero-based column index: 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The zero-based index of column letters: "A" → 0, "AA" → 26. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}

/** The A1 address of a zero-based column and a one-based sheet row: (5, 21) → "F21". */
export function cellAddress(column: number, row: number): string {
  return `${columnLetter(column)}${row}`;
}

/** The one-based row and zero-based column of an A1 address ("F21" → row 21, column 5). */
export function addressPosition(address: string): { row: number; column: number } | null {
  const match = /^([A-Z]+)(\d+)$/.exec(address);
  return match ? { row: Number(match[2]), column: columnIndex(match[1] ?? "A") } : null;
}

/** Orders addresses top to bottom, then left to right; null (the whole journal) last. */
export function compareAddresses(a: string | null, b: string | null): number {
  const [x, y] = [a === null ? null : addressPosition(a), b === null ? null : addressPosition(b)];
  if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
  return x.row - y.row || x.column - y.column;
}
