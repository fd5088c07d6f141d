// What is sent is what the cells show, through office.js against the emulator and the sandbox:
// amounts read with their number formats and displayed text, in ISO 4217's decimals.
import { LedgerApi, type ManualJournal } from "../../src/api";
import type { FetchLike } from "../../src/api/environment";
import { openJournal, sendActiveJournal } from "../../src/journalEditor";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox();
/** Each request the client put on the wire, as "METHOD path". */
let requests: string[] = [];
/** The body of each PATCH. */
let patches: string[] = [];

const recordingFetch: FetchLike = (url, init) => {
  requests.push(`${init.method ?? "GET"} ${new URL(url).pathname}`);
  if (init.method === "PATCH") patches.push(String(init.body));
  return globalThis.fetch(url, init);
};

function api(): LedgerApi {
  return demoApi(sandbox(), { options: { timeoutMs: 2_000, fetch: recordingFetch } });
}

const RENT = SEEDED_JOURNALS["demo-company"].find((j) => j.reference === "JNL-0001")!;

/** JNL-0001 stored on the server in `currency`, both amounts `amount`. */
async function rentIn(currency: string, amount: number): Promise<ManualJournal> {
  const current = (await api().getJournal(RENT.id)).data;
  const saved = await api().updateJournal(RENT.id, {
    transaction_date: current.transaction_date,
    currency_code: currency,
    lines: current.lines.map((line) => ({
      account_id: line.account_id,
      type: line.debit === "0.00" ? ("CREDIT" as const) : ("DEBIT" as const),
      amount: String(amount),
    })),
  });
  requests = [];
  patches = [];
  return saved.data;
}

beforeEach(async () => {
  requests = [];
  patches = [];
});

describe("amounts sent as the cells show them", () => {
  it("opens HUF 1234.56 with its two ISO 4217 decimals and sends it untouched", async () => {
    await rentIn("HUF", 1234.56);
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const opened = await openJournal(deps, RENT.id);
    const sheet = opened.kind === "opened" ? opened.sheetName : "";
    expect(host.cell(sheet, "F19").text).toBe("1,234.56");

    const outcome = await sendActiveJournal(deps);
    expect(outcome).toMatchObject({ kind: "saved", changes: [] });
    expect(patches).toHaveLength(1);
    expect([...patches[0]!.matchAll(/"amount":([^,}]+)/g)].map((match) => match[1])).toEqual([
      "1234.56",
      "1234.56",
    ]);
    expect((await api().getJournal(RENT.id)).data.lines.map((line) => line.debit)).toEqual([
      "1234.56",
      "0.00",
    ]);
  });

  it("refuses, at the cell and before any request, an amount shown with fewer decimals", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const opened = await openJournal(deps, RENT.id);
    const sheet = opened.kind === "opened" ? opened.sheetName : "";
    // Decrease Decimal twice on the debit: 2599.60 shows as 2,600.
    host.setCells(sheet, "F19", [[2599.6]], "#,##0");
    host.setCells(sheet, "G20", [[2599.6]]);
    expect(host.cell(sheet, "F19").text).toBe("2,600");
    requests = [];

    const outcome = await sendActiveJournal(deps);
    expect(outcome.kind).toBe("invalid");
    expect(outcome.kind === "invalid" && outcome.problems).toEqual([
      {
        address: "F19",
        message:
          "Line 1, Debit (F19): its number format “#,##0” shows no decimals, fewer than the two " +
          "decimals of the currency: it shows 2,600 while 2,599.60 would be sent; give it the " +
          "number format #,##0.00",
      },
    ]);
    expect(requests).toEqual([]);
  });

  it("refuses amounts whose format kept a changed currency's decimals (JPY to USD)", async () => {
    await rentIn("JPY", 2600);
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const opened = await openJournal(deps, RENT.id);
    const sheet = opened.kind === "opened" ? opened.sheetName : "";
    expect(host.cell(sheet, "F19").numberFormat).toBe("#,##0");
    host.setCells(sheet, "B8", [["USD"]]);
    host.setCells(sheet, "F19", [[2599.6]]);
    host.setCells(sheet, "G20", [[2599.6]]);

    const outcome = await sendActiveJournal(deps);
    const problems = outcome.kind === "invalid" ? outcome.problems : [];
    expect(problems.map((problem) => problem.address)).toEqual(["F19", "G20"]);
    expect(problems[0]?.message).toMatch(/shows 2,600 while 2,599\.60 would be sent/);
    expect(patches).toEqual([]);
  });
});
