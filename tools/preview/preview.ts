// The preview page: creates the in-memory workbook, shares it with the task pane frame (whose
// office.js is the fake host, which looks for `ledgerFakeHost` on its parent) and shows it live.
import { FakeExcelHost, mountGridView } from "../excel-emulator";
import { declareAddinFunctions } from "./addinFunctions";

declare global {
  interface Window {
    ledgerFakeHost?: FakeExcelHost;
  }
}

const params = new URLSearchParams(window.location.search);
// ?theme=dark shows the task pane as Office's dark theme would.
// ?delayForCellEdit=0: a host that does not report the DelayForCellEdit set, so a batch sent
// while a grid cell is edited is refused instead of held.
const host = new FakeExcelHost({
  latencyMs: 5,
  theme: params.get("theme") === "dark" ? "dark" : "light",
  delayForCellEdit: params.get("delayForCellEdit") !== "0",
});
window.ledgerFakeHost = host;
// LEDGER.* in the grid's formulas: the add-in's metadata, its code comes with the task pane.
declareAddinFunctions(host).catch((error: unknown) => {
  console.error("The add-in's custom functions are not available:", error);
});
// The pane's fake office.js takes this host from its parent once, as it loads. This script is
// deferred, so a frame that started with the page could load first and make a workbook of its
// own; it is only pointed at the task pane now that the host is there.
const pane = document.getElementById("pane");
if (pane instanceof HTMLIFrameElement) pane.src = "taskpane.html";
const grid = document.getElementById("grid");
if (grid) mountGridView(grid, host);
const width = params.get("paneWidth");
if (width && /^\d+$/.test(width)) {
  document.body.style.setProperty("--pane-width", `${width}px`);
}

// The ribbon's buttons run the function commands the pane registered, as Excel does on a click.
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-command]")) {
  button.addEventListener("click", () => {
    host.runAction(button.dataset.command ?? "").catch((error: unknown) => {
      console.error(error);
    });
  });
}
// Switching Office's theme: Excel tells the add-in nothing, the pane reads the theme when the
// user comes back to it, as the pane's focus event here stands for.
const dark = document.getElementById("office-dark-theme");
if (dark instanceof HTMLInputElement) {
  dark.checked = host.theme === "dark";
  dark.addEventListener("change", () => {
    host.setTheme(dark.checked ? "dark" : "light");
    if (pane instanceof HTMLIFrameElement) pane.contentWindow?.dispatchEvent(new Event("focus"));
  });
}
