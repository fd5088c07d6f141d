import { balanced, decimalSum, FormulaError } from "../../../src/formulas";

function errorOf(act: () => unknown): FormulaError {
  try {
    act();
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error("expected a FormulaError");
}

describe("decimalSum()", () => {
  it("sums money cells without float drift", () => {
    // Plain JavaScript: 0.1 + 0.2 = 0.30000000000000004.
    expect(decimalSum([[[0.1], [0.2]]])).toBe(0.3);
    const tenCents = Array.from({ length: 10 }, () => [0.1]);
    expect(decimalSum([tenCents])).toBe(1);
    expect(decimalSum([[[1000.1, -999.9]]])).toBe(0.2);
  });

  it("settles a formula's noise to the cent the cell shows", () => {
    expect(decimalSum([[[0.1 + 0.2, 1000.1 - 999.9]]])).toBe(0.5);
  });

  it("sums every range of a repeating argument and skips empty cells", () => {
    expect(decimalSum([[[1.5, ""]], [[null, 2.25]], [[3]]])).toBe(6.75);
    expect(decimalSum([[[""]]])).toBe(0);
  });

  it("sums amounts kept as text exactly, and answers text when a number would lose digits", () => {
    expect(decimalSum([[["98765432109876.54"], [0.01]]])).toBe("98765432109876.55");
  });

  it("refuses a number typed as text, which Excel's sums and Validate leave out", () => {
    expect(errorOf(() => decimalSum([[["12.30"], [" 0.70 "]]])).message).toBe(
      "Row 1, column 1 of the values: 12.30 is text, not a number, so Excel's sums leave it " +
        "out; enter it as a number.",
    );
  });

  it("names the cell that is not an amount", () => {
    const error = errorOf(() => decimalSum([[[1], [10.005]]]));
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toBe(
      "Row 2, column 1 of the values: 10.005 has more than two decimals. If it is a formula " +
        "result, wrap the formula in ROUND(…, 2).",
    );
    expect(errorOf(() => decimalSum([[[1]], [[2, "abc"]]])).message).toBe(
      "Row 1, column 2 of value 2: “abc” is not an amount like 1234.50.",
    );
    expect(errorOf(() => decimalSum([[[true]]])).message).toBe(
      "Row 1, column 1 of the values: TRUE is not an amount.",
    );
  });
});

describe("balanced()", () => {
  it("is true when both sides sum to the same cent, whatever the float noise", () => {
    expect(balanced([[0.1], [0.2]], [[0.3]])).toBe(true);
    expect(errorOf(() => balanced([[100], [50]], [["150.00"]])).code).toBe("#VALUE!");
  });

  it("is false when the sides differ by a cent", () => {
    expect(balanced([[150]], [[149.99]])).toBe(false);
  });

  it("never takes a typed sub-cent digit for float noise, however large the amount", () => {
    // An allowance that grew with the amount made BALANCED(123456789012.345, 123456789012.35)
    // TRUE: the third decimal was rounded away as noise.
    const error = errorOf(() => balanced([[123456789012.345]], [[123456789012.35]]));
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toBe(
      "Row 1, column 1 of the debits: 123456789012.345 has more than two decimals. If it is a " +
        "formula result, wrap the formula in ROUND(…, 2).",
    );
    expect(errorOf(() => decimalSum([[[20000000000.001]]])).code).toBe("#VALUE!");
    expect(balanced([[123456789012.34]], [[123456789012.35]])).toBe(false);
  });

  it("names the side and cell of a value that is not an amount", () => {
    expect(errorOf(() => balanced([[1]], [[1], ["x"]])).message).toBe(
      "Row 2, column 1 of the credits: “x” is not an amount like 1234.50.",
    );
  });
});

describe("data-type cells (CustomFunctionsRuntime 1.4 passes them as objects)", () => {
  const double = (basicValue: number) => ({ type: "Double", basicValue });

  it("sums Double and formatted-number values by their basicValue", () => {
    expect(
      decimalSum([
        [[double(0.1), { type: "FormattedNumber", basicValue: 0.2, numberFormat: "0.00" }]],
      ]),
    ).toBe(0.3);
  });

  it("balances debits and credits held as data types", () => {
    expect(balanced([[double(100.1)], [double(0.2)]], [[100.3]])).toBe(true);
    expect(balanced([[double(100.1)]], [[100.2]])).toBe(false);
  });

  it("skips empty data types and still refuses an entity, naming its cell", () => {
    expect(decimalSum([[[{ type: "Empty" }, 5]]])).toBe(5);
    expect(() => decimalSum([[[1, { type: "Entity", text: "Contoso" }]]])).toThrow(
      /Row 1, column 2 of the values: this value is not an amount\./,
    );
  });
});

describe("the currency argument", () => {
  it("reads KWD and BHD with the two decimals the service keeps, JPY with none", () => {
    expect(balanced([[1.05]], [[1.05]], "KWD")).toBe(true);
    expect(balanced([[1.05], [0.01]], [[1.06]], "BHD")).toBe(true);
    expect(balanced([[1.05]], [[1.06]], "KWD")).toBe(false);
    expect(decimalSum([[[1.05], [2.02]], "KWD"])).toBe(3.07);
    expect(decimalSum([[[1.05]], [[0.01]], [["KWD"]]])).toBe(1.06);
    // A third KWD decimal is refused, as Validate refuses it: the service would.
    expect(errorOf(() => balanced([[1.005]], [[1.005]], "KWD")).message).toBe(
      "Row 1, column 1 of the debits: 1.005 has more than two decimals. If it is a formula " +
        "result, wrap the formula in ROUND(…, 2).",
    );
    expect(errorOf(() => balanced([[1.5]], [[1.5]], "JPY")).message).toBe(
      "Row 1, column 1 of the debits: 1.5 is not a whole amount. If it is a formula result, wrap " +
        "the formula in ROUND(…, 0).",
    );
    expect(decimalSum([[[1500], [2500]], "jpy"])).toBe(4000);
  });

  it("takes the currency from a cell or a data type, and two decimals when left out", () => {
    const jpyCell = [["JPY"]] as unknown as string;
    expect(balanced([[105]], [[105]], jpyCell)).toBe(true);
    expect(errorOf(() => balanced([[1.05]], [[1.05]], jpyCell)).code).toBe("#VALUE!");
    const jpyType = { type: "String", basicValue: "JPY" } as never;
    expect(errorOf(() => balanced([[1.05]], [[1.05]], jpyType)).code).toBe("#VALUE!");
    expect(balanced([[1.05]], [[1.05]])).toBe(true);
    expect(balanced([[1.05]], [[1.05]], "")).toBe(true);
  });

  it("refuses a currency code it does not know rather than guessing its decimals", () => {
    expect(errorOf(() => balanced([[1]], [[1]], "QQQ")).message).toBe(
      "The currency “QQQ” is not an ISO 4217 currency code; use one such as USD, JPY or KWD.",
    );
  });

  it("refuses a sum beyond 15 digits instead of rounding it", () => {
    const sum = 5000000000000.01 + 5000000000000.01;
    expect(errorOf(() => balanced([[sum]], [[10000000000000]])).message).toMatch(
      /^Row 1, column 1 of the debits: 10,000,000,000,000\.02 has more than 15 significant digits/,
    );
    expect(errorOf(() => decimalSum([[[sum]]])).code).toBe("#VALUE!");
  });
});
