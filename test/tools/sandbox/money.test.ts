import {
  addAmounts,
  formatAmount,
  halfFloored,
  Money,
  timesAmount,
  totalOf,
} from "../../../tools/sandbox/money";

const viaDecimal = (value: Money): string => value.toFixed(2, Money.ROUND_HALF_UP);

const AMOUNTS = [
  "0.00",
  "-0.00",
  "0.01",
  "-0.01",
  "-0.04",
  "0.05",
  "1.5",
  "7",
  "007.50",
  "12.34",
  "-2499.99",
  "9999999999999.97",
  "99999999999999.97",
  "1.005",
  "1e3",
  "+1.00",
];

describe("the sandbox's exact-cent shortcuts", () => {
  it("format amounts as decimal.js does, numbers and text alike", () => {
    for (const text of AMOUNTS) {
      expect(formatAmount(text)).toBe(viaDecimal(new Money(text)));
      const number = Number(text);
      expect(formatAmount(number)).toBe(viaDecimal(new Money(number)));
    }
    for (const number of [0.1 + 0.2, 1.005, -0, 1e21, 2.675, 123456789012.34]) {
      expect(formatAmount(number)).toBe(viaDecimal(new Money(number)));
    }
  });

  it("multiply, add, subtract, total and halve as decimal.js does, -0.00 included", () => {
    const rates = ["0.10", "0.20", "1.00", "0.5", "2.50"];
    for (const a of AMOUNTS) {
      for (const b of [...AMOUNTS, ...rates]) {
        expect(timesAmount(a, b)).toBe(viaDecimal(new Money(a).times(b)));
        expect(addAmounts(a, b)).toBe(viaDecimal(new Money(a).plus(b)));
        expect(addAmounts(a, b, true)).toBe(viaDecimal(new Money(a).minus(b)));
        expect(totalOf([a, b, a])).toBe(viaDecimal(new Money(a).plus(b).plus(a)));
      }
      expect(halfFloored(a)).toBe(viaDecimal(new Money(a).dividedBy(2).floor()));
    }
    expect(timesAmount("-0.04", "0.10")).toBe("-0.00");
    expect(timesAmount("0.05", "0.10")).toBe("0.01");
    expect(timesAmount("-0.05", "0.10")).toBe("-0.01");
  });
});
