// One sandbox for a test file: started before its tests, its lists reset before each test, closed
// after them; and the client of the demo project on it, with short retry pauses.
import { LedgerApi } from "../../../src/api";
import {
  DEMO_TOKEN,
  type RunningSandbox,
  type SandboxOptions,
  startSandbox,
} from "../../../tools/sandbox";
import { resetSandbox } from "./sandboxControl";

/** The sandbox of this file; read it inside tests (it starts in beforeAll). */
export function useSandbox(options: Partial<SandboxOptions> = {}): () => RunningSandbox {
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, ...options });
  }, 120_000);
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(() => resetSandbox(started()));
  function started(): RunningSandbox {
    if (!sandbox) throw new Error("the sandbox has not started");
    return sandbox;
  }
  return started;
}

/** A client of `sandbox`'s demo project, retrying after short pauses. */
export function demoApi(sandbox: RunningSandbox, identity = "demo-company"): LedgerApi {
  return new LedgerApi(
    { apiAddress: sandbox.baseUrl, version: "v1", token: DEMO_TOKEN, identity },
    { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  );
}
