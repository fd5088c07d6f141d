import fc from "fast-check";
import {
  centsFromSpreadsheetNumber,
  formatMoney,
  MoneyDecimal,
  parseMoney,
  parseRate,
  rateFromSpreadsheetNumber,
  settleSpreadsheetNumber,
  toSpreadsheetNumber,
  toWireDecimal,
} from "../../../src/money";
import type { MoneyResult } from "../../../src/money";
import { significantDigits } from "../../../src/money/spreadsheetNumber";

function valueOf<T>(result: MoneyResult<T>): T {
  if (!result.ok) throw new Error(`expected a value, got: ${result.problem.message}`);
  return result.value;
}

/** Cents whose amount has at most 15 significant digits (what a cell holds exactly). */
const cellCents = fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n });

describe("spreadsheetNumber.ts", () => {
  describe("centsFromSpreadsheetNumber()", () => {
    it("settles float noise of a formula result: 0.1+0.2 is 0.30", () => {
      const settled = valueOf(centsFromSpreadsheetNumber(0.1 + 0.2));
      expect(settled.cents).toBe(30n);
      expect(settled.text).toBe("0.30");
    });

    it("keeps a typed 1.005 as 1.005 and refuses it for having three decimals", () => {
      expect(settleSpreadsheetNumber(1.005)?.toString()).toBe("1.005");
      expect(centsFromSpreadsheetNumber(1.005)).toEqual({
        ok: false,
        problem: {
          code: "too-many-decimals",
          message:
            "1.005 has more than two decimals. If it is a formula result, wrap the formula in ROUND(…, 2).",
        },
      });
    });

    it("says which value has more than two decimals", () => {
      const result = centsFromSpreadsheetNumber(10.005);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.problem.message).toMatch(/^10\.005 has more than two decimals\./);
    });

    it("settles the noise left by subtracting nearly equal amounts: 1000.10-999.90 is 0.20", () => {
      expect(settleSpreadsheetNumber(1000.1 - 999.9)?.toString()).toBe("0.200000000000045");
      expect(valueOf(centsFromSpreadsheetNumber(1000.1 - 999.9))).toMatchObject({
        cents: 20n,
        text: "0.20",
      });
    });

    it("still refuses a sub-cent part a person could mean, however small", () => {
      expect(!centsFromSpreadsheetNumber(10.00001).ok).toBe(true);
      expect(!centsFromSpreadsheetNumber(0.0001).ok).toBe(true);
    });

    it.each([10.000001, 0.000001, 10.0000004, -10.0000004, 1234567.8900005, 0.0000002])(
      "refuses a typed sub-cent part that a fixed noise allowance of 1e-6 would drop: %s",
      (value) => {
        const result = centsFromSpreadsheetNumber(value);
        expect(!result.ok && result.problem.code).toBe("too-many-decimals");
      },
    );

    it("names the refused value as the cell shows it", () => {
      const result = centsFromSpreadsheetNumber(10.0000004);
      expect(!result.ok && result.problem.message).toBe(
        "10.0000004 has more than two decimals. If it is a formula result, wrap the formula in " +
          "ROUND(…, 2).",
      );
    });

    it("settles the noise of a long SUM: 0.1 summed a thousand times is 100.00", () => {
      let sum = 0;
      for (let i = 0; i < 1000; i++) sum += 0.1;
      expect(sum).not.toBe(100);
      expect(valueOf(centsFromSpreadsheetNumber(sum)).cents).toBe(10_000n);
    });

    it("refuses a long SUM whose noise reaches the digits a person could type: ROUND it", () => {
      // 1,000 lines of 4,000,000.01: Excel shows 4000000010.0001 at 15 digits. That could as well
      // be a typed 4000000010.0001, so it is not settled (an allowance that grew with the amount
      // used to settle it, and with it a typed 20000000000.001).
      let sum = 0;
      for (let i = 0; i < 1000; i++) sum += 4_000_000.01;
      expect(sum.toPrecision(15)).toBe("4000000010.00010");
      const result = centsFromSpreadsheetNumber(sum);
      expect(!result.ok && result.problem.message).toBe(
        "4000000010.0001 has more than two decimals. If it is a formula result, wrap the formula " +
          "in ROUND(…, 2).",
      );
    });

    it.each([
      [20000000000.001, "20000000000.001"],
      [123456789012.345, "123456789012.345"],
      [999999999999.991, "999999999999.991"],
      [10.0000001, "10.0000001"],
      [-0.000000002, "-2e-9"],
    ])("refuses a typed sub-cent digit at every size: %s", (value, shown) => {
      const result = centsFromSpreadsheetNumber(value);
      expect(!result.ok && result.problem.message).toMatch(
        new RegExp(`^${shown.replace(/[.-]/g, "\\$&")} has more than two decimals`),
      );
    });

    it("settles a sum of ten amounts at any size a cell holds: 10 x 99,999,999,999.99", () => {
      let sum = 0;
      for (let i = 0; i < 10; i++) sum += 99_999_999_999.99;
      expect(valueOf(centsFromSpreadsheetNumber(sum)).text).toBe("999999999999.90");
    });

    it("settles products and sums that Excel shows as whole cents", () => {
      expect(valueOf(centsFromSpreadsheetNumber(1234567.89 * 3)).text).toBe("3703703.67");
      expect(valueOf(centsFromSpreadsheetNumber(0.1 + 0.2)).text).toBe("0.30");
      expect(valueOf(centsFromSpreadsheetNumber(0.3 - 0.1 - 0.2)).text).toBe("0.00");
    });

    it("settles the float difference of amounts below 4,000,000 to the exact difference", () => {
      // Each operand's double is off by at most half a unit in its last place (under 4.7e-10
      // below 2^22), so their difference is within the 1e-9 allowance. Larger operands can leave
      // more: see the next test.
      const cents = fc.integer({ min: -399_999_999, max: 399_999_999 });
      fc.assert(
        fc.property(cents, cents, (a, b) => {
          const floatDifference = a / 100 - b / 100;
          expect(valueOf(centsFromSpreadsheetNumber(floatDifference)).cents).toBe(
            BigInt(a) - BigInt(b),
          );
        }),
        { numRuns: 3000 },
      );
    });

    it("refuses the difference of two large amounts when its noise shows: ROUND it", () => {
      const difference = 999_999_999.99 - 999_999_999.98;
      expect(difference.toPrecision(15)).toBe("0.00999999046325684");
      expect(!centsFromSpreadsheetNumber(difference).ok).toBe(true);
      expect(valueOf(centsFromSpreadsheetNumber(3_999_999.99 - 3_999_999.98)).text).toBe("0.01");
    });

    it.each([NaN, Infinity, -Infinity])("refuses %s", (value) => {
      const result = centsFromSpreadsheetNumber(value);
      expect(!result.ok && result.problem).toEqual({
        code: "not-finite",
        message: `${String(value)} is not an amount.`,
      });
    });

    it("refuses amounts of more than 15 digits in minor units, which a cell cannot hold to the cent", () => {
      const result = centsFromSpreadsheetNumber(1234567890123456);
      expect(!result.ok && result.problem.code).toBe("too-large");
      expect(!centsFromSpreadsheetNumber(999999999999999).ok).toBe(true);
      expect(valueOf(centsFromSpreadsheetNumber(9999999999999.99)).cents).toBe(999999999999999n);
      expect(valueOf(centsFromSpreadsheetNumber(-9999999999999.99)).cents).toBe(-999999999999999n);
      expect(valueOf(centsFromSpreadsheetNumber(999999999999.999, 3)).text).toBe(
        "999999999999.999",
      );
      expect(valueOf(centsFromSpreadsheetNumber(999999999999999, 0)).text).toBe("999999999999999");
      expect(!centsFromSpreadsheetNumber(1e15, 0).ok).toBe(true);
    });

    it("refuses a formula result beyond 15 digits instead of rounding it to what Excel shows", () => {
      // Excel shows 10000000000000.0 for this sum; the amount is 10,000,000,000,000.02.
      const sum = 5000000000000.01 + 5000000000000.01;
      expect(sum.toPrecision(15)).toBe("10000000000000.0");
      expect(centsFromSpreadsheetNumber(sum)).toEqual({
        ok: false,
        problem: {
          code: "too-large",
          message:
            "10,000,000,000,000.02 has more than 15 significant digits, more than a spreadsheet " +
            "cell holds exactly (the largest exact amount with two decimals is " +
            "9,999,999,999,999.99). Split it over several lines.",
        },
      });
      expect(!centsFromSpreadsheetNumber(10000000000000).ok).toBe(true);
    });

    it("refuses a tie between two cents beyond 15 digits, which Excel shows rounded up", () => {
      // Exactly 1,234,567,890,123.125: Excel shows .13 (half away from zero), and rounding the
      // double half to even would send .12. Neither is what the cell holds.
      const tie = 1234567890123.125;
      expect(tie.toPrecision(15)).toBe("1234567890123.13");
      expect(centsFromSpreadsheetNumber(tie)).toEqual({
        ok: false,
        problem: {
          code: "too-many-decimals",
          message:
            "1,234,567,890,123.13 is 1234567890123.125 rounded to the 15 significant digits " +
            "Excel shows, with digits below its last decimal. If it is a formula result, wrap " +
            "the formula in ROUND(…, 2).",
        },
      });
      // Knowing the formula's operands does not make the tie noise: =4400000000000.12+0.005 is
      // shown as .13, and the nearest cent of its double is .12.
      const sum = 4400000000000.12 + 0.005;
      expect(sum.toPrecision(15)).toBe("4400000000000.13");
      expect(centsFromSpreadsheetNumber(sum, 2, { values: [4400000000000.12, 0.005] }).ok).toBe(
        false,
      );
      // A sub-cent digit past the 15th is refused the same way, in JPY too.
      expect(!centsFromSpreadsheetNumber(1234567890123.126).ok).toBe(true);
      expect(!centsFromSpreadsheetNumber(123456789012345.5, 0).ok).toBe(true);
      // Typed amounts of 15 digits stay exact.
      expect(valueOf(centsFromSpreadsheetNumber(1234567890123.13)).text).toBe("1234567890123.13");
    });

    it("settles the difference of large amounts by the noise its operands can carry", () => {
      const difference = 82721670.99 - 77137106.29;
      expect(difference.toPrecision(15)).toBe("5584564.69999999");
      expect(
        valueOf(centsFromSpreadsheetNumber(difference, 2, { values: [82721670.99, 77137106.29] }))
          .text,
      ).toBe("5584564.70");
      const tiny = 9999999999999.99 - 9999999999999.98;
      expect(
        valueOf(
          centsFromSpreadsheetNumber(tiny, 2, { values: [9999999999999.99, 9999999999999.98] }),
        ).text,
      ).toBe("0.01");
      // Operands do not make a real sub-cent part noise: 33.33 × 1.075 is 35.82975.
      expect(!centsFromSpreadsheetNumber(33.33 * 1.075, 2, { values: [33.33, 1.075] }).ok).toBe(
        true,
      );
    });

    it("reads amounts with the currency's decimals: 1.005 in KWD, 1.5 refused in JPY", () => {
      expect(valueOf(centsFromSpreadsheetNumber(1.005, 3)).text).toBe("1.005");
      expect(valueOf(centsFromSpreadsheetNumber(1.001 + 1.002, 3)).cents).toBe(2003n);
      const yen = centsFromSpreadsheetNumber(1.5, 0);
      expect(!yen.ok && yen.problem.message).toMatch(/^1\.5 is not a whole amount/);
    });

    it("turns -0 into zero cents and wire text 0.00", () => {
      expect(valueOf(centsFromSpreadsheetNumber(-0))).toMatchObject({ cents: 0n, text: "0.00" });
    });

    it("returns the exact cents of every amount with at most 15 digits (c / 100)", () => {
      fc.assert(
        fc.property(cellCents, (cents) => {
          const settled = valueOf(centsFromSpreadsheetNumber(Number(cents) / 100));
          expect(settled.cents).toBe(cents);
        }),
        { numRuns: 2000 },
      );
    });

    it("settles a float sum of two-decimal amounts to the exact sum of their cents", () => {
      // Up to ten same-sign amounts below a billion, summed in double arithmetic as a SUM
      // formula would be: the noise stays far below the 15th digit.
      const terms = fc.array(fc.integer({ min: 0, max: 99_999_999_999 }), {
        minLength: 1,
        maxLength: 10,
      });
      fc.assert(
        fc.property(terms, fc.boolean(), (cents, negative) => {
          const sign = negative ? -1 : 1;
          const floatSum = cents.reduce((sum, c) => sum + (sign * c) / 100, 0);
          const exactCents = BigInt(sign) * cents.reduce((sum, c) => sum + BigInt(c), 0n);
          expect(valueOf(centsFromSpreadsheetNumber(floatSum)).cents).toBe(exactCents);
        }),
        { numRuns: 2000 },
      );
    });

    it("refuses every value with a real third decimal, up to 15 significant digits", () => {
      const mills = fc
        .integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 })
        .filter((c) => c % 10 !== 0);
      fc.assert(
        fc.property(mills, (c) => {
          const result = centsFromSpreadsheetNumber(c / 1000);
          expect(!result.ok && result.problem.code).toBe("too-many-decimals");
        }),
        { numRuns: 5000 },
      );
    });
  });

  describe("toSpreadsheetNumber()", () => {
    it("gives the double for decimal text", () => {
      expect(valueOf(toSpreadsheetNumber("10.30"))).toBe(10.3);
      expect(valueOf(toSpreadsheetNumber("-0.00"))).toBe(0);
      expect(Object.is(valueOf(toSpreadsheetNumber("-0.00")), -0)).toBe(false);
    });

    it("flags a value with more than 15 significant digits instead of losing digits", () => {
      expect(toSpreadsheetNumber("98765432109876.54")).toEqual({
        ok: false,
        problem: {
          code: "too-many-digits",
          message:
            "98765432109876.54 has more than 15 significant digits; a spreadsheet number would lose some of them.",
        },
      });
    });

    it("accepts 15 significant digits", () => {
      expect(valueOf(toSpreadsheetNumber("9876543210987.65"))).toBe(9876543210987.65);
    });

    it("refuses text that is not a decimal", () => {
      expect(!toSpreadsheetNumber("1e5").ok).toBe(true);
    });

    it("agrees with Decimal for every value with at most 15 significant digits", () => {
      fc.assert(
        fc.property(cellCents, (cents) => {
          const text = toWireDecimal(new MoneyDecimal(cents.toString()).dividedBy(100));
          const number = valueOf(toSpreadsheetNumber(text));
          expect(new MoneyDecimal(number.toPrecision(15)).equals(text)).toBe(true);
          expect(valueOf(centsFromSpreadsheetNumber(number)).text).toBe(text);
        }),
        { numRuns: 2000 },
      );
    });
  });

  describe("significantDigits() and the conversion without a decimal object", () => {
    /** Decimal text as a server might write it: leading and trailing zeros, up to 24 digits. */
    const decimalText = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^[0-9]{1,12}$/),
        fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: undefined }),
      )
      .map(
        ([minus, whole, fraction]) =>
          `${minus ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}`,
      );

    it("counts digits as a decimal does, zeros at either end left out", () => {
      expect(significantDigits("0012.300")).toBe(3);
      expect(significantDigits("1200")).toBe(2);
      expect(significantDigits("-0.00")).toBe(0);
      expect(significantDigits("0.000123")).toBe(3);
      fc.assert(
        fc.property(decimalText, (text) => {
          const decimal = new MoneyDecimal(text);
          if (!decimal.isZero()) expect(significantDigits(text)).toBe(decimal.sd());
        }),
        { numRuns: 5000 },
      );
    });

    it("gives the double a decimal gives, or refuses exactly when it has more than 15 digits", () => {
      fc.assert(
        fc.property(decimalText, (text) => {
          const decimal = new MoneyDecimal(text);
          const result = toSpreadsheetNumber(text);
          if (decimal.sd() > 15) {
            expect(!result.ok && result.problem.code).toBe("too-many-digits");
          } else {
            const expected = decimal.toNumber();
            expect(valueOf(result)).toBe(Object.is(expected, -0) ? 0 : expected);
          }
        }),
        { numRuns: 5000 },
      );
    });
  });

  describe("toWireDecimal() and parseMoney()", () => {
    it("round-trip every two-decimal amount", () => {
      fc.assert(
        fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (cents) => {
          const amount = new MoneyDecimal(cents.toString()).dividedBy(100);
          const wire = toWireDecimal(amount);
          expect(wire).toMatch(/^-?\d+\.\d\d$/);
          expect(valueOf(parseMoney(wire)).equals(amount)).toBe(true);
          expect(toWireDecimal(valueOf(parseMoney(wire)))).toBe(wire);
        }),
        { numRuns: 2000 },
      );
    });
  });

  describe("formatMoney()", () => {
    it("never shows float noise for amounts settled from doubles", () => {
      const terms = fc.array(fc.integer({ min: -99_999_999, max: 99_999_999 }), { maxLength: 6 });
      fc.assert(
        fc.property(terms, (cents) => {
          const settled = settleSpreadsheetNumber(cents.reduce((sum, c) => sum + c / 100, 0));
          const shown = formatMoney(settled ?? new MoneyDecimal(NaN), { grouping: true });
          expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*\.\d\d$/);
        }),
        { numRuns: 2000 },
      );
    });
  });
});

describe("rate.ts", () => {
  describe("parseRate()", () => {
    it("accepts a positive decimal with up to ten decimals", () => {
      expect(valueOf(parseRate("1.2345")).toString()).toBe("1.2345");
      expect(valueOf(parseRate("0.0000000001")).toString()).toBe("0.0000000001");
    });

    it.each([
      ["", "empty", "The exchange rate is empty."],
      ["0", "not-positive", "The exchange rate 0 must be greater than zero."],
      ["-1.5", "not-positive", "The exchange rate -1.5 must be greater than zero."],
      [
        "1.00000000001",
        "too-many-decimals",
        "The exchange rate 1.00000000001 has more than 10 decimals.",
      ],
      [
        "1,5",
        "not-decimal",
        "“1,5” is not an exchange rate: use a point for decimals and no thousands separators, like 1.2345.",
      ],
    ])("refuses %j with code %s", (text, code, message) => {
      expect(parseRate(text)).toEqual({ ok: false, problem: { code, message } });
    });
  });

  describe("rateFromSpreadsheetNumber()", () => {
    it("settles the double of a typed rate", () => {
      expect(valueOf(rateFromSpreadsheetNumber(1.1)).toString()).toBe("1.1");
    });

    it("refuses a computed rate with more than ten decimals rather than rounding it", () => {
      expect(rateFromSpreadsheetNumber(1 / 3)).toEqual({
        ok: false,
        problem: {
          code: "too-many-decimals",
          message: "The exchange rate 0.333333333333333 has more than 10 decimals.",
        },
      });
    });
  });
});
