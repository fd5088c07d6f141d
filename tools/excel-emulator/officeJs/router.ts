// Routes the requests of Microsoft's office.js client (in Node or in a page) to the executors of
// in-memory workbooks: each officeJsRun gets a RequestContext address of its own.
import { excelRunOf } from "../../../src/excel/run";
import type { ExcelRun, ExcelRunWithOptions } from "../../../src/excel/run";
import type { FakeExcelHost } from "../host";
import { hostSupportsSet } from "../officeShim";
import type { RequestInfo, ResponseInfo } from "./protocol";
import { OfficeJsRequestExecutor } from "./requestExecutor";

/** The globals Microsoft's client defines. */
export interface OfficeJsClient {
  readonly Excel: typeof Excel;
  readonly OfficeExtension: typeof OfficeExtension;
}

/** office.js's hook for answering requests itself (not in @types/office-js). */
interface HttpUtility {
  setCustomSendRequestFunc(send: (request: RequestInfo) => Promise<ResponseInfo>): void;
}

/** What answers a RequestContext's requests: an executor here, or a workbook elsewhere. */
export interface RequestAnswerer {
  execute(request: RequestInfo): Promise<ResponseInfo>;
}

/**
 * Where one RequestContext's requests go: the answerer registered for its address. Held weakly,
 * so a test's hosts are collected with their workbooks.
 */
const routes = new Map<string, WeakRef<RequestAnswerer>>();
const forget = new FinalizationRegistry<string>((address) => routes.delete(address));
const routed = new WeakSet<object>();
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

/** Sends every request of `client` to the executor its address names (set once per client). */
function routeRequests(client: OfficeJsClient): void {
  if (routed.has(client.OfficeExtension)) return;
  const http = (client.OfficeExtension as unknown as { HttpUtility: HttpUtility }).HttpUtility;
  http.setCustomSendRequestFunc(route);
  routed.add(client.OfficeExtension);
}

/** True when `value` holds Microsoft's client (Excel.RequestContext and the send hook). */
export function isOfficeJsClient(value: Partial<OfficeJsClient>): value is OfficeJsClient {
  const http = (value.OfficeExtension as { HttpUtility?: Partial<HttpUtility> } | undefined)
    ?.HttpUtility;
  return (
    typeof value.Excel?.RequestContext === "function" &&
    typeof http?.setCustomSendRequestFunc === "function"
  );
}

/** An ExcelRun whose batches office.js builds and serializes, answered from `host`. */
export interface OfficeJsRun {
  /** The add-in's own ExcelRun (src/excel/run.ts) over Microsoft's Excel.run. */
  readonly run: ExcelRun;
  /** Excel.run with the caller's options (a page's Excel.run forwards the add-in's here). */
  readonly runWith: ExcelRunWithOptions;
  readonly executor: OfficeJsRequestExecutor;
  /** Stops routing requests to the host. */
  close(): void;
}

/**
 * Runs batches through Microsoft's client over `host`'s workbook: `Excel.run` with a
 * RequestContext whose requests the executor answers.
 */
export function officeJsRun(client: OfficeJsClient, host: FakeExcelHost): OfficeJsRun {
  const executor = new OfficeJsRequestExecutor(host);
  return { ...officeJsRunOver(client, executor, host), executor };
}

/**
 * Runs batches through Microsoft's client, answered by `answerer` (a workbook in another
 * process, as Excel's is). The answerer is held weakly: the caller keeps it.
 */
export function officeJsRunOver(
  client: OfficeJsClient,
  answerer: RequestAnswerer,
  host?: FakeExcelHost,
): Omit<OfficeJsRun, "executor"> {
  routeRequests(client);
  const excel = client.Excel;
  // Microsoft's own Excel.run, kept before a page replaces Excel.run with one that calls this.
  const excelRun = excel.run.bind(excel) as ExcelRunWithOptions;
  // office.js takes options only as a plain object of its own realm (it compares prototypes),
  // and in Node it runs in a vm context of its own: the options are copied into that realm.
  const realmObject = Object.getPrototypeOf(excel) as object;
  // office.js sends delayForCellEdit only when Office.context.requirements reports the
  // DelayForCellEdit set. In a page it asks the fake Office (officeShim.ts, which answers for the
  // host); in Node there is no Office to ask and office.js takes every set as supported, so the
  // option is left out here for a host made without the set, as office.js would.
  const withoutDelay = host !== undefined && !hostSupportsSet(host, "DelayForCellEdit");
  const microsoftRun: ExcelRunWithOptions = (options, batch) => {
    const asked = withoutDelay ? { ...options, delayForCellEdit: false } : options;
    return excelRun(Object.assign(Object.create(realmObject) as Excel.RunOptions, asked), batch);
  };
  const address = `https://excel-emulator.invalid/session-${nextSession++}/`;
  routes.set(address, new WeakRef(answerer));
  forget.register(answerer, address);
  const session = address;
  const runWith: ExcelRunWithOptions = (options, batch) =>
    microsoftRun({ ...options, session }, batch);
  return {
    run: excelRunOf(microsoftRun, session),
    runWith,
    close: () => routes.delete(address),
  };
}
