// `npm run preview`: the built add-in beside an in-memory workbook, against the sandbox, in any
// browser: a way to see Ledger Sheets work on a machine without Excel.
import path from "node:path";
import { PROJECT_ROOT } from "./devProcesses";
import { startPreviewWithSandbox } from "./previewWithSandbox";

type DevPorts = typeof import("../../scripts/dev-ports");
/** scripts/dev-ports.js, loaded from the project (it is plain CommonJS, outside tools/). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a path known only at run time
const devPorts = require(path.join(PROJECT_ROOT, "scripts/dev-ports.js")) as DevPorts;

async function main(): Promise<void> {
  const ports = devPorts.devPorts();
  const running = await startPreviewWithSandbox({
    sandboxPort: ports.sandbox,
    previewPort: ports.preview,
    appDir: path.join(PROJECT_ROOT, "dist"),
    previewDir: path.join(PROJECT_ROOT, "dist-preview"),
  });
  console.log(`Ledger Sheets preview: ${running.url}`);
  console.log(
    running.startedSandbox
      ? `Sandbox API: ${running.sandboxAddress} (token demo-token, identity demo-company); choose Use sandbox in the task pane.`
      : `Using the sandbox already running at ${running.sandboxAddress}; choose Use sandbox in the task pane.`,
  );
  console.log("Press Ctrl+C to stop.");
  const stop = async (): Promise<void> => {
    await running.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
