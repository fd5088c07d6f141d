// What `npm run preview` serves: the built add-in beside an in-memory workbook, and the sandbox
// on its port (started here, or one already running there). The task pane page names that
// sandbox, so Use sandbox fills in the address actually served.
import net from "node:net";
import { startSandbox } from "../sandbox";
import { startPreviewServer } from "./previewServer";

export interface PreviewWithSandboxOptions {
  readonly sandboxPort: number;
  readonly previewPort: number;
  /** The built add-in (taskpane.html, functions.js, …). */
  readonly appDir: string;
  /** The built preview page. */
  readonly previewDir: string;
}

export interface RunningPreviewWithSandbox {
  /** The preview page, e.g. http://127.0.0.1:3001/ */
  readonly url: string;
  /** The sandbox's API address, e.g. http://127.0.0.1:4010/v1 */
  readonly sandboxAddress: string;
  /** False when a sandbox was already running on the port and is used as it is. */
  readonly startedSandbox: boolean;
  close(): Promise<void>;
}

/** True when something on this computer's loopback accepts connections on `port`. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startPreviewWithSandbox(
  options: PreviewWithSandboxOptions,
): Promise<RunningPreviewWithSandbox> {
  const sandboxRunning = await portInUse(options.sandboxPort);
  const sandbox = sandboxRunning ? null : await startSandbox({ port: options.sandboxPort });
  const sandboxAddress = sandbox?.baseUrl ?? `http://127.0.0.1:${options.sandboxPort}/v1`;
  try {
    const preview = await startPreviewServer({
      host: "127.0.0.1",
      port: options.previewPort,
      appDir: options.appDir,
      previewDir: options.previewDir,
      sandboxAddress,
    });
    return {
      url: preview.url,
      sandboxAddress,
      startedSandbox: sandbox !== null,
      close: async () => {
        await preview.close();
        await sandbox?.close();
      },
    };
  } catch (error) {
    await sandbox?.close();
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(
        `Port ${options.previewPort} (preview) is already in use. Stop what runs there, or ` +
          "choose another port with LEDGER_SHEETS_PREVIEW_PORT.",
      );
    }
    throw error;
  }
}
