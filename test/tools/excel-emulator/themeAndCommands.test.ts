// The fake Office's theme (read, never announced, as in Excel) and ribbon function commands, which the
// browser tests and the preview use to act as Excel would.
import { FakeExcelHost } from "../../../tools/excel-emulator/host";
import { installFakeOffice } from "../../../tools/excel-emulator/officeShim";

type ThemeArgs = { type: string; officeTheme: { isDarkTheme: boolean } };

describe("fake Office: theme changes and function commands", () => {
  it("raises no OfficeThemeChanged in Excel (an Outlook event); officeTheme answers the new theme", async () => {
    const host = new FakeExcelHost();
    const { Office } = installFakeOffice({}, host);
    const seen: ThemeArgs[] = [];
    const document = Office.context.document as {
      addHandlerAsync(type: string, handler: (args: ThemeArgs) => void): void;
    };
    document.addHandlerAsync(Office.EventType.OfficeThemeChanged!, (args) => seen.push(args));
    host.setTheme("dark");
    expect(seen).toEqual([]);
    expect((Office.context.officeTheme as { isDarkTheme: boolean }).isDarkTheme).toBe(true);
    host.setTheme("light");
    expect((Office.context.officeTheme as { isDarkTheme: boolean }).isDarkTheme).toBe(false);
  });

  it("runs an associated function command until it calls event.completed()", async () => {
    const host = new FakeExcelHost();
    const { Office } = installFakeOffice({}, host);
    const ran: string[] = [];
    Office.actions.associate("showJournalTab", (event) => {
      ran.push("ran");
      setTimeout(() => (event as { completed(): void }).completed(), 5);
    });
    await host.runAction("showJournalTab");
    expect(ran).toEqual(["ran"]);
    await expect(host.runAction("noSuchCommand")).rejects.toThrow(/noSuchCommand/);
  });
});
