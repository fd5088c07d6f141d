// The journal editor rows of the benchmark: the round trip the integration tests also run
// (test/integration/helpers/journalEditorRoundTrip.ts), on the benchmark's own host, which keeps
// no request text.
import type { LedgerApi } from "../src/api";
import type { OfficeJsExcelHost } from "../tools/excel-emulator/officeJs/nodeClient";
import {
  journalEditorRoundTrip,
  type JournalEditorRow,
} from "../test/integration/helpers/journalEditorRoundTrip";
import { benchHost } from "./importBench";

export {
  journalRowOk,
  largestJournalRequest,
  type JournalEditorRow,
  type JournalStepResult,
} from "../test/integration/helpers/journalEditorRoundTrip";

/** Open, validate and send a journal of `lines` lines in a new workbook, or in `host`. */
export function measureJournalEditor(
  api: LedgerApi,
  lines: number,
  host: OfficeJsExcelHost = benchHost(),
): Promise<JournalEditorRow> {
  return journalEditorRoundTrip(api, lines, host);
}
