// Decimals in the 16 bytes of a Parquet DECIMAL(38, 4): the fast path for amounts of up to 15
// digits gives the same bytes as two's complement worked out with bigints.
import fc from "fast-check";
import { decimalBytes } from "../../../src/cli/decimalBytes";

/** Two's complement, big-endian, in 16 bytes: the reference, one byte at a time. */
function reference(unscaled: bigint): number[] {
  let value = BigInt.asUintN(128, unscaled);
  const bytes: number[] = [];
  for (let i = 0; i < 16; i++) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  return bytes;
}

it("encodes amounts of every size and sign as their unscaled value at four decimals", () => {
  expect([...decimalBytes("1.00")]).toEqual(reference(10_000n));
  expect([...decimalBytes("-25.00")]).toEqual(reference(-250_000n));
  expect([...decimalBytes("-98765432109876.54")]).toEqual(reference(-987654321098765400n));
  expect([...decimalBytes("0.0001")]).toEqual(reference(1n));
  expect([...decimalBytes("-0.00")]).toEqual(reference(0n));
  fc.assert(
    fc.property(
      fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }),
      fc.integer({ min: 0, max: 4 }),
      (unscaled, places) => {
        // The same value written with 0 to 4 decimals.
        const digits = (unscaled < 0n ? -unscaled : unscaled).toString().padStart(5, "0");
        const whole = digits.slice(0, -4).replace(/^0+(?=\d)/, "");
        const fraction = digits.slice(-4);
        const shown =
          fraction.slice(places).replace(/0/g, "") === "" ? fraction.slice(0, places) : fraction;
        const text = `${unscaled < 0n ? "-" : ""}${whole}${shown === "" ? "" : `.${shown}`}`;
        expect([...decimalBytes(text)]).toEqual(reference(unscaled));
      },
    ),
    { numRuns: 3_000 },
  );
});
