// The preview page: creates the in-memory workbook, shares it with the task pane frame (whose
// office.js is the fake host, which looks for `ledgerFakeHost` on its parent) and shows it live.
import { FakeExcelHost, mountGridView } from "../fake-excel";

declare global {
  interface Window {
    ledgerFakeHost?: FakeExcelHost;
  }
}

const host = new FakeExcelHost({ latencyMs: 5 });
window.ledgerFakeHost = host;
const grid = document.getElementById("grid");
if (grid) mountGridView(grid, host);
const params = new URLSearchParams(window.location.search);
const width = params.get("paneWidth");
if (width && /^\d+$/.test(width)) {
  document.body.style.setProperty("--pane-width", `${width}px`);
}
