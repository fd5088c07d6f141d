import {
  compareMoney,
  formatMoney,
  MoneyDecimal,
  moneyEquals,
  parseMoney,
  sumMoney,
  toWireDecimal,
} from "../../../src/money";
import type { Money, MoneyResult } from "../../../src/money";

const d = (text: string): Money => new MoneyDecimal(text);

function valueOf<T>(result: MoneyResult<T>): T {
  if (!result.ok) throw new Error(`expected a value, got: ${result.problem.message}`);
  return result.value;
}

describe("money.ts", () => {
  describe("parseMoney()", () => {
    it.each([
      ["-12.30", "-12.3"],
      ["0.00", "0"],
      ["1234567890123456.78", "1234567890123456.78"],
      ["7", "7"],
      ["007.50", "7.5"],
      ["12.300", "12.3"],
    ])("accepts strict decimal text %s", (text, expected) => {
      expect(valueOf(parseMoney(text)).toString()).toBe(expected);
    });

    it("keeps every digit of a 18-digit amount", () => {
      expect(toWireDecimal(valueOf(parseMoney("1234567890123456.78")))).toBe("1234567890123456.78");
    });

    it("turns -0.00 into zero", () => {
      const zero = valueOf(parseMoney("-0.00"));
      expect(zero.isNegative()).toBe(false);
      expect(toWireDecimal(zero)).toBe("0.00");
    });

    it.each([
      ["", "empty", "The amount is empty."],
      ["1e5", "not-decimal", "“1e5” is not an amount: write it without an exponent, like 1234.50."],
      [
        "12,30",
        "not-decimal",
        "“12,30” is not an amount: use a point for decimals and no thousands separators, like 1234.50.",
      ],
      ["NaN", "not-decimal", "“NaN” is not an amount like 1234.50."],
      [" 12.30", "not-decimal", "“ 12.30” is not an amount: remove the spaces."],
      ["12.30 ", "not-decimal", "“12.30 ” is not an amount: remove the spaces."],
      ["+5", "not-decimal", "“+5” is not an amount like 1234.50."],
      [".5", "not-decimal", "“.5” is not an amount like 1234.50."],
      ["5.", "not-decimal", "“5.” is not an amount like 1234.50."],
      ["Infinity", "not-decimal", "“Infinity” is not an amount like 1234.50."],
      ["12.345", "too-many-decimals", "12.345 has more than two decimals."],
      ["1".repeat(31), "too-large", `“${"1".repeat(31)}” has more than 30 digits.`],
      ["1".repeat(41), "too-large", `“${"1".repeat(40)}…” has more than 30 digits.`],
    ])("refuses %j with code %s", (text, code, message) => {
      expect(parseMoney(text)).toEqual({ ok: false, problem: { code, message } });
    });

    it("accepts more decimals when the caller asks for them", () => {
      expect(valueOf(parseMoney("12.345", { places: 3 })).toString()).toBe("12.345");
    });
  });

  describe("sumMoney()", () => {
    it("adds exactly where doubles would not", () => {
      expect(sumMoney([d("0.1"), d("0.2")]).toString()).toBe("0.3");
      expect(0.1 + 0.2).not.toBe(0.3);
    });

    it("is zero for no amounts", () => {
      expect(sumMoney([]).toString()).toBe("0");
    });

    it("keeps all digits of large amounts", () => {
      expect(sumMoney([d("9999999999999999.99"), d("0.01")]).toFixed(2)).toBe(
        "10000000000000000.00",
      );
    });
  });

  describe("compareMoney() and moneyEquals()", () => {
    it("orders amounts numerically", () => {
      expect(compareMoney(d("10.30"), d("10.3"))).toBe(0);
      expect(compareMoney(d("-1"), d("0.01"))).toBe(-1);
      expect(compareMoney(d("100"), d("99.99"))).toBe(1);
      expect([d("3"), d("-2"), d("10")].sort(compareMoney).map(String)).toEqual(["-2", "3", "10"]);
    });

    it("treats equal values with different trailing zeros as equal", () => {
      expect(moneyEquals(d("10.30"), d("10.3"))).toBe(true);
      expect(moneyEquals(d("10.30"), d("10.31"))).toBe(false);
    });
  });

  describe("formatMoney()", () => {
    it("shows two decimals without grouping by default", () => {
      expect(formatMoney(d("1234.5"))).toBe("1234.50");
    });

    it("groups thousands when asked", () => {
      expect(formatMoney(d("1234.5"), { grouping: true })).toBe("1,234.50");
      expect(formatMoney(d("-1234567.891"), { grouping: true })).toBe("-1,234,567.89");
      expect(formatMoney(d("999"), { grouping: true })).toBe("999.00");
    });

    it("rounds half up to the places asked", () => {
      expect(formatMoney(d("1.005"))).toBe("1.01");
      expect(formatMoney(d("-1.005"))).toBe("-1.01");
      expect(formatMoney(d("2.5"), { places: 0 })).toBe("3");
    });

    it("never shows -0.00", () => {
      expect(formatMoney(d("-0.001"))).toBe("0.00");
    });

    it("never shows an exponent", () => {
      expect(formatMoney(d("1e21"))).toBe("1000000000000000000000.00");
      expect(formatMoney(d("1e-9"), { places: 9 })).toBe("0.000000001");
    });
  });

  describe("toWireDecimal()", () => {
    it.each([
      ["10.3", "10.30"],
      ["10", "10.00"],
      ["-5.5", "-5.50"],
      ["1.2345", "1.2345"],
      ["1e-7", "0.0000001"],
      ["1e20", "100000000000000000000.00"],
    ])("writes %s as %s", (input, wire) => {
      expect(toWireDecimal(d(input))).toBe(wire);
    });
  });
});
