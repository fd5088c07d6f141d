// A workbook is a file anyone can write: its journal marker and state alone must not make a
// sheet count as a journal (Send would write that sheet's cells to the server). Only a sheet
// this computer drew counts, through Microsoft's office.js client against the emulator.
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { drawJournal } from "../../../src/excel/journalDrawing";
import { markerFormula, markerName } from "../../../src/settings/journalMarkers";
import {
  activeJournalSheet,
  journalSheetByKey,
  journalWorkbookOverview,
} from "../../../src/excel/journalSheetStates";
import { deviceKey } from "../../../src/settings/deviceKey";
import { journalSheetKeys } from "../../../src/settings/journalSheetKeys";
import { JOURNAL_SHEETS_SETTING } from "../../../src/settings/journalSheets";
import { MemorySecretStore } from "../../doubles/memoryStores";
import { JOURNAL_STATE, oneCellLayout } from "../../doubles/journalSheets";

const LAYOUT = oneCellLayout(0);
const STATE = JOURNAL_STATE;

/** A file that marks the user's sheet "Invoices" as a journal: marker and state, both forged. */
async function forge(host: OfficeJsExcelHost, key: string): Promise<void> {
  await host.run(async (context) => {
    context.workbook.worksheets.add("Invoices").activate();
    context.workbook.names.add(markerName(key), markerFormula("Invoices")).visible = false;
    const state = { ...STATE, journalId: "j-victim", sheetName: "Invoices" };
    context.workbook.settings.add(JOURNAL_SHEETS_SETTING, JSON.stringify({ [key]: state }));
    await context.sync();
  });
}

describe("journal sheets this computer did not draw", () => {
  it("do not count, whatever the file's marker and state say", async () => {
    const keys = journalSheetKeys(await deviceKey(new MemorySecretStore()));
    const elsewhere = journalSheetKeys(await deviceKey(new MemorySecretStore()));
    for (const key of ["0123456789abcdef01234567", await elsewhere.make()]) {
      const host = new OfficeJsExcelHost();
      await forge(host, key);
      expect((await journalWorkbookOverview(host.run, keys)).journals).toEqual([]);
      expect(await activeJournalSheet(host.run, keys)).toBeNull();
      expect(await journalSheetByKey(host.run, key, keys)).toBeNull();
      // Neither taken for gone: the file's marker and state are left as they are.
      const reopened = OfficeJsExcelHost.fromSerialized(host.serialize());
      expect((await journalWorkbookOverview(reopened.run)).journals).toHaveLength(1);
    }
  });

  it("count when drawn here, also after the workbook is saved and reopened", async () => {
    const keys = journalSheetKeys(await deviceKey(new MemorySecretStore()));
    const host = new OfficeJsExcelHost();
    const drawn = await drawJournal(host.run, LAYOUT, STATE, undefined, keys);
    expect(await keys.madeHere(drawn.sheetKey)).toBe(true);
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize());
    const overview = await journalWorkbookOverview(reopened.run, keys);
    expect(overview.journals.map((sheet) => sheet.sheetKey)).toEqual([drawn.sheetKey]);
    expect((await activeJournalSheet(reopened.run, keys))?.sheetKey).toBe(drawn.sheetKey);
  });

  it("makes keys that share nothing and that no other computer recognises", async () => {
    const keys = journalSheetKeys(await deviceKey(new MemorySecretStore()));
    const other = journalSheetKeys(await deviceKey(new MemorySecretStore()));
    const [one, two] = [await keys.make(), await keys.make()];
    expect(one).toMatch(/^[0-9a-f]{48}$/);
    expect(one.slice(24)).not.toBe(two.slice(24));
    expect(await other.madeHere(one)).toBe(false);
    expect(await keys.madeHere(`${one.slice(0, 47)}${one.endsWith("0") ? "1" : "0"}`)).toBe(false);
  });
});
