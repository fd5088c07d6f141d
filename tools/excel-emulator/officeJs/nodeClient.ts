// Microsoft's Excel client (excel-web-16.00.js from @microsoft/office-js, the build Excel on the
// web loads) running in Node: loaded once per process into a vm context with the few browser
// globals it touches. OfficeJsExcelHost puts an in-memory workbook behind it.
import { readFileSync } from "node:fs";
import { constants, createContext, runInContext } from "node:vm";
import { FakeExcelHost } from "../host";
import type { FakeExcelHostOptions } from "../host";
import type { ExcelRun } from "../../../src/excel/run";
import { officeJsRun } from "./router";
import type { OfficeJsClient, OfficeJsRun } from "./router";

export { officeJsRun } from "./router";
export type { OfficeJsClient, OfficeJsRun } from "./router";

let client: OfficeJsClient | undefined;

/** Microsoft's client, loaded on first use (about 100 ms). */
export function loadOfficeJsClient(): OfficeJsClient {
  if (client) return client;
  const file = require.resolve("@microsoft/office-js/dist/excel-web-16.00.js");
  const source = readFileSync(file, "utf8");
  // An ordinary global object, as a browser window is. A contextified one answers every global
  // name office.js reads (`Array`, `Object`...) through Node's interceptors, which makes its
  // setter for a range's values, a look at every cell, some 25 times slower than in a page
  // (about 550 ns a cell against 20): a cost no add-in pays in Excel.
  const window = createContext(constants.DONT_CONTEXTIFY) as Record<string, unknown>;
  Object.assign(window, {
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
  });
  window.window = window;
  window.self = window;
  runInContext(source, window, { filename: file });
  const loaded = window as unknown as OfficeJsClient;
  client = { Excel: loaded.Excel, OfficeExtension: loaded.OfficeExtension };
  return client;
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
    this.officeJs = officeJsRun(loadOfficeJsClient(), this);
    this.run = this.officeJs.run;
  }
}
