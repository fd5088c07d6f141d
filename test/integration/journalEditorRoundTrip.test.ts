// The journal editor's measured round trip on a small journal: the steps run through office.js
// against the sandbox, and a request Excel refuses is recorded in the row (which is then not ok)
// rather than ending the run.
import { MEASURED_PAYLOAD_CEILING_BYTES } from "../../src/domain/excelLimits";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import {
  journalEditorRoundTrip,
  journalRowOk,
  largestJournalRequest,
} from "./helpers/journalEditorRoundTrip";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const LINES = 40;

const sandbox = useSandbox({ journalLines: LINES });

test("open, validate (finding every problem made, in three columns) and send all succeed", async () => {
  const row = await journalEditorRoundTrip(demoApi(sandbox()), LINES, new OfficeJsExcelHost());
  expect(row.problemsMade).toBe(4);
  expect(row.open).toMatchObject({ outcome: "opened", ok: true, refused: [] });
  expect(row.validate).toMatchObject({ outcome: "invalid", ok: true, refused: [] });
  expect(row.send).toMatchObject({ outcome: "saved", ok: true, refused: [] });
  for (const step of [row.open, row.validate, row.send]) {
    expect(step?.syncs).toBeGreaterThan(0);
    expect(step?.largestRequestBytes).toBeGreaterThan(1_000);
  }
  expect(journalRowOk(row)).toBe(true);
  expect(largestJournalRequest(row)).toBeLessThanOrEqual(MEASURED_PAYLOAD_CEILING_BYTES);
});

test("a refused request is recorded in the row and makes it not ok; later steps do not run", async () => {
  const host = new OfficeJsExcelHost();
  host.maxRequestBytes = 20_000;
  const row = await journalEditorRoundTrip(demoApi(sandbox()), LINES, host);
  expect(row.open).toMatchObject({ outcome: "failed", ok: false });
  expect(row.open.refused).toEqual(["RequestPayloadSizeLimitExceeded"]);
  expect(row.open.largestRequestBytes).toBeGreaterThan(20_000);
  expect(row.open.message).toMatch(/RequestPayloadSizeLimitExceeded/);
  expect(row.validate).toBeNull();
  expect(row.send).toBeNull();
  expect(journalRowOk(row)).toBe(false);
  // Refused under this host's small limit, but not over the ceiling: the size counts the refused bytes.
  expect(largestJournalRequest(row)).toBe(row.open.largestRequestBytes);
  expect(largestJournalRequest(row)).toBeLessThanOrEqual(MEASURED_PAYLOAD_CEILING_BYTES);
});

test("a row's largest request is the largest of its steps', a step not run counting none", () => {
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
  expect(largestJournalRequest(row)).toBe(MEASURED_PAYLOAD_CEILING_BYTES + 1);
  expect(journalRowOk(row)).toBe(true);
  expect(largestJournalRequest({ ...row, validate: null, send: null })).toBe(1_000);
  expect(journalRowOk({ ...row, send: null })).toBe(false);
  expect(
    journalRowOk({ ...row, send: { ...step, refused: ["RequestPayloadSizeLimitExceeded"] } }),
  ).toBe(false);
});
