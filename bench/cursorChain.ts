// Where the cursor chain of a 0 ms import waits. Page N + 1 can only be asked for once page N's
// answer has been read on the add-in's thread, so the walk is a chain of requests. The same
// walk alone (the floor) and inside the import (Excel in its own process) run with every
// request stamped on one clock in the add-in, the server and Excel (bench/chainClock.ts), and
// the import's extra chain time is split by leg (bench/chainSplit.ts): the request waiting to
// leave the add-in, crossing to the server and waiting for its thread, the server working, the
// answer waiting for the add-in's thread (and what that thread was doing), the client's turn;
// and the waits for a core within them.
//
//   npx tsc -p bench/tsconfig.json && node --expose-gc build/bench/bench/cursorChain.js [invoices] [pairs]
import { LedgerApi } from "../src/api";
import { nodeFetch } from "../src/cli/nodeFetch";
import { importCollection } from "../src/import/importCollection";
import { DEMO_TOKEN } from "../tools/sandbox";
import { chainSplit, THREAD_WORK, type ChainSplit } from "./chainSplit";
import { AddInStamps } from "./chainStamps";
import { ExcelProcess } from "./excelProcess";
import { measureFloor } from "./importBench";
import { startSandboxProcess, type SandboxProcess } from "./sandboxProcess";
import { table } from "./textTable";
import { loadavg } from "node:os";
import { median } from "./median";

interface Walk {
  readonly kind: "floor" | "import";
  readonly wallMs: number;
  readonly split: ChainSplit;
}

function stampedApi(baseUrl: string, stamps: AddInStamps): LedgerApi {
  return new LedgerApi(
    { apiAddress: baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
    { fetch: stamps.fetch(nodeFetch) },
  );
}

async function floorWalk(sandbox: SandboxProcess): Promise<Walk> {
  await sandbox.takeStamps();
  const stamps = new AddInStamps();
  try {
    const floor = await measureFloor(stampedApi(sandbox.baseUrl, stamps));
    const served = await sandbox.takeStamps();
    return {
      kind: "floor",
      wallMs: floor.ms,
      split: chainSplit(stamps.exchanges, stamps.spans, served, []),
    };
  } finally {
    stamps.stop();
  }
}

async function importWalk(sandbox: SandboxProcess): Promise<Walk> {
  const excel = await ExcelProcess.start({ stamps: true });
  await sandbox.takeStamps();
  const stamps = new AddInStamps();
  try {
    const started = performance.now();
    const result = await importCollection(stamps.run(excel.run, excel.linkSpans), {
      collection: "invoices",
      api: stampedApi(sandbox.baseUrl, stamps),
    });
    const wallMs = performance.now() - started;
    if (!result.complete) throw new Error(result.message);
    const served = await sandbox.takeStamps();
    const excelSpans = await excel.takeSpans();
    return {
      kind: "import",
      wallMs,
      split: chainSplit(
        stamps.exchanges,
        [...stamps.spans, ...excel.linkSpans],
        served,
        excelSpans,
      ),
    };
  } finally {
    stamps.stop();
    await excel.close();
  }
}

const ms = (value: number): string => value.toFixed(0);

/** The legs of the chain, each as a row: name, and its figure in a split. */
const LEGS: readonly [string, (split: ChainSplit) => number][] = [
  ["wall (first request to last answer)", (s) => s.chainMs],
  ["request to its socket (add-in)", (s) => s.toSocketMs],
  ["socket to server's thread", (s) => s.toServerMs],
  ["  server idle, waiting for a core", (s) => s.serverWakeCoreWaitMs],
  ["server working", (s) => s.serverWorkMs],
  ["  of it waiting for a core", (s) => s.serverWorkCoreWaitMs],
  ["answer waiting for the add-in's thread", (s) => s.answerWaitMs],
  ...THREAD_WORK.map((label): [string, (split: ChainSplit) => number] => [
    `  thread in ${label}`,
    (s) => s.answerWaitBy[label] ?? 0,
  ]),
  ["  thread waiting for a core", (s) => s.answerCoreWaitMs],
  ["  Excel answering meanwhile", (s) => s.answerBesideExcelMs],
  ["client's turn (answer to next request)", (s) => s.clientTurnMs],
  ["  thread waiting for a core (at most)", (s) => s.clientCoreWaitMs],
];

function report(walks: readonly Walk[]): void {
  const floors = walks.filter((walk) => walk.kind === "floor");
  const imports = walks.filter((walk) => walk.kind === "import");
  const rows = LEGS.map(([name, figure]) => {
    const floor = median(floors.map((walk) => figure(walk.split)));
    const imported = median(imports.map((walk) => figure(walk.split)));
    return [name, ms(floor), ms(imported), ms(imported - floor)];
  });
  console.log(table(["leg (ms, medians)", "floor", "import", "extra"], rows));
  const work = imports.flatMap((walk) => walk.split.work);
  const labels = [...new Set(work.map((each) => each.label))];
  console.log(
    table(
      ["import's work (ms, summed over runs)", "count", "wall", "core wait", "longest"],
      labels.map((label) => {
        const of = work.filter((each) => each.label === label);
        const sum = (pick: (each: (typeof of)[number]) => number): number =>
          of.reduce((total, each) => total + pick(each), 0);
        return [
          label,
          String(sum((each) => each.count)),
          ms(sum((each) => each.wallMs)),
          ms(sum((each) => each.coreWaitMs)),
          Math.max(...of.map((each) => each.longestMs)).toFixed(1),
        ];
      }),
    ),
  );
}

async function main(): Promise<void> {
  const invoices = Number(process.argv[2] ?? 50_000);
  const pairs = Number(process.argv[3] ?? 2);
  const sandbox = await startSandboxProcess({ invoices, keepRecords: true, stamps: true });
  try {
    // Warm-up: compiles the code, and the sandbox keeps its records from here on.
    await importWalk(sandbox);
    const walks: Walk[] = [];
    for (let pair = 0; pair < pairs; pair++) {
      for (const walk of [await floorWalk(sandbox), await importWalk(sandbox)]) {
        walks.push(walk);
        const { work, answerWaitBy, longest, ...split } = walk.split;
        const round = Object.fromEntries(
          Object.entries({ ...split, ...answerWaitBy }).map(([key, value]) => [
            key,
            Math.round(value),
          ]),
        );
        console.log(
          JSON.stringify({ kind: walk.kind, invoices, wallMs: Math.round(walk.wallMs), ...round }),
        );
        void work;
        if (walk.kind === "import") console.log(`longest stops: ${JSON.stringify(longest)}`);
      }
    }
    console.log(`load ${loadavg()[0]?.toFixed(2)}`);
    report(walks);
  } finally {
    await sandbox.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
