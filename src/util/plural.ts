// Counts in sentences: "1 record", "1,200 records".

/**
 * A whole number with commas between thousands ("1,200", "-12,345"), as `toLocaleString("en-US")`
 * writes it, without the locale machinery: progress lines count on every page.
 */
function groupWhole(n: number): string {
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = grouped.length; at < digits.length; at += 3) {
    grouped += `,${digits.slice(at, at + 3)}`;
  }
  return n < 0 ? `-${grouped}` : grouped;
}

/** `n` with thousands separators whatever the runtime's locale, and the noun in the right number. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  const shown =
    Number.isSafeInteger(n) && !Object.is(n, -0) ? groupWhole(n) : n.toLocaleString("en-US");
  return `${shown} ${n === 1 ? singular : plural}`;
}
