// Imports into sheets that hold more than Excel's APIs answer about at once, through Microsoft's
// office.js client and the emulator: merged areas beyond the 512 getMergedAreasOrNullObject
// returns (only the cells an import shifts or fills are asked about), and a PivotTable's
// report-filter area, which PivotLayout.getRange leaves out (the check asks for it too).
import { LedgerApi } from "../../src/api";
import type { JsonRecord } from "../../src/api";
import { importCollection } from "../../src/import/importCollection";
import { addPivotTableFilterArea } from "../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEFAULT_RECORD_COUNTS, DEMO_TOKEN, RunningSandbox } from "../../tools/sandbox";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const SMALL = 60;

const sandbox = useSandbox();
const small = useSandbox({ records: { invoices: SMALL } });

function api(target: RunningSandbox, change?: (record: JsonRecord) => JsonRecord): LedgerApi {
  if (!change) return demoApi(target);
  const options = { retry: { baseDelayMs: 5, maxDelayMs: 20 } };
  const settings = {
    apiAddress: target.baseUrl,
    version: "v1" as const,
    token: DEMO_TOKEN,
    identity: "demo-company",
  };
  class ChangedApi extends LedgerApi {
    override async listCollectionPage(
      ...args: Parameters<LedgerApi["listCollectionPage"]>
    ): ReturnType<LedgerApi["listCollectionPage"]> {
      const page = await super.listCollectionPage(...args);
      return { ...page, data: page.data.map(change!) };
    }
  }
  return new ChangedApi(settings, options);
}

function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** A host holding an import of the small sandbox's invoices (table Invoices at A3). */
async function importedHost(): Promise<{ host: OfficeJsExcelHost; width: number }> {
  const host = new OfficeJsExcelHost();
  await importCollection(host.run, { collection: "invoices", api: api(small()) });
  return { host, width: host.tableInfo("Invoices")!.headers.length };
}

/** Merges `count` pairs of cells, one per row from row 1, in columns `column` and the next. */
async function mergePairs(
  host: OfficeJsExcelHost,
  sheetName: string,
  column: number,
  count: number,
): Promise<void> {
  await host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    for (let row = 0; row < count; row++) sheet.getRangeByIndexes(row, column, 1, 2).merge();
    await context.sync();
  });
}

/** The rejection's message of a promise that must reject. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the promise to reject");
}

describe("a sheet with more merged areas than getMergedAreasOrNullObject answers", () => {
  it("600 merged areas beside the table: the refresh imports", async () => {
    const { host, width } = await importedHost();
    // Two columns right of the table, rows 1 to 600: across the table's rows and below them.
    await mergePairs(host, "Invoices", width + 2, 600);
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: api(sandbox()),
    });
    expect(result).toMatchObject({ rows: DEFAULT_RECORD_COUNTS.invoices, complete: true });
    expect(host.workbook.sheetNamed("Invoices")!.merged).toHaveLength(600);
  });

  it("600 merged areas right of where a new table goes: the first import uses the sheet", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet("Invoices");
    await mergePairs(host, "Invoices", 40, 600);
    const result = await importCollection(host.run, { collection: "invoices", api: api(small()) });
    expect(result).toMatchObject({ sheetName: "Invoices", rows: SMALL, complete: true });
  });

  it("merged cells under the table are still found among 600 elsewhere", async () => {
    const { host, width } = await importedHost();
    await mergePairs(host, "Invoices", width + 2, 600);
    const row = 3 + SMALL + 2;
    const merged = `A${row}:B${row}`;
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Invoices").getRange(merged).merge();
      await context.sync();
    });
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "invoices", api: api(sandbox()) }),
    );
    expect(message).toMatch(new RegExp(`^Merged cells ${merged} on sheet Invoices are in the way`));
    expect(host.serialize()).toBe(before);
  });
});

describe("a PivotTable's report-filter area", () => {
  it("report-filter rows beside the table's last rows stop a refresh bringing a new column, before any write", async () => {
    const { host, width } = await importedHost();
    const last = 3 + SMALL;
    // The body starts below the table, right of its new column: only the filter rows, beside
    // the table's last two rows, are shifted right when the column is appended.
    const body = `${columnLetter(width + 1)}${last + 2}:${columnLetter(width + 2)}${last + 4}`;
    host.addPivotTable("Regions", "Invoices", body, [
      ["Row Labels", "Sum of Total"],
      ["ACME", 1],
      ["Grand Total", 1],
    ]);
    const filters = `${columnLetter(width + 1)}${last - 1}:${columnLetter(width + 2)}${last}`;
    addPivotTableFilterArea(host, "Regions", filters, [
      ["Region", "(All)"],
      ["Currency", "(All)"],
    ]);
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, {
        collection: "invoices",
        api: api(sandbox(), (record) => ({ ...record, audit_note: "checked" })),
      }),
    );
    expect(message).toBe(
      `PivotTable “Regions” (${filters} on sheet Invoices) is in the way of table “Invoices”: a refresh inserts cells there, and Excel cannot move part of a PivotTable. Move the PivotTable to another place or sheet (PivotTable Analyze > Move PivotTable), then try again; nothing was changed.`,
    );
    expect(host.serialize()).toBe(before);
  });

  it("a PivotTable with report filters away from the table is not in the way", async () => {
    const { host, width } = await importedHost();
    const column = columnLetter(width + 3);
    host.addPivotTable("Far", "Invoices", `${column}100:${column}101`, [
      ["Row Labels"],
      ["Grand Total"],
    ]);
    addPivotTableFilterArea(host, "Far", `${column}98`, [["Region"]]);
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: api(sandbox(), (record) => ({ ...record, audit_note: "checked" })),
    });
    expect(result).toMatchObject({ rows: DEFAULT_RECORD_COUNTS.invoices, complete: true });
  });
});
