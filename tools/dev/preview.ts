// `npm run preview`: the built add-in beside an in-memory workbook, against the sandbox, in any
// browser: a way to see Ledger Sheets work on a machine without Excel.
import net from "node:net";
import path from "node:path";
import { startSandbox } from "../sandbox";
import { PROJECT_ROOT } from "./devProcesses";
import { startPreviewServer } from "./previewServer";

const PREVIEW_PORT = Number(process.env.npm_package_config_preview_port || 3001);
const SANDBOX_PORT = Number(process.env.npm_package_config_sandbox_port || 4010);

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function main(): Promise<void> {
  const sandboxRunning = await portInUse(SANDBOX_PORT);
  const sandbox = sandboxRunning ? null : await startSandbox({ port: SANDBOX_PORT });
  const preview = await startPreviewServer({
    host: "127.0.0.1",
    port: PREVIEW_PORT,
    appDir: path.join(PROJECT_ROOT, "dist"),
    previewDir: path.join(PROJECT_ROOT, "dist-preview"),
  });
  console.log(`Ledger Sheets preview: ${preview.url}`);
  console.log(
    sandbox
      ? `Sandbox API: ${sandbox.baseUrl} (token demo-token, identity demo-company); choose Use sandbox in the task pane.`
      : `Using the sandbox already running on port ${SANDBOX_PORT}.`,
  );
  console.log("Press Ctrl+C to stop.");
  const stop = async (): Promise<void> => {
    await preview.close();
    await sandbox?.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
