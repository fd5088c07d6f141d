// Row shaping alone: the sandbox's invoice pages (parsed once, as the client hands them on) shaped
// into rows for the invoices sheet and its lines sheet, as an import does page by page. CPU time
// per row shaped, median of the runs; each run shapes every page with new shapers.
//
//   npx tsc -p bench/tsconfig.json && node build/bench/bench/shapingCpu.js [invoices] [runs]
import { iterateCollection, type JsonRecord } from "../src/api";
import { shapersFor } from "../src/sheets/collectionShapers";
import { benchApi } from "./importBench";
import { startSandboxProcess } from "./sandboxProcess";

async function pages(invoices: number): Promise<(readonly JsonRecord[])[]> {
  const sandbox = await startSandboxProcess({ invoices });
  try {
    const all: (readonly JsonRecord[])[] = [];
    for await (const page of iterateCollection(benchApi(sandbox.baseUrl), "/invoices")) {
      all.push(page.data);
    }
    return all;
  } finally {
    await sandbox.close();
  }
}

/** Shapes every page with new shapers; the rows shaped and the CPU it took, microseconds. */
function shapeAll(all: readonly (readonly JsonRecord[])[]): { rows: number; us: number } {
  const start = process.cpuUsage();
  const shapers = shapersFor("invoices");
  let rows = 0;
  for (const records of all) {
    const shaped = shapers.shapePage(records);
    rows += shaped.main.rows.length + (shaped.linked?.rows.length ?? 0);
  }
  const used = process.cpuUsage(start);
  return { rows, us: used.user + used.system };
}

async function main(): Promise<void> {
  const invoices = Number(process.argv[2] ?? 10_000);
  const runs = Number(process.argv[3] ?? 15);
  const all = await pages(invoices);
  shapeAll(all);
  const perRow: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run++) {
    const result = shapeAll(all);
    rows = result.rows;
    perRow.push(result.us / result.rows);
  }
  perRow.sort((a, b) => a - b);
  const median = perRow[Math.floor(perRow.length / 2)] ?? NaN;
  console.log(JSON.stringify({ invoices, rows, shapingUsPerRow: Number(median.toFixed(3)) }));
}

void main();
