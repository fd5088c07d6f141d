// Task pane entry point: waits for Office, then reports which host it runs in.
// The connect and import panels build on this page (issue: task pane).

function describeHost(info: { host: Office.HostType | null }): string {
  if (info.host === Office.HostType.Excel) return "Connected to Excel.";
  return "Open this page from Excel to use Ledger Sheets (Office did not report an Excel host).";
}

Office.onReady((info) => {
  const status = document.getElementById("host-status");
  if (status) status.textContent = describeHost(info);
});
