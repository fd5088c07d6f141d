import { MoneyDecimal, shownAmountProblem } from "../../../src/money";

const amount = (text: string) => new MoneyDecimal(text);

describe("shownAmountProblem()", () => {
  it("accepts a cell whose format shows the amount with the currency's decimals or more", () => {
    const display = { numberFormat: "#,##0.00", text: "2,599.60" };
    expect(shownAmountProblem(2599.6, amount("2599.6"), 2, display)).toBeNull();
    const kwd = { numberFormat: "#,##0.000", text: "1.500" };
    expect(shownAmountProblem(1.5, amount("1.5"), 2, kwd)).toBeNull();
  });

  it("refuses a format with fewer decimals than the currency, saying what it hides", () => {
    const display = { numberFormat: "#,##0", text: "2,600" };
    expect(shownAmountProblem(2599.6, amount("2599.6"), 2, display)).toBe(
      "its number format “#,##0” shows no decimals, fewer than the two decimals of the " +
        "currency: it shows 2,600 while 2,599.60 would be sent; give it the number format #,##0.00",
    );
    // Even when the digits hidden are zeros: the next edit would not show.
    expect(shownAmountProblem(2600, amount("2600"), 2, display)).toBe(
      "its number format “#,##0” shows no decimals, fewer than the two decimals of the " +
        "currency; give it the number format #,##0.00",
    );
  });

  it("refuses a cell that shows other digits than the amount sent", () => {
    // 0.300000001 reads as 0.30 (within 1e-9), but a format of nine decimals shows the 1.
    const display = { numberFormat: "0.000000000", text: "0.300000001" };
    expect(shownAmountProblem(0.300000001, amount("0.3"), 2, display)).toBe(
      "it shows 0.300000001 while 0.30 would be sent; if it is a formula result, wrap the " +
        "formula in ROUND(…, 2)",
    );
  });

  it("compares a General cell's displayed text, whichever decimal separator it uses", () => {
    const general = (text: string) => ({ numberFormat: "General", text });
    expect(shownAmountProblem(2599.6, amount("2599.6"), 2, general("2599.6"))).toBeNull();
    expect(shownAmountProblem(2599.6, amount("2599.6"), 2, general("2599,6"))).toBeNull();
    expect(shownAmountProblem(1e12, amount("1e12"), 2, general("1E+12"))).toBe(
      "the cell shows “1E+12”, not 1,000,000,000,000.00, the amount that would be sent; give " +
        "it the number format #,##0.00",
    );
  });

  it("refuses a percent format, which shows another number", () => {
    const display = { numberFormat: "0.00%", text: "1250.00%" };
    expect(shownAmountProblem(12.5, amount("12.5"), 2, display)).toBe(
      "its number format “0.00%” does not show the amount as it would be sent (12.50); give " +
        "it the number format #,##0.00",
    );
  });
});
