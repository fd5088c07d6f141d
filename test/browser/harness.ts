// Starts what a browser test needs: the sandbox API, the preview server over the built add-in,
// and a headless Chromium (see findBrowser.ts) driven by playwright-core, with the preview page open.
import { Browser, chromium, errors, FrameLocator, Page } from "playwright-core";
import { startPreviewServer, RunningPreview } from "../../tools/dev/previewServer";
import { RunningSandbox, startSandbox, SandboxOptions } from "../../tools/sandbox";
import { APP_DIR, PREVIEW_DIR } from "./build";
import { foundBrowser } from "./findBrowser";

/** How to launch the browser the global setup found. */
export function browserToLaunch(): { executablePath?: string; channel?: string } {
  const { executablePath, channel } = foundBrowser();
  return { ...(executablePath ? { executablePath } : {}), ...(channel ? { channel } : {}) };
}

export interface BrowserSession {
  sandbox: RunningSandbox;
  preview: RunningPreview;
  browser: Browser;
  page: Page;
  /** The task pane frame. */
  pane: FrameLocator;
  close(): Promise<void>;
}

/**
 * Headless Chromium as the tests drive it: no sandbox (root), and none of the background
 * connections this machine's closed network would refuse.
 */
export async function launchBrowser(): Promise<Browser> {
  return await chromium.launch({
    ...browserToLaunch(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export async function openPreview(
  options: {
    sandbox?: Partial<SandboxOptions>;
    paneWidth?: number;
    theme?: "dark";
    /** The computer's time zone, e.g. "Asia/Kolkata"; the machine's when absent. */
    timezoneId?: string;
    /** Playwright's clock in the pages (time flows, and `page.clock.fastForward` jumps it). */
    installClock?: boolean;
    /** A host that does not report the DelayForCellEdit set (the preview's ?delayForCellEdit=0). */
    withoutDelayForCellEdit?: boolean;
  } = {},
): Promise<BrowserSession> {
  const sandbox = await startSandbox({ port: 0, ...options.sandbox });
  const preview = await startPreviewServer({
    host: "127.0.0.1",
    port: 0,
    appDir: APP_DIR,
    previewDir: PREVIEW_DIR,
    sandboxAddress: sandbox.baseUrl,
  });
  const browser = await launchBrowser();
  // A page of its own context: @axe-core/playwright needs one (browser.newPage() pages fail it).
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
  });
  if (options.installClock === true) await context.clock.install();
  const page = await context.newPage();
  const width = options.paneWidth ?? 360;
  const theme = options.theme ? `&theme=${options.theme}` : "";
  const delay = options.withoutDelayForCellEdit === true ? "&delayForCellEdit=0" : "";
  await page.goto(`${preview.url}?paneWidth=${width}${theme}${delay}`);
  const pane = page.frameLocator("#pane");
  return {
    sandbox,
    preview,
    browser,
    page,
    pane,
    close: async () => {
      await browser.close();
      await preview.close();
      await sandbox.close();
    },
  };
}

export type PaneTabName = "Connection" | "Import" | "Journal" | "Formulas";

/** Shows a panel of the task pane by clicking its tab. */
export async function showTab(session: BrowserSession, name: PaneTabName): Promise<void> {
  await session.pane.getByRole("tab", { name, exact: true }).click();
}

/** Connects the task pane to the test's sandbox (its port is not the default 4010). */
export async function connect(
  session: BrowserSession,
  credentials: { token?: string; identity?: string } = {},
): Promise<void> {
  const { pane, sandbox } = session;
  await showTab(session, "Connection");
  await pane.getByLabel("API address").fill(sandbox.baseUrl);
  await pane.getByLabel("Access token", { exact: true }).fill(credentials.token ?? "demo-token");
  await pane.getByLabel("Project identity").fill(credentials.identity ?? "demo-company");
  await pane.getByRole("button", { name: "Connect", exact: true }).click();
}

/** Connects, and waits until the task pane says it is connected. */
export async function connected(session: BrowserSession): Promise<void> {
  await connect(session);
  // Connecting moves to the Import tab: the summary is there, behind the Connection tab.
  await session.pane
    .locator("#connection-summary", { hasText: "Connected to" })
    .waitFor({ state: "attached" });
}

/**
 * One preview session for a describe block, connected to the sandbox before its tests and
 * closed after them; read it inside tests (it is set in beforeAll).
 */
export function useConnectedPreview(): () => BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await openPreview();
    await connected(session);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });
  return () => {
    if (!session) throw new Error("the preview session has not started");
    return session;
  };
}

/** A cell of the in-memory workbook, read through the preview page's fake host. */
export interface CellState {
  value: string | number | boolean;
  formula: string | null;
  numberFormat: string;
  text: string;
}

type HostWindow = {
  ledgerFakeHost: {
    cell(sheet: string, address: string): CellState;
    values(sheet: string, address: string): (string | number | boolean)[][];
    sheetNames(): string[];
    tableInfo(
      name: string,
    ): { sheet: string; address: string; headers: string[]; rowCount: number } | undefined;
    setCells(sheet: string, address: string, values: unknown[][]): void;
    addSheet(name: string): void;
    activateSheet(name: string): void;
    selection(): { sheet: string; address: string } | null;
    setTheme(theme: "light" | "dark"): void;
    runAction(id: string): Promise<void>;
  };
};

/** Reads a cell of the preview page's in-memory workbook. */
export function cell(session: BrowserSession, sheet: string, address: string): Promise<CellState> {
  return session.page.evaluate(
    ([s, a]) => (window as unknown as HostWindow).ledgerFakeHost.cell(s!, a!),
    [sheet, address],
  );
}

/** Reads many cells of the in-memory workbook in one call into the page. */
export function cells(
  session: BrowserSession,
  sheet: string,
  addresses: readonly string[],
): Promise<CellState[]> {
  return session.page.evaluate(
    ({ s, a }) =>
      a.map((address) => (window as unknown as HostWindow).ledgerFakeHost.cell(s, address)),
    { s: sheet, a: [...addresses] },
  );
}

/** Reads a block of values of the in-memory workbook. */
export function values(
  session: BrowserSession,
  sheet: string,
  address: string,
): Promise<(string | number | boolean)[][]> {
  return session.page.evaluate(
    ([s, a]) => (window as unknown as HostWindow).ledgerFakeHost.values(s!, a!),
    [sheet, address],
  );
}

export function tableInfo(session: BrowserSession, name: string) {
  return session.page.evaluate(
    (n) => (window as unknown as HostWindow).ledgerFakeHost.tableInfo(n) ?? null,
    name,
  );
}

/** What the add-in last selected in the workbook (Range.select). */
export function selection(
  session: BrowserSession,
): Promise<{ sheet: string; address: string } | null> {
  return session.page.evaluate(() => (window as unknown as HostWindow).ledgerFakeHost.selection());
}

/**
 * The add-in's selection once it is `expected`, or as it is after `timeoutMs` (the pane selects
 * asynchronously after a click): assert on it with toEqual, whose difference says what it was.
 * Playwright polls the page for it (page.waitForFunction).
 */
export async function selectionOnceSettled(
  session: BrowserSession,
  expected: { sheet: string; address: string },
  timeoutMs = 15_000,
): Promise<{ sheet: string; address: string } | null> {
  await session.page
    .waitForFunction(
      ({ sheet, address }) => {
        const selected = (window as unknown as HostWindow).ledgerFakeHost.selection();
        return selected?.sheet === sheet && selected.address === address;
      },
      expected,
      { timeout: timeoutMs },
    )
    .catch((error: unknown) => {
      if (!(error instanceof errors.TimeoutError)) throw error;
    });
  return selection(session);
}

/**
 * Switches Office's theme while the pane is open, in File > Account, then comes back to the
 * pane: Excel raises no event for the change, the pane sees it when it regains focus.
 */
export async function setOfficeTheme(
  session: BrowserSession,
  theme: "light" | "dark",
): Promise<void> {
  await session.page.evaluate(
    (t) => (window as unknown as HostWindow).ledgerFakeHost.setTheme(t),
    theme,
  );
  const pane = session.page.frame({ url: /taskpane\.html/ });
  await pane?.evaluate(() => window.dispatchEvent(new Event("focus")));
}

/** Clicks a ribbon button: runs its function command as Excel would, until it completes. */
export function runRibbonCommand(session: BrowserSession, functionName: string): Promise<void> {
  return session.page.evaluate(
    (id) => (window as unknown as HostWindow).ledgerFakeHost.runAction(id),
    functionName,
  );
}

/** Makes a sheet active, as a user clicking its tab would. */
export function activateSheet(session: BrowserSession, name: string): Promise<void> {
  return session.page.evaluate(
    (n) => (window as unknown as HostWindow).ledgerFakeHost.activateSheet(n),
    name,
  );
}

export function sheetNames(session: BrowserSession): Promise<string[]> {
  return session.page.evaluate(() => (window as unknown as HostWindow).ledgerFakeHost.sheetNames());
}

/** Types cells into the workbook the way a user would (strings starting with = are formulas). */
export function typeCells(
  session: BrowserSession,
  sheet: string,
  address: string,
  rows: unknown[][],
): Promise<void> {
  return session.page.evaluate(
    ({ s, a, r }) => {
      const host = (window as unknown as HostWindow).ledgerFakeHost;
      if (!host.sheetNames().includes(s)) host.addSheet(s);
      host.setCells(s, a, r);
    },
    { s: sheet, a: address, r: rows },
  );
}

/** Imports a collection from the task pane and waits until the status line says it ended. */
export async function importFromPane(session: BrowserSession, collection: string): Promise<string> {
  const { pane } = session;
  await showTab(session, "Import");
  await pane.getByLabel("Collection").selectOption(collection);
  await pane.getByRole("button", { name: "Import", exact: true }).click();
  const status = pane.locator("#import-status");
  await status
    .filter({ hasText: /Imported|Cancelled|could not|failed|stopped/i })
    .waitFor({ timeout: 30_000 });
  return await status.innerText();
}

/** What the task pane's Excel traffic looked like, read from its frame. */
export interface OfficeJsTraffic {
  /** Excel and OfficeExtension on the pane are Microsoft's client, not the fake's. */
  microsoftClient: boolean;
  /** Requests the executor answered (it keeps the latest 50). */
  requests: number;
  /** Action names of the requests kept, e.g. "Values", "NumberFormat", "GetRange". */
  actionNames: string[];
  /** The largest request the host served, in real serialized bytes. */
  largestRequestBytes: number;
}

type PaneWindow = {
  Excel?: { RequestContext?: unknown };
  OfficeExtension?: { HttpUtility?: { setCustomSendRequestFunc?: unknown } };
  ledgerOfficeJs?: {
    executor: { requests: { body: { Actions: { Name: string }[] } }[] };
  };
  ledgerFakeHost: { largestRequestBytes: number };
};

/** Reads the task pane frame's office.js traffic. */
export function officeJsTraffic(session: BrowserSession): Promise<OfficeJsTraffic> {
  const frame = session.page.frames().find((f) => f.url().includes("taskpane.html"));
  if (!frame) throw new Error("the task pane frame is not open");
  return frame.evaluate(() => {
    const pane = window as unknown as PaneWindow;
    const requests = pane.ledgerOfficeJs?.executor.requests ?? [];
    return {
      microsoftClient:
        typeof pane.Excel?.RequestContext === "function" &&
        typeof pane.OfficeExtension?.HttpUtility?.setCustomSendRequestFunc === "function",
      requests: requests.length,
      actionNames: [...new Set(requests.flatMap((r) => r.body.Actions.map((a) => a.Name)))],
      largestRequestBytes: pane.ledgerFakeHost.largestRequestBytes,
    };
  });
}

export type CallResult =
  { ok: true; value: unknown } | { ok: false; name: string; code: string; message: string };

/** Calls a registered function as Excel would, through the preview page's fake host. */
export function callFunction(
  session: BrowserSession,
  id: string,
  args: unknown[],
): Promise<CallResult> {
  return session.page.evaluate(
    async ([fnId, fnArgs]) => {
      const host = (
        window as unknown as {
          ledgerFakeHost: { callCustomFunction(id: string, ...args: unknown[]): unknown };
        }
      ).ledgerFakeHost;
      try {
        const value: unknown = await host.callCustomFunction(
          fnId as string,
          ...(fnArgs as unknown[]),
          {},
        );
        return { ok: true as const, value };
      } catch (error) {
        const { name, code, message } = error as { name: string; code: string; message: string };
        return { ok: false as const, name, code, message };
      }
    },
    [id, args] as const,
  );
}

/** Closes and opens the task pane on the same workbook and computer, as reopening the file does. */
export async function reopenPane(session: BrowserSession): Promise<void> {
  await session.page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const frame = document.getElementById("pane") as HTMLIFrameElement;
        frame.addEventListener("load", () => resolve(), { once: true });
        frame.contentWindow!.location.reload();
      }),
  );
  await session.pane.locator("#connection-panel").waitFor({ state: "attached" });
}

type WorkbookFileWindow = {
  ledgerFakeHost: { serialize(): string; openWorkbook(json: string, url: string): void };
};

/** The workbook file as it would be saved (cells, tables, settings). */
export function saveWorkbook(session: BrowserSession): Promise<string> {
  return session.page.evaluate(() =>
    (window as unknown as WorkbookFileWindow).ledgerFakeHost.serialize(),
  );
}

/**
 * Opens a workbook file at `url` on the same computer (its add-in storage stays) and starts the
 * task pane on it, as Excel does when the file opens.
 */
export async function openWorkbook(
  session: BrowserSession,
  file: string,
  url: string,
): Promise<void> {
  await session.page.evaluate(
    ([json, at]) =>
      (window as unknown as WorkbookFileWindow).ledgerFakeHost.openWorkbook(json!, at!),
    [file, url],
  );
  await reopenPane(session);
}
