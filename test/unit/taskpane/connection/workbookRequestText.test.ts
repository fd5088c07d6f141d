import { defaultCollectionPaths } from "../../../../src/settings/collectionPaths";
import { workbookRequestText } from "../../../../src/taskpane/connection/workbookRequestText";

const ACME = { label: "Acme", host: "api.example.com", version: "v1" as const };

describe("workbookRequestText()", () => {
  it("names the server and project, and what the workbook does when it opens", () => {
    const paths = defaultCollectionPaths();
    expect(workbookRequestText([ACME], "full", paths)).toBe(
      "This workbook connects to api.example.com as project Acme and refreshes on open. " +
        "Nothing is requested until you select Connect.",
    );
    expect(workbookRequestText([ACME], "new", paths)).toMatch(
      /as project Acme and fetches new records on open\./,
    );
    expect(workbookRequestText([ACME], "off", paths)).toMatch(/as project Acme\. Nothing/);
  });

  it("names a version other than v1, every project, and the collection paths it changes", () => {
    const paths = { ...defaultCollectionPaths(), invoices: "/sales/invoices", bills: "/ap/bills" };
    expect(
      workbookRequestText(
        [
          { ...ACME, version: "rc-1" },
          { label: "Other", host: undefined, version: "v1" },
        ],
        "off",
        paths,
      ),
    ).toBe(
      "This workbook connects to api.example.com as project Acme (API rc-1) and to an address " +
        "the add-in does not accept as project Other. It reads invoices from /sales/invoices " +
        "and bills from /ap/bills. Nothing is requested until you select Connect.",
    );
  });

  it("names the automatic refresh it asks for, beside the one on open", () => {
    const paths = defaultCollectionPaths();
    expect(
      workbookRequestText([ACME], "full", paths, {
        kind: "on",
        choice: { minutes: 15, mode: "new" },
      }),
    ).toBe(
      "This workbook connects to api.example.com as project Acme and refreshes on open and " +
        "fetches new records every 15 minutes while open. Nothing is requested until you select Connect.",
    );
    expect(
      workbookRequestText([ACME], "off", paths, {
        kind: "on",
        choice: { minutes: 60, mode: "full" },
      }),
    ).toMatch(/as project Acme and refreshes every hour while open\./);
    expect(workbookRequestText([ACME], "off", paths, { kind: "invalid" })).toMatch(
      /as project Acme\. Nothing/,
    );
  });

  it("says nothing for a workbook without projects", () => {
    expect(workbookRequestText([], "full", defaultCollectionPaths())).toBe("");
  });
});
