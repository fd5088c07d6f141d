// The host check at start: one message naming what is missing and what to do.
import { missingRequirementsMessage } from "../../../src/taskpane/requirements";

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
