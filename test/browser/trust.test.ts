// The built task pane at 320 px, two documents on one computer (device storage shared): the
// document id is always one this computer made, what a workbook claims is allowed once and asked
// again when it changes, and a remembered token never follows an address typed over its own.
import { createServer, IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BrowserSession, openPreview, openWorkbook, saveWorkbook } from "./harness";

const PLACE = "https://contoso.sharepoint.com/sites/finance/Shared%20Documents/Report.xlsx";
const ELSEWHERE = "https://contoso.sharepoint.com/sites/other/Report.xlsx";
const PRESET = "0123456789abcdef0123456789abcdef";

type WorkbookFile = { settings: Record<string, string> };

let session: BrowserSession;
/** The empty workbook the preview starts with, as a file. */
let blank: string;
/** The crafted file as saved after the user allowed it once. */
let allowed: string;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320 });
  blank = await saveWorkbook(session);
}, 60_000);

afterAll(async () => {
  await session?.close();
});

/** A file made from `base` with these settings written into it. */
function fileWith(base: string, settings: Record<string, unknown>): string {
  const file = JSON.parse(base) as WorkbookFile;
  for (const [key, value] of Object.entries(settings)) {
    file.settings[key] = JSON.stringify(value);
  }
  return JSON.stringify(file);
}

function settingOf(file: string, key: string): unknown {
  const text = (JSON.parse(file) as WorkbookFile).settings[key];
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

/** The crafted file: a preset id, the sandbox as its project, a refresh on open. */
function craftedFile(): string {
  return fileWith(blank, {
    "ledgerSheets.document": PRESET,
    "ledgerSheets.projects": {
      default: "Local",
      projects: [{ label: "Local", apiAddress: session.sandbox.baseUrl, version: "v1" }],
    },
    "ledgerSheets.refreshOnOpen": "full",
  });
}

/** The pane's status once it has started: what the workbook asks, or a connection. */
async function startingStatus(): Promise<string> {
  const status = session.pane.locator("#connection-status");
  await status.filter({ hasText: /This workbook connects|Connected|Reconnecting/ }).waitFor();
  return await status.innerText();
}

async function connectedByItself(): Promise<void> {
  const summary = session.pane.locator("#connection-summary");
  await summary.waitFor({ state: "visible" });
  expect(await summary.innerText()).toMatch(/^Connected to .* as project Local$/);
}

async function connectWithRemember(): Promise<void> {
  const { pane } = session;
  await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
  await pane.getByLabel("Project identity").fill("demo-company");
  await pane.getByLabel("Remember token on this computer").check();
  await pane.getByRole("button", { name: "Connect", exact: true }).click();
  await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
}

describe("what a workbook may do on this computer", () => {
  it("binds a file that presets its id under an id of this computer's own; a second file with the preset id at the same place asks and requests nothing", async () => {
    const { sandbox } = session;
    await openWorkbook(session, craftedFile(), PLACE);
    expect(await startingStatus()).toMatch(
      /^This workbook connects to 127\.0\.0\.1:\d+ as project Local and refreshes on open\./,
    );
    await connectWithRemember();
    allowed = await saveWorkbook(session);
    const made = settingOf(allowed, "ledgerSheets.document");
    expect(made).toMatch(/^[0-9a-f]{32}$/);
    expect(made).not.toBe(PRESET);

    // The allowed file itself connects by itself when it opens again.
    await openWorkbook(session, allowed, PLACE);
    await connectedByItself();

    sandbox.resetStats();
    await openWorkbook(session, craftedFile(), PLACE);
    expect(await startingStatus()).toBe(
      `This workbook connects to 127.0.0.1:${sandbox.port} as project Local and refreshes on ` +
        "open. Nothing is requested until you select Connect.",
    );
    expect(await session.pane.locator("#connection-summary").isVisible()).toBe(false);
    expect(sandbox.stats().apiRequests).toBe(0);
  });

  it("asks again, before any request, when the allowed file now asks for an automatic refresh", async () => {
    const { sandbox } = session;
    sandbox.resetStats();
    const changed = fileWith(allowed, { "ledgerSheets.autoRefresh": { minutes: 5, mode: "full" } });
    await openWorkbook(session, changed, PLACE);
    expect(await startingStatus()).toMatch(/^This workbook connects .* while open\./);
    expect(await session.pane.locator("#connection-summary").isVisible()).toBe(false);
    expect(sandbox.stats().apiRequests).toBe(0);
  });

  it("asks again, before any request, when the allowed file now reads another collection path", async () => {
    const { sandbox } = session;
    sandbox.resetStats();
    const changed = fileWith(allowed, {
      "ledgerSheets.collectionPaths": { invoices: "/sales/invoices" },
    });
    await openWorkbook(session, changed, PLACE);
    expect(await startingStatus()).toMatch(/It reads invoices from \/sales\/invoices\./);
    expect(await session.pane.locator("#connection-summary").isVisible()).toBe(false);
    expect(sandbox.stats().apiRequests).toBe(0);

    // The allowed file, unchanged, still connects by itself.
    await openWorkbook(session, allowed, PLACE);
    await connectedByItself();
  });
});

describe("a remembered token and an address typed over its own", () => {
  let recorder: Server;
  let seen: IncomingHttpHeaders[];
  /** Settles when the recorder sees its first request that is not a preflight. */
  let firstRequest: Promise<void>;

  beforeAll(async () => {
    seen = [];
    let received: () => void = () => undefined;
    firstRequest = new Promise((resolve) => {
      received = resolve;
    });
    recorder = createServer((request, response) => {
      const cors = {
        "Access-Control-Allow-Origin": request.headers.origin ?? "*",
        "Access-Control-Allow-Headers": "Authorization, identity, Content-Type",
        "Access-Control-Allow-Methods": "GET, PATCH, OPTIONS",
      };
      if (request.method === "OPTIONS") {
        response.writeHead(204, cors).end();
        return;
      }
      seen.push(request.headers);
      received();
      response
        .writeHead(401, { ...cors, "Content-Type": "application/json" })
        .end(JSON.stringify({ error: { code: "unauthorized", message: "no" } }));
    });
    await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => recorder.close(() => resolve()));
  });

  it("clears the recalled token when the origin changes, and never sends it there", async () => {
    const { pane } = session;
    const port = (recorder.address() as AddressInfo).port;
    // A copy elsewhere: this computer knows the project, so it fills in identity and token.
    await openWorkbook(session, allowed, ELSEWHERE);
    await startingStatus();
    const token = pane.getByLabel("Access token", { exact: true });
    expect(await token.inputValue()).toBe("demo-token");

    await pane.getByLabel("API address").fill(`http://127.0.0.1:${port}`);
    expect(await token.inputValue()).toBe("");
    await pane.getByLabel("Project name").fill("Moved");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane.getByText("Enter the access token.").waitFor();
    expect(seen.map((headers) => headers.authorization)).not.toContain("Bearer demo-token");

    await token.fill("typed-token");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await firstRequest;
    expect(seen.length).toBeGreaterThan(0);
    for (const headers of seen) expect(headers.authorization).toBe("Bearer typed-token");
  });

  it("fills a workbook without projects with no token", async () => {
    const { pane } = session;
    await openWorkbook(session, blank, "https://contoso.sharepoint.com/New.xlsx");
    await pane.locator("#connection-panel").waitFor();
    await pane.getByLabel("Project identity").waitFor();
    expect(await pane.getByLabel("Access token", { exact: true }).inputValue()).toBe("");
  });
});
