// The benchmark's API server in a child process: the server's own CPU work (generating and
// serialising records) then runs beside the import, as a remote service would, instead of
// competing with it on the benchmark's event loop and heap.
import { fork, type ChildProcess } from "node:child_process";
import { subscribe } from "node:diagnostics_channel";
import type { ServerResponse } from "node:http";
import type { RecordCounts } from "../tools/sandbox/catalog";
import { startSandbox } from "../tools/sandbox/server";
import { coreWaitMs, schedSample, type SchedSample } from "./chainClock";
import type { ProcessCpu } from "./leastTime";
import { threadCpuMs } from "./threadCpu";

export interface SandboxProcess {
  readonly baseUrl: string;
  readonly origin: string;
  /** Sets the latency added to every API request from now on. */
  setLatency(latencyMs: number): Promise<void>;
  /** The server process's CPU so far (user + system), milliseconds. */
  cpuMs(): Promise<number>;
  /** The server process's CPU so far, and its main thread's. */
  cpu(): Promise<ProcessCpu>;
  /**
   * With `stamps`, each request served since the last call: when the server's thread read it
   * and when it wrote the answer (empty without `stamps`).
   */
  takeStamps(): Promise<ServerStamp[]>;
  close(): Promise<void>;
}

/** What the child sandbox serves beyond its defaults. */
export interface SandboxProcessOptions {
  /** demo-company's invoices. */
  readonly invoices: number;
  /** Lines of the large DRAFT journal JNL-0009 (the sandbox's `journalLines`); 0 for none. */
  readonly journalLines?: number;
  /** demo-company's counts of other lists (the sandbox's `records`), e.g. `{ bills: 20000 }`. */
  readonly records?: Partial<RecordCounts>;
  /** The sandbox's `keepRecords`: records kept once generated, a walk then only serializes. */
  readonly keepRecords?: boolean;
  /** Stamp every request (bench/chainClock.ts); off, the server runs untouched. */
  readonly stamps?: boolean;
}

/** One request as the server's thread saw it. */
export interface ServerStamp {
  /** The request's path and query, as the client asked for it. */
  readonly path: string;
  /** When the server's thread got the request (Node's `request` event). */
  readonly read: SchedSample;
  /** When it had written the answer (`end` returned). */
  readonly written: SchedSample;
  /**
   * The add-in's main thread's wait for a core so far (the process that started the sandbox),
   * read just after: the add-in reads its own on seeing the answer.
   */
  readonly addInCoreWaitMs: number;
}

interface Ready {
  readonly baseUrl: string;
  readonly origin: string;
}

/** The parent's question for the server's CPU, and the child's answer. */
interface CpuQuestion {
  readonly cpu: number;
}
interface CpuAnswer extends ProcessCpu {
  readonly id: number;
}
interface StampsQuestion {
  readonly stamps: number;
}
interface StampsAnswer {
  readonly id: number;
  readonly stamps: ServerStamp[];
}

function isCpuAnswer(message: unknown): message is CpuAnswer {
  return typeof message === "object" && message !== null && "cpuMs" in message;
}

function isStampsAnswer(message: unknown): message is StampsAnswer {
  return typeof message === "object" && message !== null && "stamps" in message;
}

/** Starts a sandbox serving `invoices` demo-company invoices (or `options`) in a child process. */
export async function startSandboxProcess(
  invoicesOrOptions: number | SandboxProcessOptions,
): Promise<SandboxProcess> {
  const options: SandboxProcessOptions =
    typeof invoicesOrOptions === "number" ? { invoices: invoicesOrOptions } : invoicesOrOptions;
  const child: ChildProcess = fork(__filename, ["--serve", JSON.stringify(options)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (message) => resolve(message as Ready));
    child.once("exit", (code) => reject(new Error(`The sandbox process exited (${code}).`)));
  });
  const waiting = new Map<number, (cpu: ProcessCpu) => void>();
  const waitingStamps = new Map<number, (stamps: ServerStamp[]) => void>();
  let nextQuestion = 1;
  child.on("message", (message: unknown) => {
    if (isStampsAnswer(message)) {
      waitingStamps.get(message.id)?.(message.stamps);
      waitingStamps.delete(message.id);
    }
    if (!isCpuAnswer(message)) return;
    waiting.get(message.id)?.({ cpuMs: message.cpuMs, threadCpuMs: message.threadCpuMs });
    waiting.delete(message.id);
  });
  const cpu = (): Promise<ProcessCpu> =>
    new Promise<ProcessCpu>((resolve) => {
      const id = nextQuestion++;
      waiting.set(id, resolve);
      child.send({ cpu: id } satisfies CpuQuestion);
    });
  return {
    ...ready,
    cpu,
    cpuMs: async () => (await cpu()).cpuMs,
    takeStamps: () =>
      new Promise<ServerStamp[]>((resolve) => {
        const id = nextQuestion++;
        waitingStamps.set(id, resolve);
        child.send({ stamps: id } satisfies StampsQuestion);
      }),
    async setLatency(latencyMs) {
      const response = await fetch(`${ready.origin}/__sandbox/faults`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Sandbox-Control": "1" },
        body: JSON.stringify({ latencyMs }),
      });
      if (!response.ok) throw new Error(`Setting the latency failed: ${response.status}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function serve({
  invoices,
  journalLines = 0,
  records = {},
  keepRecords = false,
  stamps = false,
}: SandboxProcessOptions): Promise<void> {
  const served = stamps ? stampRequests() : [];
  const sandbox = await startSandbox({
    port: 0,
    records: { ...records, invoices },
    journalLines,
    keepRecords,
    log: null,
  });
  const stop = (): void => void sandbox.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("disconnect", stop);
  process.on("message", (message: CpuQuestion | StampsQuestion) => {
    if ("stamps" in message) {
      process.send?.({ id: message.stamps, stamps: served.splice(0) } satisfies StampsAnswer);
      return;
    }
    const used = process.cpuUsage();
    process.send?.({
      id: message.cpu,
      cpuMs: (used.user + used.system) / 1000,
      threadCpuMs: threadCpuMs(),
    } satisfies CpuAnswer);
  });
  process.send?.({ baseUrl: sandbox.baseUrl, origin: sandbox.origin } satisfies Ready);
}

/**
 * Stamps every request this process's HTTP server reads, through Node's diagnostics channel
 * (nothing is subscribed, and nothing costs, without `stamps`).
 */
function stampRequests(): ServerStamp[] {
  const served: ServerStamp[] = [];
  subscribe("http.server.request.start", (message) => {
    const read = schedSample();
    const { request, response } = message as {
      request: { url?: string };
      response: ServerResponse;
    };
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    response.end = ((...args: unknown[]) => {
      const ended = end(...args);
      const written = schedSample();
      served.push({
        path: request.url ?? "",
        read,
        written,
        addInCoreWaitMs: coreWaitMs(process.ppid),
      });
      return ended;
    }) as ServerResponse["end"];
  });
  return served;
}

if (process.argv[2] === "--serve") {
  void serve(JSON.parse(process.argv[3] ?? "{}") as SandboxProcessOptions);
}
