// Where the cursor chain of a 0 ms import waits. Page N + 1 can only be asked for once page N's
// answer has been read on the add-in's thread, so the walk is a chain: the server's turn (from a
// request sent to its answer seen on the thread, which waits while the thread is busy) and the
// client's (from an answer seen to the next request sent). The same walk alone (the floor) and
// inside the import (Excel in its own process), with every request timed through the transport.
//
//   npx tsc -p bench/tsconfig.json && node --expose-gc build/bench/bench/cursorChain.js [invoices]
import { LedgerApi, type FetchLike } from "../src/api";
import { nodeFetch } from "../src/cli/nodeFetch";
import { importCollection } from "../src/import/importCollection";
import { DEMO_TOKEN } from "../tools/sandbox";
import { ExcelProcess } from "./excelProcess";
import { measureFloor } from "./importBench";
import { startSandboxProcess } from "./sandboxProcess";

/** One request: when it was sent and when its answer's headers reached the thread. */
interface Exchange {
  readonly sentMs: number;
  answeredMs: number;
}

/** A client whose transport notes every exchange in `log`. */
function timedApi(baseUrl: string, log: Exchange[]): LedgerApi {
  const fetch: FetchLike = async (url, init) => {
    const exchange: Exchange = { sentMs: performance.now(), answeredMs: NaN };
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

interface Chain {
  readonly wallMs: number;
  readonly requests: number;
  /** Sent to answer seen, summed: the server's work and the wait for the thread. */
  readonly serverTurnMs: number;
  /** Answer seen to the next request sent, summed: the client's turn. */
  readonly clientTurnMs: number;
  /** The longest client turn: the longest stop of the chain on the thread. */
  readonly longestClientTurnMs: number;
}

function chainOf(log: readonly Exchange[], wallMs: number): Chain {
  let serverTurnMs = 0;
  let clientTurnMs = 0;
  let longestClientTurnMs = 0;
  log.forEach((exchange, index) => {
    serverTurnMs += exchange.answeredMs - exchange.sentMs;
    const next = log[index + 1];
    if (!next) return;
    const turn = Math.max(0, next.sentMs - exchange.answeredMs);
    clientTurnMs += turn;
    longestClientTurnMs = Math.max(longestClientTurnMs, turn);
  });
  return { wallMs, requests: log.length, serverTurnMs, clientTurnMs, longestClientTurnMs };
}

async function floorChain(baseUrl: string): Promise<Chain> {
  const log: Exchange[] = [];
  const floor = await measureFloor(timedApi(baseUrl, log));
  return chainOf(log, floor.ms);
}

async function importChain(baseUrl: string): Promise<Chain> {
  const log: Exchange[] = [];
  const excel = await ExcelProcess.start();
  try {
    const started = performance.now();
    const result = await importCollection(excel.run, {
      collection: "invoices",
      api: timedApi(baseUrl, log),
    });
    if (!result.complete) throw new Error(result.message);
    return chainOf(log, performance.now() - started);
  } finally {
    await excel.close();
  }
}

const ms = (value: number): number => Math.round(value);

async function main(): Promise<void> {
  const invoices = Number(process.argv[2] ?? 50_000);
  const sandbox = await startSandboxProcess({ invoices, keepRecords: true });
  try {
    // Warm-up: compiles the code, and the sandbox keeps its records from here on.
    await importChain(sandbox.baseUrl);
    for (const [kind, chain] of [
      ["floor", await floorChain(sandbox.baseUrl)],
      ["import", await importChain(sandbox.baseUrl)],
      ["floor", await floorChain(sandbox.baseUrl)],
      ["import", await importChain(sandbox.baseUrl)],
    ] as const) {
      console.log(
        JSON.stringify({
          kind,
          invoices,
          wallMs: ms(chain.wallMs),
          requests: chain.requests,
          serverTurnMs: ms(chain.serverTurnMs),
          clientTurnMs: ms(chain.clientTurnMs),
          longestClientTurnMs: Number(chain.longestClientTurnMs.toFixed(1)),
        }),
      );
    }
  } finally {
    await sandbox.close();
  }
}

void main();
