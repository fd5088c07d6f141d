// A journal of 10,000 lines through Microsoft's office.js client, as the task pane edits it: open
// (draw), validate with problems in three columns (mark them), fix and send (PATCH, then redraw
// from the server's answer). Every request and response office.js exchanges stays at most the
// measured ceiling (a fifth under the payload limit Excel on the web refuses past) and none is
// refused.
import { MEASURED_PAYLOAD_CEILING_BYTES } from "../../src/domain/excelLimits";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { journalEditorRoundTrip, type JournalStepResult } from "./helpers/journalEditorRoundTrip";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const LINES = 10_000;

const sandbox = useSandbox({ journalLines: LINES });

function expectWithinExcel(step: JournalStepResult | null, outcome: string): void {
  expect(step).toMatchObject({ outcome, ok: true, refused: [] });
  expect(step!.largestRequestBytes).toBeLessThanOrEqual(MEASURED_PAYLOAD_CEILING_BYTES);
  expect(step!.largestResponseBytes).toBeLessThanOrEqual(MEASURED_PAYLOAD_CEILING_BYTES);
}

test("open, validate (problems in three columns) and send + redraw of 10,000 lines: every request under 4 MB", async () => {
  const host = new OfficeJsExcelHost();
  // The sizes are logged per sync; the request texts of 10,000 lines need not be kept.
  host.officeJs.executor.keepRequests = 0;
  const row = await journalEditorRoundTrip(demoApi(sandbox()), LINES, host);
  // One problem every 10 lines, in turn a missing account, a non-number debit, a sub-cent credit.
  expect(row.problemsMade).toBe(LINES / 10);
  expectWithinExcel(row.open, "opened");
  expectWithinExcel(row.validate, "invalid");
  expectWithinExcel(row.send, "saved");
}, 240_000);
