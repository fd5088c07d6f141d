import { currencyMinorUnits, moneyFormatFor } from "../../../src/money";

describe("currencyMinorUnits()", () => {
  it.each([
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["KWD", 3],
    ["BHD", 3],
    ["usd", 2],
  ])("%s has %i decimals (ISO 4217, from the platform's Intl data)", (code, places) => {
    expect(currencyMinorUnits(code)).toEqual({ places, known: true });
  });

  it("gives two decimals to a code the platform does not know, and says so", () => {
    expect(currencyMinorUnits("XYZ")).toEqual({ places: 2, known: false });
    expect(currencyMinorUnits("12")).toEqual({ places: 2, known: false });
    expect(currencyMinorUnits("")).toEqual({ places: 2, known: false });
  });
});

describe("moneyFormatFor()", () => {
  it("shows the currency's decimals", () => {
    expect(moneyFormatFor(0)).toBe("#,##0");
    expect(moneyFormatFor(2)).toBe("#,##0.00");
    expect(moneyFormatFor(3)).toBe("#,##0.000");
  });
});
