// The host check at start: one message naming what is missing and what to do.
import {
  formulasUnavailableMessage,
  missingRequirementsMessage,
} from "../../../../src/taskpane/shared/requirements";

describe("missingRequirementsMessage()", () => {
  it("is null on a host with the shared runtime and ExcelApi 1.13", () => {
    const asked: string[] = [];
    expect(
      missingRequirementsMessage((name, version) => {
        asked.push(`${name} ${version}`);
        return true;
      }),
    ).toBeNull();
    expect(asked).toEqual(["SharedRuntime 1.1", "ExcelApi 1.13"]);
  });

  it("names every missing set, why it is needed, and what to do", () => {
    expect(missingRequirementsMessage((name) => name !== "ExcelApi")).toBe(
      "This version of Excel lacks ExcelApi 1.13 (refreshing imported tables in place), which Ledger Sheets needs. Update Office (Excel for Microsoft 365: Version 2102 or later on Windows, 16.50 or later on Mac), or use Excel on the web.",
    );
    expect(missingRequirementsMessage(() => false)).toMatch(
      /^This version of Excel lacks SharedRuntime 1\.1 \(.*\) and ExcelApi 1\.13 \(.*\), which/,
    );
  });

  it("counts a host whose check throws as missing the set", () => {
    expect(
      missingRequirementsMessage(() => {
        throw new Error("no requirements API");
      }),
    ).toMatch(/^This version of Excel lacks SharedRuntime 1\.1/);
  });
});

describe("formulasUnavailableMessage()", () => {
  it("is null where CustomFunctionsRuntime 1.3 (the error codes with a message) is supported", () => {
    const asked: string[] = [];
    expect(
      formulasUnavailableMessage((name, version) => {
        asked.push(`${name} ${version}`);
        return true;
      }),
    ).toBeNull();
    expect(asked).toEqual(["CustomFunctionsRuntime 1.3"]);
  });

  it("says which versions have it, including Excel 2021 retail's late 2311, and what still works", () => {
    const message = formulasUnavailableMessage(
      (name, version) => name !== "CustomFunctionsRuntime" || version < "1.3",
    );
    expect(message).toContain("CustomFunctionsRuntime 1.3");
    expect(message).toContain("Excel 2021: Version 2311 or later");
    expect(message).toContain("Import and journals work");
  });

  it("counts a host whose check throws as lacking it", () => {
    expect(
      formulasUnavailableMessage(() => {
        throw new Error("no requirements API");
      }),
    ).toMatch(/^LEDGER formulas are not available/);
  });
});
