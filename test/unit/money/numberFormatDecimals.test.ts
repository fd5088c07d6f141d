import { formatDecimals } from "../../../src/money";

describe("formatDecimals()", () => {
  it.each([
    ["#,##0.00", 2],
    ["#,##0", 0],
    ["#,##0.000", 3],
    ["0.0#", 2],
    ['"USD" #,##0.00', 2],
    ["[$€-407] #,##0.00", 2],
    ["#,##0.00_);[Red](#,##0.00)", 2],
    ['_-* #,##0.00_-;-* #,##0.00_-;_-* "-"??_-;_-@_-', 2],
  ])("reads %s as %i fixed decimals", (format, decimals) => {
    expect(formatDecimals(format, 12.5)).toEqual({ kind: "fixed", decimals });
  });

  it("takes the section of the value's sign", () => {
    expect(formatDecimals("#,##0.00;(#,##0)", -3)).toEqual({ kind: "fixed", decimals: 0 });
    expect(formatDecimals("#,##0.00;(#,##0)", 3)).toEqual({ kind: "fixed", decimals: 2 });
    expect(formatDecimals('#,##0.00;-#,##0.00;"nil"', 0)).toEqual({ kind: "other" });
  });

  it("leaves General and Text to the displayed text", () => {
    expect(formatDecimals("General", 1)).toEqual({ kind: "general" });
    expect(formatDecimals("", 1)).toEqual({ kind: "general" });
    expect(formatDecimals("@", 1)).toEqual({ kind: "general" });
  });

  it.each(["0.00%", "0.00E+00", "# ?/?", "yyyy-mm-dd", "#,##0,", "#,##0.00,,", "[>100]0.00;0"])(
    "calls %s a format that does not show the amount in plain digits",
    (format) => {
      expect(formatDecimals(format, 1234.5)).toEqual({ kind: "other" });
    },
  );
});
