import fc from "fast-check";
import { MAX_SHEET_NAME_LENGTH, MAX_TABLE_NAME_LENGTH } from "../../../src/domain/excelLimits";
import { looksLikeCellReference, sheetNameFor, tableNameFor } from "../../../src/sheets/names";

/** Excel's rules for a worksheet name. */
function isValidSheetName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= MAX_SHEET_NAME_LENGTH &&
    !/[:\\/?*[\]]/.test(name) &&
    !name.startsWith("'") &&
    !name.endsWith("'") &&
    name.trim() !== "" &&
    name.toLowerCase() !== "history"
  );
}

/** Excel's rules for a table name. */
function isValidTableName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= MAX_TABLE_NAME_LENGTH &&
    /^[\p{L}_][\p{L}\p{Nd}_.]*$/u.test(name) &&
    !looksLikeCellReference(name) &&
    !/^(true|false)$/i.test(name)
  );
}

describe("names.ts", () => {
  describe("sheetNameFor()", () => {
    it("keeps an ordinary label", () => {
      expect(sheetNameFor("Payments")).toBe("Payments");
      expect(sheetNameFor("Payment allocations")).toBe("Payment allocations");
      expect(sheetNameFor("Credit notes")).toBe("Credit notes");
    });

    it("replaces the characters Excel refuses with a space", () => {
      expect(sheetNameFor("Q1/Q2: bills [draft]?*\\")).toBe("Q1 Q2 bills draft");
    });

    it("cuts to 31 characters, without leaving a space at the end", () => {
      expect(sheetNameFor("Invoices from the quarterly review cycle")).toBe(
        "Invoices from the quarterly rev",
      );
      expect(sheetNameFor("Invoices from the quarterly re xyz")).toBe(
        "Invoices from the quarterly re",
      );
    });

    it("drops apostrophes at either end, which Excel refuses", () => {
      expect(sheetNameFor("'Quoted'")).toBe("Quoted");
      expect(sheetNameFor("Bob's bills")).toBe("Bob's bills");
    });

    it("gives Import for a blank label and History data for the reserved History", () => {
      expect(sheetNameFor("")).toBe("Import");
      expect(sheetNameFor("  ?? ")).toBe("Import");
      expect(sheetNameFor("history")).toBe("History data");
    });

    it("avoids taken names, ignoring case, within 31 characters", () => {
      expect(sheetNameFor("Invoices", ["invoices"])).toBe("Invoices (2)");
      expect(sheetNameFor("Invoices", ["Invoices", "Invoices (2)"])).toBe("Invoices (3)");
      const long = "A".repeat(40);
      expect(sheetNameFor(long, ["A".repeat(31)])).toBe(`${"A".repeat(27)} (2)`);
    });

    it("does not split an emoji at the cut", () => {
      const name = sheetNameFor(`${"x".repeat(30)}🧾`);
      expect(name).toBe("x".repeat(30));
    });

    it("is deterministic and always valid, whatever the label", () => {
      fc.assert(
        fc.property(fc.string({ unit: "binary" }), (label) => {
          const name = sheetNameFor(label);
          expect(isValidSheetName(name)).toBe(true);
          expect(sheetNameFor(label)).toBe(name);
        }),
        { numRuns: 2000 },
      );
    });
  });

  describe("tableNameFor()", () => {
    it.each([
      ["Payments", "Payments"],
      ["Payment allocations", "PaymentAllocations"],
      ["Credit notes", "CreditNotes"],
      ["credit-notes", "CreditNotes"],
      ["Café Müller", "CafeMuller"],
      ["v1.2 export", "V1.2Export"],
      ["snake_case name", "Snake_caseName"],
    ])("%j becomes %j", (label, name) => {
      expect(tableNameFor(label)).toBe(name);
    });

    it("starts with an underscore when the label starts with a digit or period", () => {
      expect(tableNameFor("2024 invoices")).toBe("_2024Invoices");
      expect(tableNameFor(".hidden")).toBe("_.hidden");
    });

    it.each(["A1", "xfd1048576", "R1C1", "r", "C", "RC2", "R10"])(
      "adds an underscore to %j, which Excel would read as a cell reference",
      (label) => {
        expect(tableNameFor(label)).toBe(`${label.charAt(0).toUpperCase()}${label.slice(1)}_`);
      },
    );

    it("keeps names that only resemble references", () => {
      expect(tableNameFor("Abcd1")).toBe("Abcd1");
      expect(tableNameFor("Rates")).toBe("Rates");
    });

    it("avoids TRUE and FALSE", () => {
      expect(tableNameFor("true")).toBe("True_");
    });

    it("gives Table for a label without letters or digits", () => {
      expect(tableNameFor("")).toBe("Table");
      expect(tableNameFor("— ! —")).toBe("Table");
    });

    it("cuts to 255 characters and avoids taken names, ignoring case", () => {
      expect(tableNameFor("x".repeat(300))).toBe(`X${"x".repeat(254)}`);
      expect(tableNameFor("Invoices", ["INVOICES"])).toBe("Invoices_2");
    });

    it("is deterministic and always valid, whatever the label", () => {
      fc.assert(
        fc.property(fc.string({ unit: "binary" }), fc.array(fc.string()), (label, taken) => {
          const name = tableNameFor(label, taken);
          expect(isValidTableName(name)).toBe(true);
          expect(taken.map((t) => t.toLowerCase())).not.toContain(name.toLowerCase());
          expect(tableNameFor(label, taken)).toBe(name);
        }),
        { numRuns: 2000 },
      );
    });
  });
});
