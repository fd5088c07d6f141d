// A decimal as a Parquet DECIMAL(38, 4) holds it: its unscaled value in 16 bytes.
import { DECIMAL_SCALE } from "../export/exportSchema";
import { unscaledDecimal } from "../export/exportValues";

const TWO_32 = 2 ** 32;
/** Digits that a double holds exactly as a whole number. */
const EXACT_DIGITS = 15;

/**
 * A decimal's unscaled value at the column's scale as Parquet stores a DECIMAL in 16 bytes:
 * two's complement, big-endian. Most amounts have at most 15 digits: their unscaled value is
 * an exact double, split into two 32-bit words without a bigint.
 */
export function decimalBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(16);
  writeDecimalBytes(text, new DataView(bytes.buffer), 0);
  return bytes;
}

/** Writes `decimalBytes(text)` at `at` of `view`: a column's values share one buffer. */
export function writeDecimalBytes(text: string, view: DataView, at: number): void {
  const negative = text.startsWith("-");
  const point = text.indexOf(".");
  const whole = text.slice(negative ? 1 : 0, point < 0 ? undefined : point);
  const fraction = point < 0 ? "" : text.slice(point + 1, point + 1 + DECIMAL_SCALE);
  const digits = whole + fraction.padEnd(DECIMAL_SCALE, "0");
  if (digits.length <= EXACT_DIGITS) {
    const value = negative ? -Number(digits) : Number(digits);
    const high = Math.floor(value / TWO_32);
    const fill = high < 0 ? 0xffffffff : 0;
    view.setUint32(at, fill);
    view.setUint32(at + 4, fill);
    view.setInt32(at + 8, high);
    view.setUint32(at + 12, value - high * TWO_32);
    return;
  }
  const unsigned = BigInt.asUintN(128, unscaledDecimal(text));
  view.setBigUint64(at, unsigned >> 64n);
  view.setBigUint64(at + 8, BigInt.asUintN(64, unsigned));
}
