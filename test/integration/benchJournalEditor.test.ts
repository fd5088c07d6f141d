// The benchmark's journal editor rows on a small journal: the steps run through office.js against
// the sandbox, and a request Excel refuses is recorded in the row (and fails the targets) rather
// than ending the run.
import { benchApi, benchHost } from "../../bench/importBench";
import { measureJournalEditor } from "../../bench/journalEditorBench";
import { targetVerdicts } from "../../bench/report";
import { MEASURED_PAYLOAD_CEILING_BYTES } from "../../src/domain/excelLimits";
import { startSandbox, type RunningSandbox } from "../../tools/sandbox";
import { resetSandbox } from "./helpers/sandboxControl";

const LINES = 40;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, journalLines: LINES, log: null });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await resetSandbox(sandbox);
});

function verdict(targets: ReturnType<typeof targetVerdicts>, starts: string) {
  return targets.find((target) => target.target.startsWith(starts));
}

test("open, validate (finding every problem made, in three columns) and send all succeed", async () => {
  const row = await measureJournalEditor(benchApi(sandbox.baseUrl), LINES);
  expect(row.problemsMade).toBe(4);
  expect(row.open).toMatchObject({ outcome: "opened", ok: true, refused: [] });
  expect(row.validate).toMatchObject({ outcome: "invalid", ok: true, refused: [] });
  expect(row.send).toMatchObject({ outcome: "saved", ok: true, refused: [] });
  for (const step of [row.open, row.validate, row.send]) {
    expect(step?.syncs).toBeGreaterThan(0);
    expect(step?.largestRequestBytes).toBeGreaterThan(1_000);
  }
  const targets = targetVerdicts([], [row]);
  expect(verdict(targets, "largest request")?.met).toBe(true);
  expect(verdict(targets, "journal open")?.met).toBe(true);
});

test("a refused request is recorded in the row and fails the journal target; later steps do not run", async () => {
  const host = benchHost();
  host.maxRequestBytes = 20_000;
  const row = await measureJournalEditor(benchApi(sandbox.baseUrl), LINES, host);
  expect(row.open).toMatchObject({ outcome: "failed", ok: false });
  expect(row.open.refused).toEqual(["RequestPayloadSizeLimitExceeded"]);
  expect(row.open.largestRequestBytes).toBeGreaterThan(20_000);
  expect(row.open.message).toMatch(/RequestPayloadSizeLimitExceeded/);
  expect(row.validate).toBeNull();
  expect(row.send).toBeNull();
  const targets = targetVerdicts([], [row]);
  // Refused under this host's small limit, but not over the ceiling: the size target judges bytes.
  expect(verdict(targets, "largest request")).toMatchObject({ met: true });
  expect(verdict(targets, "journal open")).toMatchObject({
    met: false,
    measured: "40 lines: open refused (RequestPayloadSizeLimitExceeded)",
  });
});

test("the size target covers journal rows: a step's request over the ceiling fails it", () => {
  const step = {
    outcome: "opened",
    ok: true,
    ms: 1,
    syncs: 4,
    largestRequestBytes: 1_000,
    largestResponseBytes: 1_000,
    hostServeMs: 0,
    refused: [],
  };
  const row = {
    lines: 1_000,
    problemsMade: 100,
    open: step,
    validate: { ...step, largestRequestBytes: MEASURED_PAYLOAD_CEILING_BYTES + 1 },
    send: step,
  };
  expect(verdict(targetVerdicts([], [row]), "largest request")).toMatchObject({
    met: false,
    measured: "4.00 MB at worst (journal of 1,000 lines)",
    target: "largest request <= 4 MB on every row",
  });
  expect(verdict(targetVerdicts([], [row]), "journal open")?.met).toBe(true);
  expect(verdict(targetVerdicts([], []), "largest request")?.met).toBeNull();
});
