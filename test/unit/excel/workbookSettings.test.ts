// One settings store for the whole add-in: Excel.SettingCollection, through Microsoft's office.js
// client. Office.context.document.settings keeps a copy taken when the add-in starts, and its
// saveAsync writes that copy back over everything Excel.SettingCollection wrote since.
import { installFakeOffice } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { drawJournal } from "../../../src/excel/journalDrawing";
import { journalSheetState } from "../../../src/excel/journalSheetStates";
import { IMPORT_TABLES_SETTING } from "../../../src/settings/importTables";
import { ExcelWorkbookSettings } from "../../../src/excel/workbookSettings";
import { workbookSettings } from "../../../src/functions/formulaRuntime";
import { COLLECTION_PATHS_SETTING } from "../../../src/settings/collectionPaths";
import {
  FORMULA_CACHE_SETTING,
  loadFormulaCacheSeconds,
  saveFormulaCacheSeconds,
} from "../../../src/settings/formulaCacheTime";
import { loadProjectList, PROJECTS_SETTING, saveProjectList } from "../../../src/settings/projects";
import { JOURNAL_STATE, oneCellLayout } from "../../doubles/journalSheets";

const LAYOUT = oneCellLayout(1);
const STATE = JOURNAL_STATE;
const PROJECTS = {
  projects: [{ label: "Acme", apiAddress: "https://api.example.com/v1", version: "v1" }],
  defaultLabel: "Acme",
} as const;
const PROJECTS_VALUE = {
  default: "Acme",
  projects: [{ label: "Acme", apiAddress: "https://api.example.com/v1", version: "v1" }],
};

/** The task pane's start: Office is ready (its document settings copy taken) before any batch. */
function startedHost(): OfficeJsExcelHost {
  const host = new OfficeJsExcelHost();
  installFakeOffice(globalThis, host);
  return host;
}

describe("the workbook's settings", () => {
  it("lose a journal sheet's state when saved through Office.context.document.settings (the emulator reproduces Office)", async () => {
    const host = startedHost();
    const { sheetKey } = await drawJournal(host.run, LAYOUT, STATE);
    const settings = (Office.context.document as { settings: Office.Settings }).settings;
    settings.set(FORMULA_CACHE_SETTING, 60);
    await new Promise((resolve) => settings.saveAsync(resolve));
    // This is what changing the cache time did before: the journal is no longer known.
    expect(await journalSheetState(host.run, sheetKey)).toBeNull();
  });

  it("keep a journal sheet's state when the pane changes the cache time", async () => {
    const host = startedHost();
    const { sheetKey } = await drawJournal(host.run, LAYOUT, STATE);
    await saveFormulaCacheSeconds(workbookSettings, 60);
    expect(await journalSheetState(host.run, sheetKey)).toEqual(STATE);
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize());
    expect(await journalSheetState(reopened.run, sheetKey)).toEqual(STATE);
    expect(await loadFormulaCacheSeconds(new ExcelWorkbookSettings(reopened.run))).toBe(60);
  });

  it("keep a journal sheet's state and the import tables when the pane saves a connection", async () => {
    const host = startedHost();
    const { sheetKey } = await drawJournal(host.run, LAYOUT, STATE);
    await host.run(async (context) => {
      context.workbook.settings.add(IMPORT_TABLES_SETTING, JSON.stringify(["Invoices"]));
      await context.sync();
    });
    await saveProjectList(workbookSettings, PROJECTS);
    expect(await journalSheetState(host.run, sheetKey)).toEqual(STATE);
    expect(host.workbook.settings.get(IMPORT_TABLES_SETTING)).toBe('["Invoices"]');
    expect(await loadProjectList(workbookSettings)).toEqual(PROJECTS);
  });
});

describe("ExcelWorkbookSettings", () => {
  it("reads what an earlier version saved through Office.Settings, as the same values", async () => {
    const host = startedHost();
    const settings = (Office.context.document as { settings: Office.Settings }).settings;
    settings.set(PROJECTS_SETTING, PROJECTS_VALUE);
    settings.set(FORMULA_CACHE_SETTING, 45);
    settings.set(COLLECTION_PATHS_SETTING, { invoices: "/sales/invoices" });
    await new Promise((resolve) => settings.saveAsync(resolve));
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize());
    const store = new ExcelWorkbookSettings(reopened.run);
    expect(await store.get(PROJECTS_SETTING)).toEqual(PROJECTS_VALUE);
    expect(await store.get(FORMULA_CACHE_SETTING)).toBe(45);
    expect(await store.get(COLLECTION_PATHS_SETTING)).toEqual({ invoices: "/sales/invoices" });
    expect(await loadProjectList(store)).toEqual(PROJECTS);
  });

  it("writes, reads back and removes one setting at a time, each in the workbook at once", async () => {
    const host = new OfficeJsExcelHost();
    const store = new ExcelWorkbookSettings(host.run);
    expect(await store.get("k")).toBeUndefined();
    await store.set("k", { n: 1 });
    expect(host.workbook.settings.get("k")).toEqual({ n: 1 });
    expect(await store.get("k")).toEqual({ n: 1 });
    await store.remove("k");
    expect(host.workbook.settings.has("k")).toBe(false);
    await store.remove("k"); // removing what is not there is no error
    expect(await store.get("k")).toBeUndefined();
  });

  it("lets the formulas read their settings once, then from memory, with the pane's writes", async () => {
    const host = startedHost();
    host.workbook.settings.set(FORMULA_CACHE_SETTING, 90);
    const batches = jest.spyOn(host, "run");
    // A fresh runtime, as when the add-in starts: nothing read yet.
    let runtime: typeof import("../../../src/functions/formulaRuntime") | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      runtime = require("../../../src/functions/formulaRuntime") as typeof runtime;
    });
    const { formulaSettingsReady: ready, workbookSettings: settings } = runtime!;
    expect(settings.peek(FORMULA_CACHE_SETTING)).toBeUndefined();
    await Promise.all([ready(), ready()]);
    await ready();
    expect(settings.peek(FORMULA_CACHE_SETTING)).toBe(90);
    expect(batches).toHaveBeenCalledTimes(1);
    await saveFormulaCacheSeconds(settings, 0);
    expect(settings.peek(FORMULA_CACHE_SETTING)).toBe(0);
    expect(host.workbook.settings.get(FORMULA_CACHE_SETTING)).toBe(0);
  });
});
