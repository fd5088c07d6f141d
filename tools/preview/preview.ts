// The preview page: creates the in-memory workbook, shares it with the task pane frame (whose
// office.js is the fake host, which looks for `ledgerFakeHost` on its parent) and shows it live.
import { FakeExcelHost, mountGridView } from "../excel-emulator";

declare global {
  interface Window {
    ledgerFakeHost?: FakeExcelHost;
  }
}

const params = new URLSearchParams(window.location.search);
// ?theme=dark shows the task pane as Office's dark theme would.
const host = new FakeExcelHost({
  latencyMs: 5,
  theme: params.get("theme") === "dark" ? "dark" : "light",
});
window.ledgerFakeHost = host;
const grid = document.getElementById("grid");
if (grid) mountGridView(grid, host);
const width = params.get("paneWidth");
if (width && /^\d+$/.test(width)) {
  document.body.style.setProperty("--pane-width", `${width}px`);
}
