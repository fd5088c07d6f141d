// The API client's own CPU on the import path, without the network: the sandbox's invoice pages
// are fetched once over node:http, then every walk gets them back from memory through a canned
// fetch, so what is measured is the client's code alone (URL and headers, timeout, cancel and
// retry bookkeeping, the exact JSON reader, page checks, the loop guard), without the socket's
// and the server's noise that apiClientCpu.ts carries. Reports CPU per page, median of the runs.
//
//   npx tsc -p bench/tsconfig.json && node --expose-gc build/bench/bench/clientOwnCpu.js [invoices] [runs]
import {
  iterateCollection,
  LedgerApi,
  type FetchInit,
  type FetchLike,
  type FetchResponseLike,
} from "../src/api";
import { nodeFetch } from "../src/cli/nodeFetch";
import { DEMO_TOKEN } from "../tools/sandbox";
import { startSandboxProcess } from "./sandboxProcess";
import { median } from "./median";

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
}

/** The client over `fetch`, connected as the bench's client is. */
function clientOver(fetch: FetchLike): LedgerApi {
  return new LedgerApi(
    {
      apiAddress: "http://127.0.0.1:9/v1",
      version: "v1",
      token: DEMO_TOKEN,
      identity: "demo-company",
    },
    { fetch },
  );
}

/** Every answer of one walk of the sandbox's invoices, by the path and query asked for. */
async function recordAnswers(invoices: number): Promise<Map<string, Answer>> {
  const sandbox = await startSandboxProcess({ invoices });
  const answers = new Map<string, Answer>();
  try {
    const recording: FetchLike = async (url: string, init: FetchInit) => {
      const response = await nodeFetch(url.replace("http://127.0.0.1:9", sandbox.origin), init);
      const text = await response.text();
      answers.set(url, {
        status: response.status,
        contentType: response.headers.get("Content-Type"),
        text,
      });
      return cannedResponse(answers.get(url) as Answer);
    };
    for await (const page of iterateCollection(clientOver(recording), "/invoices")) void page;
    return answers;
  } finally {
    await sandbox.close();
  }
}

function cannedResponse(answer: Answer): FetchResponseLike {
  return {
    status: answer.status,
    headers: {
      get: (name: string) => (name.toLowerCase() === "content-type" ? answer.contentType : null),
    },
    text: () => Promise.resolve(answer.text),
    cappedText: () => Promise.resolve(answer.text),
  };
}

/** One walk over the canned answers: pages and the CPU it took, microseconds. */
async function walkOnce(answers: Map<string, Answer>): Promise<{ pages: number; us: number }> {
  const canned: FetchLike = (url: string) => {
    const answer = answers.get(url);
    if (answer === undefined) return Promise.reject(new TypeError(`fetch failed: ${url}`));
    return Promise.resolve(cannedResponse(answer));
  };
  const api = clientOver(canned);
  const start = process.cpuUsage();
  let pages = 0;
  for await (const page of iterateCollection(api, "/invoices")) {
    pages += page.data.length > 0 ? 1 : 0;
  }
  const used = process.cpuUsage(start);
  return { pages, us: used.user + used.system };
}

async function main(): Promise<void> {
  const invoices = Number(process.argv[2] ?? 20_000);
  const runs = Number(process.argv[3] ?? 15);
  const answers = await recordAnswers(invoices);
  const gc = (globalThis as { gc?: () => void }).gc;
  await walkOnce(answers);
  const perPage: number[] = [];
  for (let run = 0; run < runs; run++) {
    gc?.();
    const walk = await walkOnce(answers);
    perPage.push(walk.us / walk.pages);
  }
  console.log(
    JSON.stringify({
      pages: answers.size,
      usPerPage: Number(median(perPage).toFixed(1)),
      runs: perPage.map((us) => Math.round(us)),
    }),
  );
}

void main();
