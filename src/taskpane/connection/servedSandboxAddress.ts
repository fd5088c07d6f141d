// The sandbox address the page that serves the task pane names in its
// <meta name="ledger-sheets-sandbox">: the dev build writes the configured port there
// (webpack.config.js), and the preview server the sandbox it actually uses.

export const SANDBOX_META_NAME = "ledger-sheets-sandbox";

/** The served sandbox's address, or undefined when the page names none. */
export function servedSandboxAddress(): string | undefined {
  const meta = document.querySelector(`meta[name="${SANDBOX_META_NAME}"]`);
  const content = meta?.getAttribute("content")?.trim();
  return content === undefined || content === "" ? undefined : content;
}
