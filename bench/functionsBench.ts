// The custom functions row of the benchmark: the formulas core (src/formulas) behind LEDGER.*,
// called as a recalculation would call it: 1,000 identical cells at once, then 100 distinct ones.
// Times each set end to end against the sandbox, and takes the API requests it made and the most
// in flight at once from the server's own counts, so the "6 at a time" bound is measured where
// it matters.
import { LedgerFormulas } from "../src/formulas";
import { benchApi } from "./importBench";

export interface FunctionsBenchResult {
  readonly calls: number;
  readonly distinct: number;
  /** API requests the server received. */
  readonly requests: number;
  /** The most API requests the server had in flight at once. */
  readonly peakConcurrent: number;
  readonly ms: number;
  readonly errors: number;
}

/** The sandbox's counts (GET /__sandbox/stats), as far as the benchmark reads them. */
interface ServerCounts {
  readonly apiRequests: number;
  readonly apiPeakInFlight: number;
}

/** The sandbox's counts endpoint: DELETE starts them anew, GET reads them. */
async function serverCounts(baseUrl: string, method: "GET" | "DELETE"): Promise<ServerCounts> {
  const response = await fetch(`${new URL(baseUrl).origin}/__sandbox/stats`, {
    method,
    headers: { "X-Sandbox-Control": "1" },
  });
  if (!response.ok) throw new Error(`${method} /__sandbox/stats failed: ${response.status}`);
  if (method === "DELETE") return { apiRequests: 0, apiPeakInFlight: 0 };
  const counts = (await response.json()) as Partial<ServerCounts>;
  if (typeof counts.apiRequests !== "number" || typeof counts.apiPeakInFlight !== "number") {
    throw new Error("The sandbox's /__sandbox/stats lacks apiRequests or apiPeakInFlight.");
  }
  return { apiRequests: counts.apiRequests, apiPeakInFlight: counts.apiPeakInFlight };
}

/**
 * `calls` evaluations of LEDGER.LIST("invoices", n) started together, with `distinct` different
 * values of n (1 for identical cells), on a fresh formulas service (an empty cache).
 */
export async function measureFunctions(
  baseUrl: string,
  calls: number,
  distinct: number,
): Promise<FunctionsBenchResult> {
  const api = benchApi(baseUrl);
  const formulas = new LedgerFormulas({ connection: () => ({ api }) });
  await serverCounts(baseUrl, "DELETE");
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: calls }, (_, i) => formulas.list("invoices", 10 + (i % distinct))),
  );
  const ms = performance.now() - started;
  const counts = await serverCounts(baseUrl, "GET");
  const errors = results.filter((result) => result.status === "rejected").length;
  return {
    calls,
    distinct,
    requests: counts.apiRequests,
    peakConcurrent: counts.apiPeakInFlight,
    ms,
    errors,
  };
}
