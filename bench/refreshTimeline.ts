// Where Refresh all's time over its floor goes: one Refresh all of six lists beside busy
// processes (as the bench's row), with every API request and every Excel request timed. It prints
// when each walk ends against the floor's walk (the same list walked alone beside the same busy
// processes), when each table's blocks and its finish reach Excel and how long Excel takes over
// them (wall and Excel's CPU), how long each sync waits for its turn behind other tables' (see
// serialRun), and how long Excel sits idle, the last walk's tail apart.
//
//   npx tsc -p bench/tsconfig.json
//   node --expose-gc build/bench/bench/refreshTimeline.js [records 20000] [latency 25] [busy 1] [--json]
import { monitorEventLoopDelay } from "node:perf_hooks";
import { iterateCollection, LedgerApi, type FetchLike } from "../src/api";
import { nodeFetch } from "../src/cli/nodeFetch";
import { COLLECTIONS, type CollectionId } from "../src/domain/collections";
import type { ExcelRun } from "../src/excel/run";
import { refreshAll } from "../src/import/refreshAll";
import { DEMO_TOKEN } from "../tools/sandbox";
import { BusyProcesses } from "./busyProcesses";
import { ExcelProcess, type ExcelExchange } from "./excelProcess";
import { importSixTables, SIX, sixListsSandbox } from "./sixLists";

/** One API request: its collection's path, when it was sent and when its answer was seen. */
interface ApiExchange {
  readonly path: string;
  readonly sentMs: number;
  answeredMs: number;
}

/** A client whose transport notes every request in `log`. */
function timedApi(baseUrl: string, log: ApiExchange[]): LedgerApi {
  const fetch: FetchLike = async (url, init) => {
    const path = new URL(String(url)).pathname.replace(/^\/v1/, "");
    const exchange: ApiExchange = { path, sentMs: performance.now(), answeredMs: NaN };
    log.push(exchange);
    const response = await nodeFetch(url, init);
    exchange.answeredMs = performance.now();
    return response;
  };
  return new LedgerApi(
    { apiAddress: baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
    { fetch },
  );
}

/** One sync of a batch: asked for, its turn begun (the batches before it done), ended. */
interface SyncTimes {
  readonly askedMs: number;
  turnMs: number;
  endMs: number;
}

/** One Excel.run of an import: when it began and ended, and its syncs. */
interface Batch {
  readonly startMs: number;
  endMs: number;
  readonly syncs: SyncTimes[];
  readonly exchanges: ExcelExchange[];
}

/**
 * `run`, noting each batch and each sync's times. serialRun wraps the context's sync in one that
 * waits for the batch's turn: the setter below sees that wrapper put in, and wraps it again to
 * note when the sync was asked for; the innermost sync, called once the turn is taken, notes
 * that.
 */
function tracedRun(run: ExcelRun, batches: Batch[]): ExcelRun {
  return async <T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> => {
    const traced: Batch = { startMs: performance.now(), endMs: NaN, syncs: [], exchanges: [] };
    batches.push(traced);
    try {
      return await run(async (context) => {
        const own = context.sync.bind(context);
        let current: SyncTimes | null = null;
        let sync: typeof context.sync = (async (value?: unknown) => {
          if (current) current.turnMs = performance.now();
          const result: unknown = await own(value);
          if (current) current.endMs = performance.now();
          return result;
        }) as typeof context.sync;
        Object.defineProperty(context, "sync", {
          configurable: true,
          get: () => sync,
          set: (turnTaking: typeof context.sync) => {
            sync = (async (value?: unknown) => {
              current = { askedMs: performance.now(), turnMs: NaN, endMs: NaN };
              traced.syncs.push(current);
              return await turnTaking(value);
            }) as typeof context.sync;
          },
        });
        return await batch(context);
      });
    } finally {
      traced.endMs = performance.now();
    }
  };
}

/**
 * The collection whose sheet or table a request's object paths name first ("Invoice lines" is
 * the invoices'); the actions before them hold cell values, which may name anything.
 */
function collectionOf(request: string): CollectionId | null {
  const body = request.slice(Math.max(0, request.indexOf('"ObjectPaths"')));
  let found: CollectionId | null = null;
  let at = Infinity;
  for (const id of SIX) {
    const label = COLLECTIONS.find((each) => each.id === id)!.label.replace(/s$/, "");
    for (const root of [label, label.replace(/ (\w)/g, (_, c: string) => c.toUpperCase())]) {
      const index = body.indexOf(`"${root}`);
      if (index >= 0 && index < at) {
        at = index;
        found = id;
      }
    }
  }
  return found;
}

/** A block's request is megabytes; the tables' opening and finishing requests are not. */
const BLOCK_BYTES = 100_000;

interface TableLine {
  readonly collection: CollectionId;
  readonly pages: number;
  readonly walkStartMs: number;
  readonly walkEndMs: number;
  /** Its walk's time over the floor's. */
  readonly walkOverFloorMs: number;
  /**
   * The walk's chain, summed over its requests: sent to answer seen on the thread (the server,
   * the network's latency, and the wait for a busy thread), and answer seen to the next request
   * sent (the client's turn).
   */
  readonly serverTurnMs: number;
  readonly clientTurnMs: number;
  readonly blocks: number;
  /** Excel's time and CPU on the table's block requests (the backup copy's included). */
  readonly blockExcelMs: number;
  readonly blockExcelCpuMs: number;
  readonly blockWaitMs: number;
  readonly lastBlockEndMs: number;
  /** The finish: asked for (after the last block), its turn, its end; Excel's time and CPU. */
  readonly finishAskedMs: number;
  readonly finishWaitMs: number;
  readonly finishExcelMs: number;
  readonly finishExcelCpuMs: number;
  readonly doneMs: number;
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** Merged busy time of intervals, within [from, to]. */
function coveredMs(intervals: readonly [number, number][], from: number, to: number): number {
  const sorted = intervals
    .map(([a, b]): [number, number] => [Math.max(a, from), Math.min(b, to)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let covered = 0;
  let end = -Infinity;
  for (const [a, b] of sorted) {
    if (b <= end) continue;
    covered += b - Math.max(a, end);
    end = b;
  }
  return covered;
}

interface Timeline {
  readonly wallMs: number;
  readonly floor: FloorWalk;
  /**
   * The six walks at once, doing nothing with their pages: what the server and the machine make
   * of six walks, without the add-in's and Excel's work. Its slowest walk, and that walk's chain.
   */
  readonly sixWalks: FloorWalk;
  readonly tables: TableLine[];
  readonly excel: {
    readonly requests: number;
    readonly busyMs: number;
    readonly cpuMs: number;
    /** Excel idle from the start to the last walk's end, and after it. */
    readonly idleDuringWalksMs: number;
    readonly idleAfterWalksMs: number;
    readonly busyAfterWalksMs: number;
    /** Syncs' waits for their turn, summed (several tables can wait at once). */
    readonly waitMs: number;
  };
  readonly lastWalkEndMs: number;
  readonly syncs: number;
  /**
   * The add-in thread's event loop delay over the refresh (ms): how long an answer that arrives
   * can wait for a busy thread (the longest, the 99th percentile, the mean).
   */
  readonly loopDelay: { readonly maxMs: number; readonly p99Ms: number; readonly meanMs: number };
}

/** A walk's chain: its server turns and its client turns, summed. */
function chainOf(walk: readonly ApiExchange[]): { serverTurnMs: number; clientTurnMs: number } {
  let serverTurnMs = 0;
  let clientTurnMs = 0;
  walk.forEach((exchange, index) => {
    serverTurnMs += exchange.answeredMs - exchange.sentMs;
    const next = walk[index + 1];
    if (next) clientTurnMs += Math.max(0, next.sentMs - exchange.answeredMs);
  });
  return { serverTurnMs, clientTurnMs };
}

/** The floor's walk: its time and its chain. */
interface FloorWalk {
  readonly wallMs: number;
  readonly serverTurnMs: number;
  readonly clientTurnMs: number;
}

function timelineOf(
  started: number,
  wallMs: number,
  floor: FloorWalk,
  sixWalks: FloorWalk,
  api: readonly ApiExchange[],
  batches: readonly Batch[],
  exchanges: readonly ExcelExchange[],
): Omit<Timeline, "loopDelay"> {
  const at = (ms: number): number => ms - started;
  // Each exchange to the batch whose sync (or closing request) it was.
  for (const exchange of exchanges) {
    const owner = batches.find(
      (batch) =>
        batch.syncs.some(
          (sync) => exchange.sentMs >= sync.turnMs && exchange.sentMs <= sync.endMs,
        ) ||
        (exchange.sentMs >= (batch.syncs.at(-1)?.endMs ?? batch.startMs) &&
          exchange.answeredMs <= batch.endMs),
    );
    owner?.exchanges.push(exchange);
  }
  const ofBatch = (batch: Batch): CollectionId | null => {
    for (const exchange of batch.exchanges) {
      const id = collectionOf(exchange.body);
      if (id) return id;
    }
    return null;
  };
  const tables = SIX.map((collection): TableLine => {
    const path = COLLECTIONS.find((each) => each.id === collection)!.defaultPath;
    const walk = api.filter((each) => each.path === path);
    const own = batches.filter((batch) => ofBatch(batch) === collection);
    const finish = own.at(-1)!;
    const blocks = own.filter((batch) =>
      batch.exchanges.some((each) => each.body.length > BLOCK_BYTES),
    );
    const excelOf = (list: readonly Batch[], pick: (e: ExcelExchange) => number): number =>
      sum(list.flatMap((batch) => batch.exchanges.map(pick)));
    const waitOf = (list: readonly Batch[]): number =>
      sum(list.flatMap((batch) => batch.syncs.map((sync) => sync.turnMs - sync.askedMs)));
    const chain = chainOf(walk);
    const walkStartMs = at(walk[0]?.sentMs ?? started);
    const walkEndMs = at(walk.at(-1)?.answeredMs ?? started);
    return {
      collection,
      pages: walk.length,
      walkStartMs,
      walkEndMs,
      walkOverFloorMs: walkEndMs - walkStartMs - floor.wallMs,
      ...chain,
      blocks: blocks.length,
      blockExcelMs: excelOf(blocks, (e) => e.answeredMs - e.sentMs),
      blockExcelCpuMs: excelOf(blocks, (e) => e.excelCpuMs),
      blockWaitMs: waitOf(blocks),
      lastBlockEndMs: at(blocks.at(-1)?.endMs ?? started),
      finishAskedMs: at(finish.syncs[0]?.askedMs ?? finish.startMs),
      finishWaitMs: waitOf([finish]),
      finishExcelMs: excelOf([finish], (e) => e.answeredMs - e.sentMs),
      finishExcelCpuMs: excelOf([finish], (e) => e.excelCpuMs),
      doneMs: at(finish.endMs),
    };
  });
  const lastWalkEnd = Math.max(...api.map((each) => each.answeredMs));
  const intervals = exchanges.map((e): [number, number] => [e.sentMs, e.answeredMs]);
  const end = started + wallMs;
  const busyDuring = coveredMs(intervals, started, lastWalkEnd);
  const busyAfter = coveredMs(intervals, lastWalkEnd, end);
  return {
    wallMs,
    floor,
    sixWalks,
    tables,
    excel: {
      requests: exchanges.length,
      busyMs: busyDuring + busyAfter,
      cpuMs: sum(exchanges.map((e) => e.excelCpuMs)),
      idleDuringWalksMs: lastWalkEnd - started - busyDuring,
      idleAfterWalksMs: end - lastWalkEnd - busyAfter,
      busyAfterWalksMs: busyAfter,
      waitMs: sum(batches.flatMap((b) => b.syncs.map((s) => s.turnMs - s.askedMs))),
    },
    lastWalkEndMs: at(lastWalkEnd),
    syncs: sum(batches.map((batch) => batch.syncs.length)),
  };
}

/** Walks `path` alone, doing nothing with its pages: the floor. */
async function floorOf(api: LedgerApi, path: string): Promise<number> {
  const started = performance.now();
  for await (const page of iterateCollection(api, path)) void page;
  return performance.now() - started;
}

/** The six lists walked at once, doing nothing with their pages: the slowest walk's chain. */
async function sixWalksAtOnce(api: LedgerApi, log: ApiExchange[]): Promise<FloorWalk> {
  const paths = SIX.map((id) => COLLECTIONS.find((each) => each.id === id)!.defaultPath);
  const times = await Promise.all(paths.map((path) => floorOf(api, path)));
  const slowest = times.indexOf(Math.max(...times));
  const walk = log.filter((each) => each.path === paths[slowest]);
  return { wallMs: times[slowest]!, ...chainOf(walk) };
}

async function probe(records: number, latencyMs: number, busy: number): Promise<Timeline> {
  const sandbox = await sixListsSandbox(records);
  const excel = await ExcelProcess.start();
  let spinning: BusyProcesses | null = null;
  try {
    const apiLog: ApiExchange[] = [];
    const api = timedApi(sandbox.baseUrl, apiLog);
    await importSixTables(sandbox, excel.run, api, records);
    await sandbox.setLatency(latencyMs);
    spinning = await BusyProcesses.start(busy);
    // Every list has as many records of about the same size: one floor stands for each walk's.
    apiLog.length = 0;
    const floorMs = await floorOf(api, "/invoices");
    const floor: FloorWalk = { wallMs: floorMs, ...chainOf(apiLog) };
    apiLog.length = 0;
    const sixWalks = await sixWalksAtOnce(api, apiLog);
    apiLog.length = 0;
    const batches: Batch[] = [];
    const exchanges: ExcelExchange[] = [];
    excel.onExchange = (exchange) => exchanges.push(exchange);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    const result = await refreshAll(tracedRun(excel.run, batches), { api, mode: "full" });
    const wallMs = performance.now() - started;
    delay.disable();
    const loopDelay = {
      maxMs: delay.max / 1e6,
      p99Ms: delay.percentile(99) / 1e6,
      meanMs: delay.mean / 1e6,
    };
    excel.onExchange = null;
    if (!result.complete) throw new Error(result.message);
    return {
      ...timelineOf(started, wallMs, floor, sixWalks, apiLog, batches, exchanges),
      loopDelay,
    };
  } finally {
    await spinning?.stop();
    await excel.close();
    await sandbox.close();
  }
}

const s = (ms: number): string => (ms / 1000).toFixed(2);

function print(line: Timeline): void {
  const { excel } = line;
  console.log(
    `Refresh all ${s(line.wallMs)} s against a floor of ${s(line.floor.wallMs)} s (${(line.wallMs / line.floor.wallMs).toFixed(3)}); ` +
      `last walk ends at ${s(line.lastWalkEndMs)} s, then ${s(line.wallMs - line.lastWalkEndMs)} s to the end; ${line.syncs} syncs`,
  );
  console.log(
    `Excel: ${excel.requests} requests, busy ${s(excel.busyMs)} s (CPU ${s(excel.cpuMs)} s); ` +
      `idle ${s(excel.idleDuringWalksMs)} s during the walks, after the last walk busy ${s(excel.busyAfterWalksMs)} s ` +
      `and idle ${s(excel.idleAfterWalksMs)} s; syncs waited ${s(excel.waitMs)} s for their turn (summed)`,
  );
  const { loopDelay } = line;
  console.log(
    `The add-in thread's event loop delay: longest ${loopDelay.maxMs.toFixed(1)} ms, ` +
      `99th percentile ${loopDelay.p99Ms.toFixed(1)} ms, mean ${loopDelay.meanMs.toFixed(2)} ms`,
  );
  console.log(
    `Floor's chain: server turns ${s(line.floor.serverTurnMs)} s, client turns ${s(line.floor.clientTurnMs)} s; ` +
      `six walks at once, doing nothing: slowest ${s(line.sixWalks.wallMs)} s, server turns ${s(line.sixWalks.serverTurnMs)} s, client turns ${s(line.sixWalks.clientTurnMs)} s`,
  );
  console.log(
    "table         pages walk-start walk-end over-floor srv-turn cli-turn blocks blk-excel blk-cpu blk-wait last-blk fin-asked fin-wait fin-excel fin-cpu  done",
  );
  for (const t of line.tables) {
    console.log(
      [
        t.collection.padEnd(13),
        String(t.pages).padStart(5),
        s(t.walkStartMs).padStart(10),
        s(t.walkEndMs).padStart(8),
        s(t.walkOverFloorMs).padStart(10),
        s(t.serverTurnMs).padStart(8),
        s(t.clientTurnMs).padStart(8),
        String(t.blocks).padStart(6),
        s(t.blockExcelMs).padStart(9),
        s(t.blockExcelCpuMs).padStart(7),
        s(t.blockWaitMs).padStart(8),
        s(t.lastBlockEndMs).padStart(8),
        s(t.finishAskedMs).padStart(9),
        s(t.finishWaitMs).padStart(8),
        s(t.finishExcelMs).padStart(9),
        s(t.finishExcelCpuMs).padStart(7),
        s(t.doneMs).padStart(5),
      ].join(" "),
    );
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const [records = "20000", latency = "25", busy = "1"] = args.filter((a) => a !== "--json");
  const line = await probe(Number(records), Number(latency), Number(busy));
  if (json) console.log(JSON.stringify(line));
  else print(line);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
