// Counts in sentences: "1 record", "1,200 records".

/** `n` with thousands separators whatever the runtime's locale, and the noun in the right number. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? singular : plural}`;
}
