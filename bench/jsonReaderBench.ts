// The API client's exact JSON reader against JSON.parse with source text access (a reviver that
// reads a number's literal from `context.source`), on real sandbox pages of invoices. CPU time of
// each reader over every page, the two alternating, the median of the runs.
//
//   npx tsc -p bench/tsconfig.json
//   node --harmony-json-parse-with-source build/bench/bench/jsonReaderBench.js [invoices] [runs]
// (Node 21 and later, and Chromium since 114, have source access without the flag.)
import { iterateCollection, LedgerApi, type FetchLike, type JsonValue } from "../src/api";
import {
  numbersFitDoubles,
  parseJsonText,
  parseJsonTextExactly,
  readNumberLiteral,
} from "../src/api/jsonText";
import { nodeFetch } from "../src/cli/nodeFetch";
import { DEMO_TOKEN } from "../tools/sandbox";
import { startSandboxProcess } from "./sandboxProcess";
import { median } from "./median";

type Reader = (text: string) => unknown;

interface SourceContext {
  readonly source?: string;
}

/** JSON.parse, each number read from its own literal so that no digit is lost. */
const parseWithSource: Reader = (text) =>
  JSON.parse(text, (_key: string, value: unknown, context?: SourceContext) =>
    typeof value === "number" && context?.source !== undefined
      ? readNumberLiteral(context.source)
      : value,
  );

const READERS: Record<string, Reader> = {
  "JSON.parse (lossy)": (text) => JSON.parse(text),
  parseJsonText,
  parseJsonTextExactly: parseJsonTextExactly,
  "JSON.parse + context.source": parseWithSource,
};

/** The pages' texts, exactly as the client received them. */
async function pageTexts(baseUrl: string): Promise<string[]> {
  const texts: string[] = [];
  const recording: FetchLike = async (url, init) => {
    const response = await nodeFetch(url, init);
    const text = await response.text();
    texts.push(text);
    return { status: response.status, headers: response.headers, text: async () => text };
  };
  const api = new LedgerApi(
    { apiAddress: baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
    { fetch: recording },
  );
  for await (const _page of iterateCollection(api, "/invoices"));
  return texts.filter((text) => text.startsWith("{") && text.includes('"data"'));
}

function cpuUs(read: Reader, texts: readonly string[]): number {
  const start = process.cpuUsage();
  for (const text of texts) read(text);
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

async function main(): Promise<void> {
  const invoices = Number(process.argv[2] ?? 10_000);
  const runs = Number(process.argv[3] ?? 15);
  const sandbox = await startSandboxProcess({ invoices });
  const texts = await pageTexts(sandbox.baseUrl);
  await sandbox.close();
  const sourceAccess = (() => {
    let seen: unknown;
    JSON.parse("1", (_key: string, value: unknown, context?: SourceContext) => {
      seen = context?.source;
      return value;
    });
    return seen === "1";
  })();
  const records = texts.reduce((n, text) => n + (JSON.parse(text) as { data: [] }).data.length, 0);
  const bytes = texts.reduce((n, text) => n + text.length, 0);
  console.log(
    `${texts.length} pages, ${records} invoices, ${(bytes / texts.length / 1024).toFixed(1)} KiB a page; source access: ${sourceAccess}`,
  );
  const bigNumbers = texts.filter((text) => !numbersFitDoubles(text)).length;
  console.log(`${bigNumbers} pages with a number no double holds`);
  const exact = JSON.stringify(texts.map((text) => parseJsonText(text) as JsonValue));
  if (sourceAccess && JSON.stringify(texts.map(parseWithSource)) !== exact) {
    throw new Error("The two exact readers disagree on the sandbox's pages.");
  }
  const names = Object.keys(READERS).filter((name) => sourceAccess || !name.includes("source"));
  const times = new Map<string, number[]>(names.map((name) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const name of run % 2 === 0 ? names : [...names].reverse()) {
      times.get(name)?.push(cpuUs(READERS[name]!, texts));
    }
  }
  for (const name of names) {
    const us = median(times.get(name) ?? []);
    console.log(
      `${name.padEnd(28)} ${(us / texts.length).toFixed(0).padStart(6)} us a page  ${(us / records).toFixed(2)} us an invoice`,
    );
  }
}

void main();
