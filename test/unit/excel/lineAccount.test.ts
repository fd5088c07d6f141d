// The task pane's account list for a new line, through Microsoft's office.js client and the
// emulator: the accounts of the open journals of the sheet's project, put on the selected line.
import type { ManualJournal } from "../../../src/api";
import { drawJournal } from "../../../src/excel/journalDrawing";
import { activateSheet } from "../../../src/excel/journalSheetStates";
import { journalSheetState, layoutJournal } from "../../../src/journal";
import { lineAccountChoices, putLineAccount } from "../../../src/journalEditor";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { seededJournal } from "../journal/seededJournals";

async function draw(host: OfficeJsExcelHost, journal: ManualJournal, project?: string) {
  const layout = layoutJournal(journal, project === undefined ? {} : { project });
  return await drawJournal(host.run, layout, journalSheetState(journal, layout.sheetName, project));
}

async function select(host: OfficeJsExcelHost, sheet: string, address: string): Promise<void> {
  await host.run(async (context) => {
    const target = context.workbook.worksheets.getItem(sheet);
    target.activate();
    target.getRange(address).select();
    await context.sync();
  });
}

describe("an account for a new line, from the pane's list", () => {
  it("lists the project's accounts and puts the one chosen on the selected line: code, name, ID", async () => {
    const host = new OfficeJsExcelHost();
    const first = seededJournal("JNL-0001");
    const other = seededJournal("JNL-0003");
    const sheet = await draw(host, first, "Demo");
    await draw(host, other, "Demo");
    await draw(host, seededJournal("JNL-0002"), "Acme");
    await activateSheet(host.run, sheet.sheetKey);

    const choices = await lineAccountChoices({ run: host.run });
    const expected = [...first.lines, ...other.lines].map((line) => line.account_code);
    expect(choices?.accounts.map((account) => account.accountCode)).toEqual(
      [...new Set(expected)].sort((a, b) => a.localeCompare(b, "en", { numeric: true })),
    );
    const account = other.lines.find(
      (line) => !first.lines.some((mine) => mine.account_id === line.account_id),
    )!;

    await select(host, sheet.sheetName, "F21");
    expect(await putLineAccount({ run: host.run }, choices!, account.account_id)).toEqual({
      put: true,
      message: `Row 21 now has account ${account.account_code} ${account.account_name}.`,
    });
    expect(host.values(sheet.sheetName, "B21:C21")).toEqual([
      [account.account_code, account.account_name],
    ]);
    expect(host.cell(sheet.sheetName, "L21")).toMatchObject({
      value: account.account_id,
      numberFormat: "@",
    });
  });

  it("refuses a cell outside the lines, and a cell of another sheet, saying what to select", async () => {
    const host = new OfficeJsExcelHost();
    const sheet = await draw(host, seededJournal("JNL-0001"));
    const choices = (await lineAccountChoices({ run: host.run }))!;
    const accountId = choices.accounts[0]!.accountId;
    await select(host, sheet.sheetName, "B31");
    expect(await putLineAccount({ run: host.run }, choices, accountId)).toEqual({
      put: false,
      message:
        "Select a cell in one of the lines (rows 19 to 30) first. For a new line below them, " +
        "insert a row above the Total row (row 31).",
    });
    expect(host.cell(sheet.sheetName, "B31").value).toBe("");
    host.addSheet("Notes");
    await select(host, "Notes", "B21");
    expect(await putLineAccount({ run: host.run }, choices, accountId)).toEqual({
      put: false,
      message: `Select a cell of the line on sheet “${sheet.sheetName}” first.`,
    });
    expect(await putLineAccount({ run: host.run }, choices, "")).toEqual({
      put: false,
      message: "Choose an account from the list first.",
    });
  });
});
