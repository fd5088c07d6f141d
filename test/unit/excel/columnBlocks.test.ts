// Reading a long ID column through Microsoft's office.js client: Excel on the web refuses a
// response over 5 MB, and 200,000 UUIDs are about 8 MB. The column is read in blocks, each
// response well under the limit, and the values come back whole and in order.
import { randomUUID } from "node:crypto";
import {
  EXCEL_PAYLOAD_LIMIT_BYTES,
  MEASURED_PAYLOAD_CEILING_BYTES,
} from "../../../src/domain/excelLimits";
import { blockRows, readColumnInBlocks } from "../../../src/excel/columnBlocks";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import type { SheetModel } from "../../../tools/excel-emulator/sheet";

/** A one-column table "Ids" of `values` on Sheet1 (header in A1), built in the workbook model. */
function hostWithColumn(values: readonly string[]): OfficeJsExcelHost {
  const host = new OfficeJsExcelHost();
  const sheet = host.workbook.sheets[0] as SheetModel;
  sheet.ensureCell(0, 0).value = "ID";
  values.forEach((value, row) => {
    sheet.ensureCell(row + 1, 0).value = value;
  });
  host.workbook.createTable(
    "Ids",
    sheet,
    { row: 0, column: 0, rowCount: values.length + 1, columnCount: 1 },
    ["ID"],
  );
  return host;
}

async function readIds(host: OfficeJsExcelHost, rowCount: number, budget?: number) {
  return await host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    return await readColumnInBlocks(context, { sheet, row: 1, column: 0, rowCount }, budget);
  });
}

describe("readColumnInBlocks()", () => {
  it("reads 200,000 UUIDs with every response under 4 MB, whole and in order", async () => {
    const ids = Array.from({ length: 200_000 }, () => randomUUID());
    const host = hostWithColumn(ids);
    host.maxResponseBytes = MEASURED_PAYLOAD_CEILING_BYTES;
    host.resetCounters();
    const values = await readIds(host, ids.length);
    expect(values.map((row) => row[0])).toEqual(ids);
    const largest = Math.max(...host.requestLog.map((record) => record.responseBytes));
    expect(largest).toBeLessThan(MEASURED_PAYLOAD_CEILING_BYTES);
    // A handful of requests, not one per thousand rows.
    expect(host.requestLog.length).toBeLessThanOrEqual(12);
  }, 60_000);

  it("reads a block again in halves when a longer row makes Excel refuse its response", async () => {
    // Short ids first (they size the next block large), then long ones.
    const ids = [
      ...Array.from({ length: 10_000 }, (_, i) => `S${i}`),
      ...Array.from({ length: 3_000 }, (_, i) => `L${i}-${"x".repeat(2_000)}`),
    ];
    const host = hostWithColumn(ids);
    host.maxResponseBytes = EXCEL_PAYLOAD_LIMIT_BYTES / 5;
    host.resetCounters();
    const values = await readIds(host, ids.length, 900_000);
    expect(values.map((row) => row[0])).toEqual(ids);
    const refused = host.requestLog.filter((r) => r.error === "ResponsePayloadSizeLimitExceeded");
    expect(refused.length).toBeGreaterThan(0);
  }, 60_000);

  it("sizes blocks from an upper bound of a row's bytes", () => {
    expect(blockRows(116)).toBe(30_172);
    expect(blockRows(3 * 32_767 + 8)).toBe(35);
    expect(blockRows(1)).toBe(100_000);
  });
});
