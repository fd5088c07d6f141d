import { CellError } from "../../../tools/excel-emulator/cellValues";
import { formatCellText, formatGeneral } from "../../../tools/excel-emulator/numberFormat";

describe("numberFormat.ts", () => {
  describe("formatCellText()", () => {
    it.each([
      [1234.5, "#,##0.00", "1,234.50"],
      [-1234.567, "#,##0.00", "-1,234.57"],
      [0, "#,##0.00", "0.00"],
      [1.005, "#,##0.00", "1.01"],
      [1234567.891, "#,##0", "1,234,568"],
      [1.5, "0.00########", "1.50"],
      [1.23456789, "0.00########", "1.23456789"],
      [0.000012345, "0.00########", "0.000012345"],
      [2.5, "0", "3"],
      [-2.5, "0", "-3"],
      [-0.4, "0", "0"],
      [0.125, "0%", "13%"],
      [0.125, "0.00%", "12.50%"],
      [100000, "0.00E+00", "1.00E+05"],
      [0.00012, "0.00E+00", "1.20E-04"],
      [45293, "yyyy-mm-dd", "2024-01-02"],
      [45293.75, "yyyy-mm-dd hh:mm:ss", "2024-01-02 18:00:00"],
      [45293.5, "m/d/yyyy h:mm", "1/2/2024 12:00"],
      [45293, "dddd, mmmm d, yyyy", "Tuesday, January 2, 2024"],
      [0.75, "h:mm AM/PM", "6:00 PM"],
      [60, "yyyy-mm-dd", "1900-02-29"],
      [61, "yyyy-mm-dd", "1900-03-01"],
      [-5, "yyyy-mm-dd", "###########"],
      [-5, "#,##0.00;(#,##0.00)", "(5.00)"],
      [0, '#,##0.00;-#,##0.00;"-"', "-"],
      [12, '"$"#,##0.00', "$12.00"],
      [12, "@", "12"],
      [0.1 + 0.2, "General", "0.3"],
    ])("shows %p in %j as %j", (value, format, text) => {
      expect(formatCellText(value, format)).toBe(text);
    });

    it("shows text, booleans and errors as they are", () => {
      expect(formatCellText("00123", "#,##0.00")).toBe("00123");
      expect(formatCellText(true, "General")).toBe("TRUE");
      expect(formatCellText(CellError.of("#REF!"), "0.00")).toBe("#REF!");
    });
  });

  describe("formatGeneral()", () => {
    it.each([
      [0, "0"],
      [123, "123"],
      [-0.5, "-0.5"],
      [1234567.891, "1234567.891"],
      [Math.PI, "3.141592654"],
      [12345678901, "12345678901"],
      [123456789012, "1.23457E+11"],
      [0.0000000001, "1E-10"],
      [1 / 3, "0.333333333"],
    ])("shows %p as %j in a standard-width column", (value, text) => {
      expect(formatGeneral(value)).toBe(text);
    });
  });
});
