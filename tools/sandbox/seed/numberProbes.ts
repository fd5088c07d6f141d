/**
 * Number probes: extra invoice fields whose values JSON.parse would change or whose first value
 * is odd, so the client's lossless reading and whole-column kinds can be tested over HTTP. Off
 * unless the `numberProbes` option is set. JSON.stringify cannot write a number no double holds,
 * so such values are placeholders in the record and become bare literals in the body text.
 */

const RAW = "#raw-number#";

/** A placeholder that {@link writeRawNumbers} turns into the bare number literal `text`. */
function raw(text: string): string {
  return `${RAW}${text}`;
}

/** Whole numbers: beyond 2^53 (both signs), beyond 64 bits, 16 digits held exactly, small ones. */
export const PROBE_COUNTS: readonly string[] = [
  "9007199254740993",
  "12345678901234567890",
  "42",
  "-9007199254740993",
  "9007199254740992",
  "7",
];

/** Fractions and exponents: `1.50` is 1.5, `0.1` round-trips, the long one and 1e400 do not. */
export const PROBE_RATIOS: readonly string[] = [
  "1.50",
  "0.1",
  "0.1000000000000000055511151231257827",
  "2.5e-3",
  "-0",
  "1e400",
  "1E+2",
];

/** The record index whose `probe_total` has three decimals (on the second page of 50). */
export const PROBE_ODD_TOTAL_INDEX = 60;
/** The record index whose `probe_quantity` is the string "12.30" among numbers. */
export const PROBE_TEXT_QUANTITY_INDEX = 70;

/**
 * The probe fields of the record at `index` (0 is the newest):
 * - `probe_count`, `probe_ratio`: {@link PROBE_COUNTS} and {@link PROBE_RATIOS} in turn;
 * - `probe_total`: `"100.0"` first, two-decimal amounts after, `"12.345"` at
 *   {@link PROBE_ODD_TOTAL_INDEX};
 * - `probe_quantity`: JSON numbers (`n.5`), the string `"12.30"` at
 *   {@link PROBE_TEXT_QUANTITY_INDEX}.
 */
export function numberProbes(index: number): Record<string, string | number> {
  const total =
    index === 0
      ? "100.0"
      : index === PROBE_ODD_TOTAL_INDEX
        ? "12.345"
        : `${10 + (index % 90)}.${String(index % 100).padStart(2, "0")}`;
  return {
    probe_count: raw(PROBE_COUNTS[index % PROBE_COUNTS.length] ?? "0"),
    probe_ratio: raw(PROBE_RATIOS[index % PROBE_RATIOS.length] ?? "0"),
    probe_total: total,
    probe_quantity: index === PROBE_TEXT_QUANTITY_INDEX ? "12.30" : (index % 7) + 0.5,
  };
}

/** `body` (JSON text) with every placeholder string written as its bare number literal. */
export function writeRawNumbers(body: string): string {
  return body.replace(/"#raw-number#(-?[0-9][0-9.eE+-]*)"/g, "$1");
}
