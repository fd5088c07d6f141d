// How a message names a row of a linked sheet (an invoice's line) for people: by its record's
// own number and its place in the record's list, "INV-000136 line 2", as the accountant finds it.

/**
 * The name of each linked row, in order: `records` are the records' names (their numbers), and
 * `perRecord` how many linked rows each has.
 */
export function linkedRowNames(
  records: readonly string[],
  perRecord: readonly number[],
  noun: string,
): string[] {
  return records.flatMap((record, index) =>
    Array.from({ length: perRecord[index] ?? 0 }, (_, item) => `${record} ${noun} ${item + 1}`),
  );
}
