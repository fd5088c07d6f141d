// The custom functions row of the benchmark: the formulas core (src/formulas) behind LEDGER.*,
// called as a recalculation would call it: 1,000 identical cells at once, then 100 distinct ones.
// Counts the API requests each set makes and times it end to end against the sandbox.
import type { CollectionParams, PaymentsParams } from "../src/api";
import { LedgerFormulas, type FormulaApi } from "../src/formulas";
import { benchApi } from "./importBench";

export interface FunctionsBenchResult {
  readonly calls: number;
  readonly distinct: number;
  readonly requests: number;
  readonly ms: number;
  readonly errors: number;
}

/** The client, counting the requests that reach it. */
function countingApi(baseUrl: string): { api: FormulaApi; requests: () => number } {
  const api = benchApi(baseUrl);
  let requests = 0;
  return {
    api: {
      listCollectionPage: (path: string, params: CollectionParams) => {
        requests += 1;
        return api.listCollectionPage(path, params);
      },
      listPayments: (params: PaymentsParams) => {
        requests += 1;
        return api.listPayments(params);
      },
      getJournal: (id, options) => {
        requests += 1;
        return api.getJournal(id, options);
      },
    },
    requests: () => requests,
  };
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
  const { api, requests } = countingApi(baseUrl);
  const formulas = new LedgerFormulas({ connection: () => ({ api }) });
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: calls }, (_, i) => formulas.list("invoices", 10 + (i % distinct))),
  );
  const ms = performance.now() - started;
  const errors = results.filter((result) => result.status === "rejected").length;
  return { calls, distinct, requests: requests(), ms, errors };
}
