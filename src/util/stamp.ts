// Times as status lines show them: to the minute, in UTC, the same for every reader of a workbook.

/** `2026-03-01 09:30 UTC`. */
export function stamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
