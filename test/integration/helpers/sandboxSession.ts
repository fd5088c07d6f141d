// One sandbox for a test file: started before its tests, its lists reset before each test, closed
// after them; a sandbox for one test alone; and the client of the demo project on a sandbox, with
// short retry pauses.
import { type ApiConnection, type ClientOptions, LedgerApi } from "../../../src/api";
import {
  DEMO_TOKEN,
  type RunningSandbox,
  type SandboxOptions,
  startSandbox,
} from "../../../tools/sandbox";
import { resetSandbox } from "./sandboxControl";

/**
 * The sandbox of this file (or of the `describe` it is called in); read it inside tests (it starts
 * in beforeAll). Its lists are reset before each test, so that no test sees another's changes.
 */
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

/** Runs `use` against a sandbox of its own, closed afterwards however `use` ends. */
export async function withSandbox<T>(
  options: Partial<SandboxOptions>,
  use: (sandbox: RunningSandbox) => Promise<T>,
): Promise<T> {
  const sandbox = await startSandbox({ port: 0, ...options });
  try {
    return await use(sandbox);
  } finally {
    await sandbox.close();
  }
}

/** What a test changes of the demo client: its connection (another token, identity…) or options. */
export interface DemoApiChanges extends Partial<Omit<ApiConnection, "apiAddress">> {
  /** The client's options; `retry` replaces the short pauses. */
  readonly options?: ClientOptions;
}

/** A client of `sandbox`'s demo project, retrying after short pauses, with a test's `changes`. */
export function demoApi(sandbox: RunningSandbox, changes: DemoApiChanges = {}): LedgerApi {
  return new LedgerApi(
    {
      apiAddress: sandbox.baseUrl,
      version: changes.version ?? "v1",
      token: changes.token ?? DEMO_TOKEN,
      identity: changes.identity ?? "demo-company",
    },
    { retry: { baseDelayMs: 5, maxDelayMs: 20 }, ...changes.options },
  );
}
