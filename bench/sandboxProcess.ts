// The benchmark's API server in a child process: the server's own CPU work (generating and
// serialising records) then runs beside the import, as a remote service would, instead of
// competing with it on the benchmark's event loop and heap.
import { fork, type ChildProcess } from "node:child_process";
import type { RecordCounts } from "../tools/sandbox/catalog";
import { startSandbox } from "../tools/sandbox/server";
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

function isCpuAnswer(message: unknown): message is CpuAnswer {
  return typeof message === "object" && message !== null && "cpuMs" in message;
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
  let nextQuestion = 1;
  child.on("message", (message: unknown) => {
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
}: SandboxProcessOptions): Promise<void> {
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
  process.on("message", (message: CpuQuestion) => {
    const used = process.cpuUsage();
    process.send?.({
      id: message.cpu,
      cpuMs: (used.user + used.system) / 1000,
      threadCpuMs: threadCpuMs(),
    } satisfies CpuAnswer);
  });
  process.send?.({ baseUrl: sandbox.baseUrl, origin: sandbox.origin } satisfies Ready);
}

if (process.argv[2] === "--serve") {
  void serve(JSON.parse(process.argv[3] ?? "{}") as SandboxProcessOptions);
}
