import { FakeExcelHost, installFakeOffice } from "../../../tools/excel-emulator";
import { officeErrorOf } from "./harness";

/** A window-like object with its own localStorage, to prove storage never touches it. */
function fakeWindow() {
  const local = new Map<string, string>();
  return {
    localStorage: {
      getItem: (k: string) => local.get(k) ?? null,
      setItem: (k: string, v: string) => void local.set(k, v),
      get length() {
        return local.size;
      },
    },
  } as Record<string, unknown> & { localStorage: { length: number } };
}

describe("installFakeOffice", () => {
  it("defines Office, Excel, OfficeExtension, OfficeRuntime and CustomFunctions on the target", () => {
    const target = fakeWindow();
    installFakeOffice(target, new FakeExcelHost());
    for (const name of ["Office", "Excel", "OfficeExtension", "OfficeRuntime", "CustomFunctions"]) {
      expect(target[name]).toBeDefined();
    }
  });

  it("resolves Office.onReady with Excel on the web, also through the callback", async () => {
    const { Office } = installFakeOffice(fakeWindow(), new FakeExcelHost());
    const fromCallback = jest.fn();
    const info = await Office.onReady(fromCallback);
    expect(info).toEqual({ host: "Excel", platform: "OfficeOnline" });
    expect(fromCallback).toHaveBeenCalledWith(info);
    expect(info.host).toBe(Office.HostType.Excel);
    expect(info.platform).toBe(Office.PlatformType.OfficeOnline);
  });

  it("supports ExcelApi up to 1.17 and SharedRuntime 1.1, nothing newer", () => {
    const { Office } = installFakeOffice(fakeWindow(), new FakeExcelHost());
    const requirements = Office.context.requirements as {
      isSetSupported(name: string, v?: string): boolean;
    };
    expect(requirements.isSetSupported("ExcelApi", "1.17")).toBe(true);
    expect(requirements.isSetSupported("ExcelApi", "1.9")).toBe(true);
    expect(requirements.isSetSupported("ExcelApi", "1.18")).toBe(false);
    expect(requirements.isSetSupported("SharedRuntime", "1.1")).toBe(true);
    expect(requirements.isSetSupported("SharedRuntime", "1.2")).toBe(false);
    expect(requirements.isSetSupported("WordApi", "1.1")).toBe(false);
  });

  it("reports the host's light or dark theme", () => {
    const light = installFakeOffice(fakeWindow(), new FakeExcelHost()).Office.context.officeTheme;
    const dark = installFakeOffice(fakeWindow(), new FakeExcelHost({ theme: "dark" })).Office
      .context.officeTheme;
    expect(light).toMatchObject({ bodyBackgroundColor: "#FFFFFF", isDarkTheme: false });
    expect(dark).toMatchObject({ isDarkTheme: true });
    expect(Object.keys(dark as object)).toEqual(
      expect.arrayContaining([
        "bodyBackgroundColor",
        "bodyForegroundColor",
        "controlBackgroundColor",
        "controlForegroundColor",
        "themeId",
      ]),
    );
  });

  it("runs Excel.run on the host and exposes the enums the Excel layer uses", async () => {
    const host = new FakeExcelHost();
    const { Excel } = installFakeOffice(fakeWindow(), host);
    expect(Excel.DeleteShiftDirection).toEqual({ up: "Up", left: "Left" });
    await Excel.run(async (context: Excel.RequestContext) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["via Excel.run"]];
      await context.sync();
    });
    expect(host.cell("Sheet1", "A1").value).toBe("via Excel.run");
  });

  it("makes Office errors instances of OfficeExtension.Error", async () => {
    const host = new FakeExcelHost();
    const { Excel, OfficeExtension } = installFakeOffice(fakeWindow(), host);
    const error = await officeErrorOf(
      Excel.run(async (context: Excel.RequestContext) => {
        context.workbook.worksheets.getItem("Nope").load("name");
        await context.sync();
      }),
    );
    expect(error).toBeInstanceOf(OfficeExtension.Error as unknown as typeof Error);
    expect(new Error("plain")).not.toBeInstanceOf(OfficeExtension.Error as unknown as typeof Error);
  });

  it("keeps document settings in a copy until saveAsync writes them into the workbook", async () => {
    const host = new FakeExcelHost();
    const { Office } = installFakeOffice(fakeWindow(), host);
    const settings = (Office.context.document as { settings: Office.Settings }).settings;
    settings.set("identity", "demo-company");
    expect(settings.get("identity")).toBe("demo-company");
    expect(host.workbook.settings.get("identity")).toBeUndefined();
    const result = await new Promise<Office.AsyncResult<void>>((resolve) =>
      settings.saveAsync(resolve),
    );
    expect(result.status).toBe("succeeded");
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    const again = installFakeOffice(fakeWindow(), reopened).Office.context.document as {
      settings: Office.Settings;
    };
    expect(again.settings.get("identity")).toBe("demo-company");
    again.settings.remove("identity");
    expect(again.settings.get("identity")).toBeNull();
  });

  it("shares saved document settings with Excel's workbook.settings", async () => {
    const host = new FakeExcelHost();
    const { Office } = installFakeOffice(fakeWindow(), host);
    const settings = (Office.context.document as { settings: Office.Settings }).settings;
    settings.set("k", { n: 1 });
    await new Promise((resolve) => settings.saveAsync(resolve));
    const value = await host.run(async (context) => {
      const item = context.workbook.settings.getItem("k").load("value");
      await context.sync();
      return item.value;
    });
    expect(value).toEqual({ n: 1 });
  });

  it("keeps OfficeRuntime.storage in the host's memory, never in localStorage", async () => {
    const host = new FakeExcelHost();
    const target = fakeWindow();
    const { OfficeRuntime } = installFakeOffice(target, host);
    await OfficeRuntime.storage.setItem("token", "secret");
    await OfficeRuntime.storage.setItems({ a: "1", b: "2" });
    expect(await OfficeRuntime.storage.getItem("token")).toBe("secret");
    expect(await OfficeRuntime.storage.getItems(["a", "missing"])).toEqual({
      a: "1",
      missing: null,
    });
    await OfficeRuntime.storage.removeItems(["a", "b"]);
    expect(await OfficeRuntime.storage.getKeys()).toEqual(["token"]);
    expect(target.localStorage.length).toBe(0);
    expect(host.storage.get("token")).toBe("secret");
  });

  it("keeps storage per host: another host does not see it unless given the same map", async () => {
    const first = new FakeExcelHost();
    await installFakeOffice(fakeWindow(), first).OfficeRuntime.storage.setItem("token", "secret");
    const other = installFakeOffice(fakeWindow(), new FakeExcelHost()).OfficeRuntime.storage;
    expect(await other.getItem("token")).toBeNull();
    const sameMachine = installFakeOffice(
      fakeWindow(),
      new FakeExcelHost({ storage: first.storage }),
    ).OfficeRuntime.storage;
    expect(await sameMachine.getItem("token")).toBe("secret");
  });

  it("rejects non-string storage values and storage beyond 10 MB", async () => {
    const { OfficeRuntime } = installFakeOffice(fakeWindow(), new FakeExcelHost());
    await expect(OfficeRuntime.storage.setItem("n", 5 as unknown as string)).rejects.toThrow(
      TypeError,
    );
    await expect(
      OfficeRuntime.storage.setItem("big", "x".repeat(10 * 1024 * 1024 + 1)),
    ).rejects.toThrow("10 MB");
    expect(await OfficeRuntime.storage.getKeys()).toEqual([]);
  });

  it("records CustomFunctions.associate registrations on the host, callable by id", () => {
    const host = new FakeExcelHost();
    const { CustomFunctions } = installFakeOffice(fakeWindow(), host);
    CustomFunctions.associate("VERSION", () => "0.1.0");
    CustomFunctions.associate({ ADD: (a: unknown, b: unknown) => Number(a) + Number(b) });
    expect([...host.customFunctions.keys()]).toEqual(["VERSION", "ADD"]);
    expect(host.callCustomFunction("version")).toBe("0.1.0");
    expect(host.callCustomFunction("ADD", 2, 3)).toBe(5);
  });

  it("provides CustomFunctions.Error with a code and message, and the ErrorCode values", () => {
    const { CustomFunctions } = installFakeOffice(fakeWindow(), new FakeExcelHost());
    const error = new CustomFunctions.Error(
      CustomFunctions.ErrorCode.notAvailable,
      "No such journal.",
    );
    expect(error).toMatchObject({ code: "#N/A", message: "No such journal." });
    expect(CustomFunctions.ErrorCode).toEqual({
      invalidValue: "#VALUE!",
      notAvailable: "#N/A",
      divisionByZero: "#DIV/0!",
      invalidNumber: "#NUM!",
      nullReference: "#NULL!",
      invalidName: "#NAME?",
      invalidReference: "#REF!",
    });
  });

  it("resolves Office.addin.showAsTaskpane", async () => {
    const { Office } = installFakeOffice(fakeWindow(), new FakeExcelHost());
    await expect(
      (Office.addin as { showAsTaskpane(): Promise<void> }).showAsTaskpane(),
    ).resolves.toBeUndefined();
  });
});
