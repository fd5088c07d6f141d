// Task pane entry point: styles the page, waits for Office, and wires the panels to Excel, the
// workbook's settings and the add-in's storage. Outside Excel it says where to open it instead.

import { refreshFormulas, workbookSettings } from "../functions/formulaRuntime";
import { importCollection } from "../import/importCollection";
import { journalSheetState } from "../excel/journalSheet";
import type { ExcelRun } from "../excel/run";
import {
  activeJournalInfo,
  openJournal,
  sendActiveJournal,
  validateActiveJournal,
} from "../journalEditor";
import { activeConnection } from "../settings/activeConnection";
import { secretStore, SecretStore } from "../settings/stores";
import { mountConnectionPanel } from "./connectionPanel";
import { mountFormulasPanel } from "./formulasPanel";
import { mountImportPanel } from "./importPanel";
import { ImportRun } from "./importRun";
import { mountJournalPanel } from "./journalPanel";
import { applyPaneTheme, paneThemeFromOffice } from "./theme";
import { requireElement, setShown } from "./view";
import styles from "./taskpane.css";

const OUTSIDE_EXCEL =
  "Open this page from Excel: Ledger Sheets runs as an add-in in the Excel task pane.";

function injectStyles(): void {
  const style = document.createElement("style");
  style.textContent = styles;
  document.head.append(style);
}

function showHostStatus(message: string): void {
  const status = document.getElementById("host-status");
  if (status === null) return;
  status.textContent = message;
  setShown(status, true);
}

function deviceStore(): SecretStore | undefined {
  if (typeof OfficeRuntime === "undefined" || OfficeRuntime.storage === undefined) return undefined;
  return secretStore(OfficeRuntime.storage);
}

function followOfficeTheme(): void {
  let theme: Office.OfficeTheme | undefined;
  try {
    theme = Office.context.officeTheme;
  } catch {
    theme = undefined;
  }
  applyPaneTheme(document.documentElement, paneThemeFromOffice(theme));
}

async function start(): Promise<void> {
  followOfficeTheme();
  // Excel.SettingCollection, the store journal sheets and import tables use too: never
  // Office.context.document.settings, whose saveAsync writes back a stale copy of all of them.
  const workbook = workbookSettings;
  const device = deviceStore();
  const excelRun: ExcelRun = (batch) => Excel.run(batch);

  const importPanel = mountImportPanel(document, {
    workbook,
    active: activeConnection,
    run: new ImportRun(importCollection, excelRun),
  });
  mountJournalPanel(document, {
    active: activeConnection,
    run: excelRun,
    editor: { openJournal, validateActiveJournal, sendActiveJournal, activeJournalInfo },
    journalIdOfSheet: async (sheetName) =>
      (await journalSheetState(excelRun, sheetName))?.journalId ?? null,
  });
  mountFormulasPanel(document, {
    active: activeConnection,
    refresh: () => refreshFormulas(excelRun),
    workbook,
  });
  const connectionPanel = mountConnectionPanel(document, {
    stores: { workbook, ...(device === undefined ? {} : { device }) },
    active: activeConnection,
    focusAfterConnect: () => importPanel.focus(),
  });
  setShown(requireElement(document, "host-status", HTMLElement), false);
  setShown(requireElement(document, "connection-panel", HTMLElement), true);
  setShown(requireElement(document, "import-panel", HTMLElement), true);
  setShown(requireElement(document, "journal-panel", HTMLElement), true);
  setShown(requireElement(document, "formulas-panel", HTMLElement), true);
  await connectionPanel.restore();
}

injectStyles();
if (typeof Office === "undefined") {
  showHostStatus(`${OUTSIDE_EXCEL} (Office.js is not loaded.)`);
} else {
  Office.onReady((info) => {
    // Compared as text: a host shim may not define the Office.HostType enumeration.
    if (String(info.host) !== "Excel" || typeof Excel === "undefined") {
      showHostStatus(OUTSIDE_EXCEL);
      return;
    }
    start().catch(() => {
      showHostStatus("Ledger Sheets could not start. Close the task pane and open it again.");
    });
  });
}
