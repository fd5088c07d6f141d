// Task pane entry point: styles the page, waits for Office, and wires the panels to Excel, the
// workbook's settings and the add-in's storage. Outside Excel it says where to open it instead.

import "../polyfills"; // first: built-ins for Edge Legacy (docs/deploy.md)
import {
  journalsOpenedHere,
  ledgerFormulas,
  refreshFormulas,
  workbookSettings,
} from "../functions/formulaRuntime";
import { diagnoseNoAnswer, noAnswerMessage } from "../api/reachability";
import { fetchNewIntoTable } from "../import/fetchNew";
import { importCollection } from "../import/importCollection";
import { refreshAll } from "../import/refreshAll";
import { listImportTables } from "../import/importTablesList";
import { goToTable } from "../excel/goToTable";
import { stopTrackingTable } from "../excel/stopTracking";
import { journalSheetState } from "../excel/journalSheetStates";
import { excelRunOf, type ExcelRun } from "../excel/run";
import type { TableProject } from "../domain/tableOwnership";
import { insertFormulaInActiveCell } from "../excel/insertFormula";
import {
  activeJournalInfo,
  lineAccountChoices,
  openJournal,
  putLineAccount,
  sendActiveJournal,
  validateActiveJournal,
} from "../journalEditor";
import { activeConnection } from "../settings/activeConnection";
import { DocumentSettingsStore, secretStore, SecretStore } from "../settings/stores";
import { approvalKeeping } from "../settings/approvalKeeping";
import { type ConnectionPanel, mountConnectionPanel } from "./connection/panel";
import type { JournalEditorActions } from "./journal/journalActions";
import { mountFormulasPanel } from "./formulas/panel";
import { mountImportPanel } from "./import/panel";
import { ImportRun } from "./import/importRun";
import { mountJournalPanel } from "./journal/panel";
import { mountTablesPanel, TablesPanel } from "./tables/panel";
import { mountSheetProjectLine } from "./shared/sheetProjectLine";
import { activeSheetProject } from "../excel/sheetProject";
import { selectCell } from "../excel/selectCell";
import { formulasUnavailableMessage, missingRequirementsMessage } from "./shared/requirements";
import { applyPaneTheme, paneThemeFromOffice } from "./shared/theme";
import { keepPaneTopInView } from "./shared/paneTop";
import { mountTabs, PaneTab, PaneTabs, tabFromHash } from "./shared/tabs";
import { requireElement, setShown } from "./shared/pageElements";
import styles from "./taskpane.css";
import { addStylesOnce } from "./shared/pageStyles";
import { deviceKey } from "../settings/deviceKey";
import { importTableKeys } from "../settings/importTableKeys";
import { useImportTableKeys } from "../excel/tableKeys";
import { type JournalSheetKeys, journalSheetKeysOf } from "../settings/journalSheetKeys";

const OUTSIDE_EXCEL =
  "Open this page from Excel: Ledger Sheets runs as an add-in in the Excel task pane.";

function showHostStatus(message: string): void {
  const status = document.getElementById("host-status");
  if (status === null) return;
  status.textContent = message;
  setShown(status, true);
}

/** Only a journal sheet drawn on this computer counts as one, whatever a file's marker says. */
function journalSheetKeysHere(device: SecretStore | undefined): JournalSheetKeys | undefined {
  return device === undefined ? undefined : journalSheetKeysOf(deviceKey(device));
}

/** This computer's storage, whose keys the import tables are then made and adopted with. */
function deviceStoreWithTableKeys(): SecretStore | undefined {
  const device = deviceStore();
  // Only a table this computer created is adopted when Excel gives it another id.
  useImportTableKeys(device === undefined ? undefined : importTableKeys(deviceKey(device)));
  return device;
}

function deviceStore(): SecretStore | undefined {
  if (typeof OfficeRuntime === "undefined" || OfficeRuntime.storage === undefined) return undefined;
  return secretStore(OfficeRuntime.storage);
}

/**
 * Where the workbook file is, as Office says; empty for a workbook not saved yet (and where the
 * host gives none), which then never connects by itself (src/settings/documentBinding.ts).
 */
function documentUrl(): string {
  try {
    const url: unknown = Office.context.document?.url;
    return typeof url === "string" ? url : "";
  } catch {
    return "";
  }
}

/** The workbook's settings, where the pane's own changes keep an allowed workbook allowed. */
function paneWorkbookStore(device: SecretStore | undefined): DocumentSettingsStore {
  return device === undefined
    ? workbookSettings
    : approvalKeeping(workbookSettings, device, documentUrl());
}

function currentOfficeTheme(): Office.OfficeTheme | undefined {
  try {
    return Office.context.officeTheme;
  } catch {
    return undefined;
  }
}

/**
 * Applies Office's theme now, and again whenever the user comes back to the pane. Excel has no
 * theme-change event for add-ins (OfficeThemeChanged is Outlook's), and a theme is changed in
 * File > Account, outside the pane: reading it when the pane regains focus or is shown again
 * follows the change as soon as the user can see the pane.
 */
function followOfficeTheme(): void {
  const apply = () =>
    applyPaneTheme(document.documentElement, paneThemeFromOffice(currentOfficeTheme()));
  apply();
  window.addEventListener("focus", apply);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") apply();
  });
}

/**
 * The ribbon's Import and Journal buttons: function commands in the shared runtime that pick the
 * tab, then show the pane (one shared runtime has one task pane, so both buttons cannot point at
 * different pages).
 */
function associateRibbonCommands(tabs: PaneTabs): void {
  if (typeof Office.actions?.associate !== "function") return;
  const command = (tab: PaneTab) => (event?: Office.AddinCommands.Event) => {
    tabs.select(tab);
    const shown =
      typeof Office.addin?.showAsTaskpane === "function"
        ? Office.addin.showAsTaskpane()
        : Promise.resolve();
    shown.then(
      () => event?.completed(),
      () => event?.completed(),
    );
  };
  Office.actions.associate("showImportTab", command("import"));
  Office.actions.associate("showJournalTab", command("journal"));
}

/**
 * The ribbon's Refresh all: runs without the pane once the pane's startup (the connection's
 * restore) is done; the pane shows each table's line if opened. Not connected: the pane opens
 * on Connection, since only the user may connect. The command completes as soon as the refresh
 * starts, so Excel's ribbon is not held for a long refresh.
 */
function associateRefreshAllCommand(
  ready: Promise<{ section: TablesPanel; connected: () => boolean }>,
  tabs: PaneTabs,
): void {
  if (typeof Office.actions?.associate !== "function") return;
  Office.actions.associate("refreshAllTables", (event?: Office.AddinCommands.Event) => {
    void ready
      .then(({ section, connected }) => {
        if (connected()) {
          void section.refresh("full");
          return;
        }
        tabs.select("connection");
        return typeof Office.addin?.showAsTaskpane === "function"
          ? Office.addin.showAsTaskpane()
          : undefined;
      })
      .finally(() => event?.completed());
  });
}

/**
 * Why the service gave no answer, in words the user can act on: offline, nothing at that
 * address, or a server that does not allow this add-in's origin (CORS), which it names.
 */
async function explainNoAnswer(apiOrigin: string): Promise<string> {
  const cause = await diagnoseNoAnswer(apiOrigin, {
    fetch: (url, init) => window.fetch(url, init),
    online: navigator.onLine,
  });
  return noAnswerMessage(cause, apiOrigin, window.location.origin);
}

/** Office loads the add-in with this workbook (or stops doing so); kept in the document. */
async function setLoadOnOpen(load: boolean): Promise<void> {
  if (typeof Office.addin?.setStartupBehavior !== "function") return;
  await Office.addin.setStartupBehavior(
    load ? Office.StartupBehavior.load : Office.StartupBehavior.none,
  );
}

/**
 * Tells when the task pane is closed or opened again: its page runs on while closed (shared
 * runtime), and the automatic refresh runs only while it shows.
 */
function watchPaneShown(listener: (shown: boolean) => void): void {
  if (typeof Office.addin?.onVisibilityModeChanged !== "function") return;
  void Office.addin
    .onVisibilityModeChanged((message) => listener(message.visibilityMode !== "Hidden"))
    .catch(() => {
      // Not reported by this host: the pane counts as shown while its page runs.
    });
}

/** The journal editor's actions, as the Journal panel uses them. */
const JOURNAL_EDITOR: JournalEditorActions = {
  openJournal,
  validateActiveJournal,
  sendActiveJournal,
  activeJournalInfo,
  lineAccountChoices,
  putLineAccount,
};

/** Calls `changed` when the user activates another sheet, on hosts that report it. */
function followActiveSheet(run: ExcelRun, changed: () => void): void {
  run(async (context) => {
    context.workbook.worksheets.onActivated.add(async () => changed());
    await context.sync();
  }).catch(() => {
    // Not reported here: the line is read again when the pane gets attention back.
  });
}

async function start(): Promise<void> {
  followOfficeTheme();
  const tabs = mountTabs(document, tabFromHash(window.location.hash));
  keepPaneTopInView(document);
  associateRibbonCommands(tabs);
  let markReady: (value: { section: TablesPanel; connected: () => boolean }) => void = () =>
    undefined;
  associateRefreshAllCommand(
    new Promise((resolve) => {
      markReady = resolve;
    }),
    tabs,
  );
  window.addEventListener("hashchange", () => {
    const tab = tabFromHash(window.location.hash);
    if (tab !== undefined) tabs.select(tab);
  });
  // Excel.SettingCollection, the store journal sheets and import tables use too: never
  // Office.context.document.settings, whose saveAsync writes back a stale copy of all of them.
  const device = deviceStoreWithTableKeys();
  const workbook = paneWorkbookStore(device);
  const excelRun: ExcelRun = excelRunOf((options, batch) => Excel.run(options, batch));

  const tokens = refusedTokens(tabs);
  const importRun = new ImportRun(importCollection, excelRun, {
    tokenRefused: tokens.actions.tokenRefused,
    fetchNew: fetchNewIntoTable,
    refreshAll,
    cellEdit: {},
    afterChange: async (kind) => {
      if (kind === "all") await refreshFormulas(excelRun);
      else ledgerFormulas.clear();
    },
  });
  const importPanel = mountImportPanel(document, {
    workbook,
    active: activeConnection,
    run: importRun,
    goTo: (cell) => selectCell(excelRun, cell.sheet, cell.address),
  });
  const tablesPanel = mountTablesPanel(document, {
    workbook,
    active: activeConnection,
    run: importRun,
    pathFor: (info) => importPanel.pathFor(info),
    ...tablesInWorkbook(excelRun),
    ...tokens.actions,
    setLoadOnOpen,
    watchShown: watchPaneShown,
  });
  const recentJournals = journalsOpenedHere();
  const sheetKeys = journalSheetKeysHere(device);
  const journalPanel = mountJournalPanel(document, {
    ...(recentJournals === undefined ? {} : { recent: recentJournals }),
    ...(sheetKeys === undefined ? {} : { sheetKeys }),
    active: activeConnection,
    run: excelRun,
    editor: JOURNAL_EDITOR,
    journalOfSheet: async (sheetKey) => {
      const state = await journalSheetState(excelRun, sheetKey, sheetKeys);
      if (state === null) return null;
      return {
        journalId: state.journalId,
        ...(state.project === undefined ? {} : { project: state.project }),
      };
    },
  });
  mountFormulasPanel(document, {
    active: activeConnection,
    refresh: () => refreshFormulas(excelRun),
    workbook,
    unavailable: formulasUnavailableMessage((name, version) =>
      Office.context.requirements.isSetSupported(name, version),
    ),
    loadMetadata: loadFunctionsMetadata,
    insert: (formula) => insertFormulaInActiveCell(excelRun, formula),
  });
  const connected = () => activeConnection.all.length > 0;
  const runOnOpen = async () => {
    const onOpen = await tablesPanel.onOpenChoice();
    if (onOpen !== "off" && connected()) await tablesPanel.refresh(onOpen);
  };
  const connectionPanel = mountConnectionPanel(document, {
    // Every request of the pane, the formulas and Refresh all says why a service gave no answer.
    stores: {
      workbook,
      ...(device === undefined ? {} : { device }),
      clientOptions: { explainNoAnswer },
      documentUrl: documentUrl(),
    },
    active: activeConnection,
    focusAfterConnect: () => {
      tabs.select("import");
      importPanel.focus();
    },
    // The click that allowed what a workbook not bound here showed, refresh on open included:
    // it runs now.
    afterApproval: () => void runOnOpen(),
  });
  tokens.attach(connectionPanel);
  const sheetProject = mountSheetProjectLine(
    document,
    requireElement(document, "sheet-project", HTMLElement),
    activeConnection,
    () => activeSheetProject(excelRun),
  );
  followActiveSheet(excelRun, () => {
    void sheetProject.refresh();
    void journalPanel.refresh();
  });
  setShown(requireElement(document, "host-status", HTMLElement), false);
  tabs.show();
  await connectionPanel.restore();
  markReady({ section: tablesPanel, connected });
  // Refresh on open (the workbook's choice): only over the connections restore() made by
  // itself, which it makes only for a document this user connected in on this device.
  await runOnOpen();
}

addStylesOnce(document, "pane-styles", styles);
if (typeof Office === "undefined") {
  showHostStatus(`${OUTSIDE_EXCEL} (Office.js is not loaded.)`);
} else {
  void Office.onReady((info) => {
    // Compared as text: a host shim may not define the Office.HostType enumeration.
    if (String(info.host) !== "Excel" || typeof Excel === "undefined") {
      showHostStatus(OUTSIDE_EXCEL);
      return;
    }
    const missing = missingRequirementsMessage((name, version) =>
      Office.context.requirements.isSetSupported(name, version),
    );
    if (missing !== null) {
      showHostStatus(missing);
      return;
    }
    start().catch(() => {
      showHostStatus("Ledger Sheets could not start. Close the task pane and open it again.");
    });
  });
}

/** What the Tables view does to the workbook's import tables: list, show, stop updating. */
function tablesInWorkbook(run: ExcelRun) {
  return {
    listTables: (projects: readonly (TableProject | undefined)[]) =>
      listImportTables(run, projects),
    goToTable: (tableName: string) => goToTable(run, tableName),
    stopTracking: (tableName: string, deleteTable: boolean) =>
      stopTrackingTable(run, tableName, deleteTable),
  };
}

/** The metadata Excel reads, built beside this page: the Formulas list never differs from it. */
async function loadFunctionsMetadata(): Promise<unknown> {
  const response = await fetch("functions.json");
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as unknown;
}

/**
 * A token the service refused during a run goes to the Connection panel, the one place that
 * says whether a project is connected; Enter new token opens its form there. The panel is
 * mounted after the Tables view, so it is set once it exists.
 */
function refusedTokens(tabs: PaneTabs) {
  let panel: ConnectionPanel | undefined;
  return {
    actions: {
      tokenRefused: (project?: string) => panel?.tokenRefused(project),
      enterNewToken: (project?: string) => {
        tabs.select("connection");
        panel?.enterNewToken(project);
      },
    },
    attach: (mounted: ConnectionPanel) => {
      panel = mounted;
    },
  };
}
