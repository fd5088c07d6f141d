// The fake Office's theme change (OfficeThemeChanged) and ribbon function commands, which the
// browser tests and the preview use to act as Excel would.
import { FakeExcelHost } from "../../../tools/excel-emulator/host";
import { installFakeOffice } from "../../../tools/excel-emulator/officeShim";

type ThemeArgs = { type: string; officeTheme: { isDarkTheme: boolean } };

describe("fake Office: theme changes and function commands", () => {
  it("tells OfficeThemeChanged handlers the new theme when the host switches it", async () => {
    const host = new FakeExcelHost();
    const { Office } = installFakeOffice({}, host);
    const seen: ThemeArgs[] = [];
    const document = Office.context.document as {
      addHandlerAsync(type: string, handler: (args: ThemeArgs) => void): void;
    };
    document.addHandlerAsync(Office.EventType.OfficeThemeChanged!, (args) => seen.push(args));
    host.setTheme("dark");
    host.setTheme("light");
    expect(seen.map((a) => [a.type, a.officeTheme.isDarkTheme])).toEqual([
      ["officeThemeChanged", true],
      ["officeThemeChanged", false],
    ]);
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
