// The status lines an import writes above its tables are the ones a later import recognises as
// its own: a progress line left by a stopped import, or the last final status it recorded.
import {
  importingStatus,
  isProgressStatus,
  linkedImportingStatus,
  linkedStatus,
  statusCellIsOurs,
} from "../../../src/sheets/tableNameAndStatus";

describe("progress status lines", () => {
  it("recognises every progress line an import writes", () => {
    for (const rows of [0, 1, 2, 999, 1_000, 1_048_575]) {
      expect(isProgressStatus(importingStatus("Invoices", "example.test", rows))).toBe(true);
    }
    expect(isProgressStatus(importingStatus("Sales orders", "my host:8080", 12_345))).toBe(true);
    expect(
      isProgressStatus(linkedImportingStatus("Allocations of the payments", "Payments (2)")),
    ).toBe(true);
    expect(isProgressStatus(linkedImportingStatus("Lines of the invoices", "Invoices"))).toBe(true);
  });

  it("counts records in words", () => {
    expect(importingStatus("Invoices", "example.test", 1)).toBe(
      "Importing Invoices from example.test: 1 record so far (partial until finished)…",
    );
    expect(importingStatus("Invoices", "example.test", 12_345)).toContain("12,345 records so far");
  });

  it("does not take a final status or the user's text for a progress line", () => {
    const final = "Imported 3 invoices from example.test on 2026-11-26 03:00 UTC.";
    expect(isProgressStatus(final)).toBe(false);
    expect(isProgressStatus(linkedStatus("Lines of the invoices", "Invoices", final))).toBe(false);
    expect(isProgressStatus("Importing is fun")).toBe(false);
    expect(isProgressStatus(`${importingStatus("Invoices", "example.test", 3)} (mine)`)).toBe(
      false,
    );
  });
});

describe("statusCellIsOurs()", () => {
  const shown = { status: "Imported 3 invoices.", shown: true };

  it("takes an empty cell", () => {
    for (const formula of ["", null, undefined]) {
      expect(statusCellIsOurs(formula, {})).toBe(true);
    }
  });

  it("takes the last final status it showed there, and a progress line a stopped import left", () => {
    expect(statusCellIsOurs("Imported 3 invoices.", shown)).toBe(true);
    expect(statusCellIsOurs(importingStatus("Invoices", "example.test", 5), shown)).toBe(true);
    expect(
      statusCellIsOurs(linkedImportingStatus("Allocations of the payments", "Payments"), shown),
    ).toBe(true);
  });

  it("leaves the user's content alone", () => {
    expect(statusCellIsOurs("My notes", shown)).toBe(false);
    expect(statusCellIsOurs(42, shown)).toBe(false);
    expect(statusCellIsOurs("=A1", shown)).toBe(false);
  });

  it("leaves the cell alone when the last status was not shown there", () => {
    expect(statusCellIsOurs("Imported 3 invoices.", { ...shown, shown: false })).toBe(false);
    expect(statusCellIsOurs(importingStatus("Invoices", "example.test", 5), {})).toBe(false);
  });
});
