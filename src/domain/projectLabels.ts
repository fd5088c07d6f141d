// Project names as the workbook compares them.

/** Project names are compared ignoring case, as Excel compares sheet names. */
export function sameLabel(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
