import {
  ISO_4217_MINOR_UNITS,
  currencyMinorUnits,
  moneyFormatFor,
  sendablePlaces,
} from "../../../src/money";

describe("currencyMinorUnits()", () => {
  it.each([
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["KWD", 3],
    ["BHD", 3],
    ["usd", 2],
    // Where the platforms' display data says 0 (or differs between Node and Chromium).
    ["HUF", 2],
    ["IDR", 2],
    ["COP", 2],
    ["PKR", 2],
    ["IQD", 3],
    ["RSD", 2],
    ["CLF", 4],
    ["UYW", 4],
    ["XCG", 2],
    ["ZWG", 2],
  ])("%s has %i decimals (ISO 4217 list one)", (code, places) => {
    expect(currencyMinorUnits(code)).toEqual({ places, known: true });
  });

  it("gives two decimals to a code ISO 4217 does not list as a currency, and says so", () => {
    expect(currencyMinorUnits("XYZ")).toEqual({ places: 2, known: false });
    // Withdrawn codes, and units without a minor unit (gold), are not currencies of an amount.
    expect(currencyMinorUnits("ANG")).toEqual({ places: 2, known: false });
    expect(currencyMinorUnits("XAU")).toEqual({ places: 2, known: false });
    expect(currencyMinorUnits("12")).toEqual({ places: 2, known: false });
    expect(currencyMinorUnits("")).toEqual({ places: 2, known: false });
  });
});

describe("ISO_4217_MINOR_UNITS", () => {
  it("lists the active codes of the edition it cites, each with a minor unit from 0 to 4", () => {
    expect(ISO_4217_MINOR_UNITS.size).toBe(165);
    for (const [code, places] of ISO_4217_MINOR_UNITS) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3, 4]).toContain(places);
    }
  });
});

describe("sendablePlaces()", () => {
  it("is the fewer of the currency's decimals and the service's", () => {
    expect(sendablePlaces("USD", 2)).toBe(2);
    expect(sendablePlaces("KWD", 2)).toBe(2);
    expect(sendablePlaces("KWD", 3)).toBe(3);
    expect(sendablePlaces("JPY", 2)).toBe(0);
    expect(sendablePlaces("HUF", 2)).toBe(2);
    expect(sendablePlaces("CLF", 2)).toBe(2);
  });
});

describe("moneyFormatFor()", () => {
  it("shows the currency's decimals", () => {
    expect(moneyFormatFor(0)).toBe("#,##0");
    expect(moneyFormatFor(2)).toBe("#,##0.00");
    expect(moneyFormatFor(3)).toBe("#,##0.000");
  });
});
