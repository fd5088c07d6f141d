// The benchmark's Excel in a process of its own, as real Excel is: office.js builds and
// serializes each request on the import's thread, and the emulator answers it in a child
// process. Excel's work (reading the request, changing the workbook, writing the answer) then
// runs beside the add-in instead of stopping it, and the import's process CPU is the add-in's and
// office.js's alone.
import { fork, type ChildProcess } from "node:child_process";
import type { ExcelRun } from "../src/excel/run";
import { FakeExcelHost } from "../tools/excel-emulator/host";
import { loadOfficeJsClient } from "../tools/excel-emulator/officeJs/nodeClient";
import type { RequestInfo, ResponseInfo } from "../tools/excel-emulator/officeJs/protocol";
import { OfficeJsRequestExecutor } from "../tools/excel-emulator/officeJs/requestExecutor";
import { officeJsRunOver, type RequestAnswerer } from "../tools/excel-emulator/officeJs/router";
import { schedSample, type Span } from "./chainClock";
import { workbookExtent, type WorkbookExtent } from "./rowsWritten";
import { threadCpuMs, threadCpuSince } from "./threadCpu";

/** What the Excel process says of its work so far. */
export interface ExcelProcessStats {
  readonly syncCount: number;
  readonly largestRequestBytes: number;
  /** Milliseconds the emulator spent reading, running and answering the requests. */
  readonly serveMs: number;
  /** The Excel process's CPU (user + system), milliseconds. */
  readonly cpuMs: number;
  /** Its main thread's, where Node can say (`threadCpuMs`). */
  readonly threadCpuMs: number | null;
  /** The Excel process's heap after a full collection: the workbook, about. */
  readonly heapBytes: number;
  /** The requests' bytes, summed over every request answered. */
  readonly requestBytes: number;
  /** The rows and cells the workbook holds now. */
  readonly extent: WorkbookExtent;
}

type Message =
  | { readonly id: number; readonly request: { readonly url: string; readonly body: string } }
  | { readonly id: number; readonly stats: true }
  | { readonly id: number; readonly spans: true };

/** One request Excel answered, as a timeline sees it (see {@link ExcelProcess.onExchange}). */
export interface ExcelExchange {
  /** office.js's request text, serialized on the add-in's side. */
  readonly body: string;
  /** When it was handed to the Excel process and when its answer came back (performance.now). */
  readonly sentMs: number;
  readonly answeredMs: number;
  /** The Excel process's time on it, from reading the request to sending the answer. */
  readonly excelMs: number;
  /** The Excel process's CPU meanwhile (user + system): its work on this request alone. */
  readonly excelCpuMs: number;
}

type Reply =
  | {
      readonly id: number;
      readonly response: ResponseInfo;
      readonly excelMs: number;
      readonly excelCpuMs: number;
    }
  | { readonly id: number; readonly stats: ExcelProcessStats }
  | { readonly id: number; readonly spans: Span[] };

export interface ExcelProcessOptions {
  /**
   * Stamp every request (bench/chainClock.ts): on this side the link's sending of it, in the
   * Excel process its answering. Off, nothing is stamped.
   */
  readonly stamps?: boolean;
}

/** A workbook in a child process behind Microsoft's client in this one. */
export class ExcelProcess implements RequestAnswerer {
  readonly run: ExcelRun;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private nextId = 1;
  private readonly closeRoute: () => void;
  /** With `stamps`: each request's sending, from office.js handing it over to the child. */
  readonly linkSpans: Span[] = [];
  /** Called with every request answered, when a timeline wants them; unset, nothing is kept. */
  onExchange: ((exchange: ExcelExchange) => void) | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly stamps: boolean,
  ) {
    child.on("message", (reply: Reply) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
    const officeJs = officeJsRunOver(loadOfficeJsClient(), this);
    this.run = officeJs.run;
    this.closeRoute = officeJs.close;
  }

  /** Starts the child and waits until its workbook is ready. */
  static async start(options: ExcelProcessOptions = {}): Promise<ExcelProcess> {
    const stamps = options.stamps ?? false;
    // The request crosses as office.js's one JSON text in V8's serialization: about 1.4 us a
    // record on this side and 2.5 on Excel's at 50,000 invoices, against about 6 and 7.5 with
    // JSON framing. A worker thread costs about the same but would put Excel's CPU in this
    // process's, which the benchmark reports as the add-in's.
    const child = fork(__filename, ["--serve-excel", ...(stamps ? ["--stamps"] : [])], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "advanced",
      execArgv: ["--expose-gc"],
    });
    await new Promise<void>((resolve, reject) => {
      child.once("message", () => resolve());
      child.once("exit", (code) => reject(new Error(`The Excel process exited (${code}).`)));
    });
    return new ExcelProcess(child, stamps);
  }

  private ask(message: Omit<Message, "id"> & Partial<Message>): Promise<Reply> {
    const id = this.nextId++;
    return new Promise<Reply>((resolve) => {
      this.pending.set(id, resolve);
      this.child.send({ ...message, id });
    });
  }

  /** office.js's request, serialized here (the add-in's side), answered there. */
  async execute(request: RequestInfo): Promise<ResponseInfo> {
    const start = this.stamps ? schedSample() : null;
    const body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
    const sentMs = performance.now();
    const asked = this.ask({ request: { url: request.url, body } });
    if (start) this.linkSpans.push({ label: "link send", start, end: schedSample() });
    const reply = await asked;
    if (!("response" in reply)) throw new Error("The Excel process answered out of turn.");
    const { excelMs, excelCpuMs } = reply;
    this.onExchange?.({ body, sentMs, answeredMs: performance.now(), excelMs, excelCpuMs });
    return reply.response;
  }

  async stats(): Promise<ExcelProcessStats> {
    const reply = await this.ask({ stats: true });
    if (!("stats" in reply)) throw new Error("The Excel process answered out of turn.");
    return reply.stats;
  }

  /** With `stamps`: the Excel process's answering of each request since the last call. */
  async takeSpans(): Promise<Span[]> {
    const reply = await this.ask({ spans: true });
    if (!("spans" in reply)) throw new Error("The Excel process answered out of turn.");
    return reply.spans;
  }

  close(): Promise<void> {
    this.closeRoute();
    return new Promise<void>((resolve) => {
      this.child.once("exit", () => resolve());
      this.child.kill("SIGTERM");
    });
  }
}

function serveExcel(stamps: boolean): void {
  const spans: Span[] = [];
  const host = new FakeExcelHost();
  const executor = new OfficeJsRequestExecutor(host);
  executor.keepRequests = 0;
  const cpu = process.cpuUsage();
  const threadStart = threadCpuMs();
  process.on("message", (message: Message) => {
    if ("stats" in message) {
      // The CPU before the collection that measures the heap: that collection is the
      // benchmark's, not Excel's.
      const used = process.cpuUsage(cpu);
      const threadUsed = threadCpuSince(threadStart);
      (globalThis as { gc?: () => void }).gc?.();
      const stats: ExcelProcessStats = {
        syncCount: host.syncCount,
        largestRequestBytes: host.largestRequestBytes,
        serveMs: host.requestLog.reduce((sum, sync) => sum + sync.serveMs, 0),
        cpuMs: (used.user + used.system) / 1000,
        threadCpuMs: threadUsed,
        heapBytes: process.memoryUsage().heapUsed,
        requestBytes: host.requestLog.reduce((sum, sync) => sum + sync.requestBytes, 0),
        extent: workbookExtent(host.workbook),
      };
      process.send?.({ id: message.id, stats } satisfies Reply);
      return;
    }
    if ("spans" in message) {
      process.send?.({ id: message.id, spans: spans.splice(0) } satisfies Reply);
      return;
    }
    const start = stamps ? schedSample() : null;
    const request: RequestInfo = { method: "POST", headers: {}, ...message.request };
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    void executor.execute(request).then((response) => {
      const cpuUsed = process.cpuUsage(cpuBefore);
      process.send?.({
        id: message.id,
        response,
        excelMs: performance.now() - started,
        excelCpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
      } satisfies Reply);
      if (start) spans.push({ label: "excel", start, end: schedSample() });
    });
  });
  process.on("disconnect", () => process.exit(0));
  process.send?.("ready");
}

if (process.argv[2] === "--serve-excel") serveExcel(process.argv[3] === "--stamps");
