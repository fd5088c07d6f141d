// The API client's CPU alone on the import path: every page of the sandbox's invoices walked by
// the bench's client (node:http transport, exact JSON reader, page checks, loop guard), the
// server in a process of its own, nothing done with the pages. Reports this process's CPU per
// page and per row an import of them writes (an invoice's row and one per line), user and
// system apart, and the context switches per page (a write that wakes the server can hand it
// this core mid-call).
//
//   npx tsc -p bench/tsconfig.json && node build/bench/bench/apiClientCpu.js [invoices] [runs]
import { iterateCollection } from "../src/api";
import { benchApi } from "./importBench";
import { startSandboxProcess } from "./sandboxProcess";
import { median } from "./median";

interface WalkCpu {
  readonly pages: number;
  readonly rows: number;
  readonly userMs: number;
  readonly systemMs: number;
  readonly voluntarySwitches: number;
  readonly involuntarySwitches: number;
}

async function walkOnce(baseUrl: string): Promise<WalkCpu> {
  const api = benchApi(baseUrl);
  const before = process.resourceUsage();
  const cpu = process.cpuUsage();
  let pages = 0;
  let rows = 0;
  for await (const page of iterateCollection(api, "/invoices")) {
    pages += 1;
    for (const record of page.data) {
      const lines = record["lines"];
      rows += 1 + (Array.isArray(lines) ? lines.length : 0);
    }
  }
  const used = process.cpuUsage(cpu);
  const after = process.resourceUsage();
  return {
    pages,
    rows,
    userMs: used.user / 1000,
    systemMs: used.system / 1000,
    voluntarySwitches: after.voluntaryContextSwitches - before.voluntaryContextSwitches,
    involuntarySwitches: after.involuntaryContextSwitches - before.involuntaryContextSwitches,
  };
}

async function main(): Promise<void> {
  const invoices = Number(process.argv[2] ?? 20_000);
  const runs = Number(process.argv[3] ?? 5);
  const sandbox = await startSandboxProcess({ invoices, keepRecords: true });
  try {
    // Warm-up: compiles the code, and the sandbox keeps its records from here on.
    await walkOnce(sandbox.baseUrl);
    const usPerRow: number[] = [];
    for (let run = 0; run < runs; run++) {
      const walk = await walkOnce(sandbox.baseUrl);
      const totalUs = (walk.userMs + walk.systemMs) * 1000;
      usPerRow.push(totalUs / walk.rows);
      console.log(
        JSON.stringify({
          pages: walk.pages,
          rows: walk.rows,
          usPerRow: Number((totalUs / walk.rows).toFixed(3)),
          usPerPage: Math.round(totalUs / walk.pages),
          userUsPerPage: Math.round((walk.userMs * 1000) / walk.pages),
          systemUsPerPage: Math.round((walk.systemMs * 1000) / walk.pages),
          switchesPerPage: Number((walk.voluntarySwitches / walk.pages).toFixed(2)),
          involuntaryPerPage: Number((walk.involuntarySwitches / walk.pages).toFixed(2)),
        }),
      );
    }
    console.log(`median us per row: ${median(usPerRow).toFixed(3)}`);
  } finally {
    await sandbox.close();
  }
}

void main();
