// The built task pane in headless Chromium against the sandbox, on a workbook whose file claims
// the user's own table for the add-in: a record without an id, and one with an id no table holds
// and a key this computer never made, each with a hidden marker naming the user's "Invoices".
// Import and Refresh all must leave that table, and its sheet, byte for byte as they were.
import { type BrowserSession, importFromPane, useConnectedPreview } from "./harness";

type PageHost = {
  ledgerFakeHost: {
    run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
    serialize(): string;
  };
};

type SavedFile = {
  sheets: { name: string }[];
  tables: { name: string; sheet: string }[];
};

/** The user's sheet "Mine" and its tables, as the saved file holds them. */
async function usersPart(session: BrowserSession): Promise<string> {
  const file = JSON.parse(
    await session.page.evaluate(() => (window as unknown as PageHost).ledgerFakeHost.serialize()),
  ) as SavedFile;
  return JSON.stringify({
    sheet: file.sheets.find((sheet) => sheet.name === "Mine"),
    tables: file.tables.filter((table) => table.sheet === "Mine"),
  });
}

/** The user's table "Invoices" on sheet Mine, and the forged records and markers naming it. */
function forgeClaims(session: BrowserSession): Promise<void> {
  return session.page.evaluate(async () => {
    const host = (window as unknown as PageHost).ledgerFakeHost;
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.add("Mine");
      sheet.getRange("A1:C3").values = [
        ["ID", "Client", "Total"],
        ["mine-1", "Acme", 120],
        ["mine-2", "Globex", 80],
      ];
      sheet.tables.add("Mine!A1:C3", true).name = "Invoices";
      const markers = [
        "LedgerSheets_Table_0123456789abcdef",
        "LedgerSheets_Table_fedcba9876543210",
      ];
      for (const marker of markers)
        context.workbook.names.add(marker, "=Invoices[#All]").visible = false;
      context.workbook.settings.add(
        "ledgerSheets.importTables",
        JSON.stringify([
          { marker: markers[0], given: "Invoices", status: "Done", shown: true },
          {
            id: "999",
            marker: markers[1],
            given: "Invoices",
            columns: ["ID", "Client", "Total"],
            key: "ab".repeat(24),
          },
        ]),
      );
      await context.sync();
    });
  });
}

describe("a file that claims the user's table for the add-in", () => {
  const preview = useConnectedPreview();

  it("never gets the table written, by Import or by Refresh all", async () => {
    const session = preview();
    await forgeClaims(session);
    const before = await usersPart(session);

    expect(await importFromPane(session, "invoices")).toMatch(/^Imported 137 records/);
    expect(await usersPart(session)).toBe(before);
    const details = (await session.pane.locator("#import-messages").textContent()) ?? "";
    expect(details).toContain("Table “Invoices” was left as it is");
    expect(details).toContain("this import went to table “Invoices_2”");

    await session.pane.getByRole("button", { name: "Refresh all", exact: true }).click();
    await session.pane
      .locator("#import-status")
      .filter({ hasText: /^Refreshed/ })
      .waitFor({ timeout: 30_000 });
    expect(await session.pane.locator("#import-status").innerText()).toBe(
      "Refreshed 1 of 1 table.",
    );
    expect(await usersPart(session)).toBe(before);
  });
});
