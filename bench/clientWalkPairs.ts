// The client walk of this build against another build's, in interleaved pairs in one process:
// both walk the same sandbox in turn (the order alternating), so a busy machine slows both alike
// and a difference of a few percent shows, which separate runs of apiClientCpu.ts cannot resolve
// on a shared machine. Reports CPU per row an import of the pages writes, the process's and its
// main thread's (the collector's and compiler's helper threads are in the first only).
//
//   npx tsc -p bench/tsconfig.json
//   node --expose-gc build/bench/bench/clientWalkPairs.js <other build/bench> [invoices] [pairs]
// where <other build/bench> is another checkout's build/bench folder, built the same way.
import { resolve } from "node:path";
import { DEMO_TOKEN } from "../tools/sandbox";
import { startSandboxProcess } from "./sandboxProcess";
import { median } from "./median";

type Api = typeof import("../src/api");
type Transport = typeof import("../src/cli/nodeFetch");

interface Build {
  readonly name: string;
  readonly api: Api;
  readonly transport: Transport;
}

function loadBuild(name: string, folder: string): Build {
  /* eslint-disable @typescript-eslint/no-require-imports -- another build, found at run time */
  const api = require(resolve(folder, "src/api/index.js")) as Api;
  const transport = require(resolve(folder, "src/cli/nodeFetch.js")) as Transport;
  /* eslint-enable @typescript-eslint/no-require-imports */
  return { name, api, transport };
}

interface WalkCpu {
  readonly processUs: number;
  readonly threadUs: number;
}

async function walk(build: Build, baseUrl: string): Promise<WalkCpu> {
  const { LedgerApi, iterateCollection } = build.api;
  const client = new LedgerApi(
    { apiAddress: baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
    { fetch: build.transport.nodeFetch },
  );
  (globalThis as { gc?: () => void }).gc?.();
  const cpu = process.cpuUsage();
  const thread = process.threadCpuUsage();
  let rows = 0;
  for await (const page of iterateCollection(client, "/invoices")) {
    for (const record of page.data) {
      const lines = record["lines"];
      rows += 1 + (Array.isArray(lines) ? lines.length : 0);
    }
  }
  const used = process.cpuUsage(cpu);
  const threadUsed = process.threadCpuUsage(thread);
  return {
    processUs: (used.user + used.system) / rows,
    threadUs: (threadUsed.user + threadUsed.system) / rows,
  };
}

async function main(): Promise<void> {
  const other = process.argv[2];
  if (other === undefined) throw new Error("Name the other build's build/bench folder.");
  const invoices = Number(process.argv[3] ?? 20_000);
  const pairs = Number(process.argv[4] ?? 16);
  const builds = [loadBuild("other", other), loadBuild("this", resolve(__dirname, ".."))];
  const sandbox = await startSandboxProcess({ invoices, keepRecords: true });
  try {
    // Warm-up: compiles both builds' code, and the sandbox keeps its records from here on.
    for (const build of [...builds, ...builds]) await walk(build, sandbox.baseUrl);
    const walks = new Map(builds.map((build) => [build.name, [] as WalkCpu[]]));
    let thisLower = 0;
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 === 0 ? builds : [...builds].reverse();
      const got = new Map<string, WalkCpu>();
      for (const build of order) got.set(build.name, await walk(build, sandbox.baseUrl));
      for (const [name, cpu] of got) walks.get(name)?.push(cpu);
      if ((got.get("this")?.threadUs ?? 0) < (got.get("other")?.threadUs ?? 0)) thisLower++;
    }
    for (const [name, cpu] of walks) {
      console.log(
        JSON.stringify({
          build: name,
          processUsPerRow: Number(median(cpu.map((one) => one.processUs)).toFixed(3)),
          mainThreadUsPerRow: Number(median(cpu.map((one) => one.threadUs)).toFixed(3)),
        }),
      );
    }
    console.log(`this build's main thread lower in ${thisLower} of ${pairs} pairs`);
  } finally {
    await sandbox.close();
  }
}

void main();
