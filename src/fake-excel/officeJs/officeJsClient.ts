// Microsoft's Excel client (excel-web-16.00.js from @microsoft/office-js, the build Excel on the
// web loads) running in Node: loaded once per process into a vm context with the few browser
// globals it touches, its requests routed to the executor of the host they belong to.
import { readFileSync } from "node:fs";
import { createContext, runInContext } from "node:vm";
import { FakeExcelHost } from "../host";
import type { FakeExcelHostOptions } from "../host";
import type { ExcelRun } from "../../excel/run";
import type { RequestInfo, ResponseInfo } from "./protocol";
import { OfficeJsRequestExecutor } from "./requestExecutor";

/** The globals the client defines. */
export interface OfficeJsClient {
  readonly Excel: typeof Excel;
  readonly OfficeExtension: typeof OfficeExtension;
}

/** office.js's hook for answering requests itself (not in @types/office-js). */
interface HttpUtility {
  setCustomSendRequestFunc(send: (request: RequestInfo) => Promise<ResponseInfo>): void;
}

/**
 * Where one RequestContext's requests go: the executor registered for its address. Held weakly,
 * so a test's hosts are collected with their workbooks.
 */
const routes = new Map<string, WeakRef<OfficeJsRequestExecutor>>();
const forget = new FinalizationRegistry<string>((address) => routes.delete(address));
let client: OfficeJsClient | undefined;
let nextSession = 1;

function route(request: RequestInfo): Promise<ResponseInfo> {
  const address = /^https:\/\/[^/]+\/[^/]+\//.exec(request.url)?.[0];
  const executor = address === undefined ? undefined : routes.get(address)?.deref();
  if (executor) return executor.execute(request);
  return Promise.resolve({
    statusCode: 404,
    headers: {},
    body: JSON.stringify({
      error: { code: "ItemNotFound", message: "No workbook at this address." },
    }),
  });
}

/** Microsoft's client, loaded on first use (about 100 ms). */
export function loadOfficeJsClient(): OfficeJsClient {
  if (client) return client;
  const file = require.resolve("@microsoft/office-js/dist/excel-web-16.00.js");
  const source = readFileSync(file, "utf8");
  const window: Record<string, unknown> = {
    location: { protocol: "https:", hash: "", search: "", href: "https://localhost/" },
    name: "",
    navigator: { userAgent: "Node.js" },
    document: {
      readyState: "complete",
      addEventListener: () => undefined,
      getElementsByTagName: () => [],
      createElement: () => ({}),
    },
    addEventListener: () => undefined,
    setTimeout,
    clearTimeout,
    console,
  };
  window.window = window;
  window.self = window;
  const sandbox = createContext(window);
  runInContext(source, sandbox, { filename: file });
  const loaded = sandbox as unknown as OfficeJsClient;
  const http = (loaded.OfficeExtension as unknown as { HttpUtility: HttpUtility }).HttpUtility;
  http.setCustomSendRequestFunc(route);
  client = { Excel: loaded.Excel, OfficeExtension: loaded.OfficeExtension };
  return client;
}

/** An ExcelRun whose batches office.js builds and serializes, answered from `host`. */
export interface OfficeJsRun {
  readonly run: ExcelRun;
  readonly executor: OfficeJsRequestExecutor;
  /** Stops routing requests to the host. */
  close(): void;
}

/**
 * Runs batches through Microsoft's client over `host`'s workbook: `Excel.run` with a
 * RequestContext whose requests the executor answers.
 */
export function officeJsRun(host: FakeExcelHost): OfficeJsRun {
  const { Excel: excel } = loadOfficeJsClient();
  const address = `https://excel-emulator.invalid/session-${nextSession++}/`;
  const executor = new OfficeJsRequestExecutor(host);
  routes.set(address, new WeakRef(executor));
  forget.register(executor, address);
  const run: ExcelRun = (batch) => excel.run(new excel.RequestContext(address), batch);
  return { run, executor, close: () => routes.delete(address) };
}

/**
 * The in-memory workbook behind Microsoft's client: `run` is office.js's Excel.run, so batches
 * are built, serialized and checked by Microsoft's code, and `requestLog` counts real bytes.
 * `directRun` is the fake's own proxies, for tests about the workbook model itself.
 */
export class OfficeJsExcelHost extends FakeExcelHost {
  readonly officeJs: OfficeJsRun;
  readonly directRun: ExcelRun;
  override readonly run: ExcelRun;

  constructor(options?: FakeExcelHostOptions) {
    super(options);
    this.directRun = (batch) => super.runBatch(batch);
    this.officeJs = officeJsRun(this);
    this.run = this.officeJs.run;
  }
}
