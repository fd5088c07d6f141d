// How a fake Excel host is set up: its limits, theme, storage, document url, clock and the
// requirement sets it reports.
import { EXCEL_PAYLOAD_LIMIT_BYTES } from "../../src/domain/excelLimits";

/** Excel on the web's limit for one request (and one response), the add-in's own figure for it. */
export const DEFAULT_PAYLOAD_LIMIT = EXCEL_PAYLOAD_LIMIT_BYTES;

export interface FakeExcelHostOptions {
  /** Sheets of a new workbook; default ["Sheet1"]. */
  readonly sheets?: readonly string[];
  /** Milliseconds each sync waits, like a round trip to Excel on the web; default 0. */
  readonly latencyMs?: number;
  /** Request size limit per sync in bytes; default {@link DEFAULT_PAYLOAD_LIMIT}. */
  readonly maxRequestBytes?: number;
  /** Response size limit per sync in bytes; default {@link DEFAULT_PAYLOAD_LIMIT}. */
  readonly maxResponseBytes?: number;
  /** The Office theme the shim reports; default "light". */
  readonly theme?: "light" | "dark";
  /** OfficeRuntime.storage contents (per add-in domain, not per workbook): share it to reopen. */
  readonly storage?: Map<string, string>;
  /** `Office.context.document.url`: where the file is; "" for a workbook never saved. */
  readonly documentUrl?: string;
  /** The clock TODAY() reads; default the system clock (fix it so tests can compare). */
  readonly clock?: () => Date;
  /**
   * Whether the host reports the DelayForCellEdit requirement set; default true. Without it
   * office.js does not send Excel.run's `delayForCellEdit`, so a batch during cell edit is
   * refused (InvalidOperationInCellEditMode) instead of held.
   */
  readonly delayForCellEdit?: boolean;
  /**
   * A defined name given a structured reference (`=Invoices[#All]`) keeps the A1 address it
   * stands for, as users report from Version 1904 (office-js#740); default false. Kept when the
   * workbook is reopened through the host.
   */
  readonly structuredNamesAsAddresses?: boolean;
}

/** The url the shim reports when none is given. */
export const DEFAULT_DOCUMENT_URL = "https://fake.excel/Book1.xlsx";
