// The import pipeline end to end without a browser: the sandbox over HTTP, the real client, the
// shapers and the table writer, into the strict fake Excel host.
import Decimal from "decimal.js";
import { ApiError, iterateCollection, JsonRecord, LedgerApi, Payment } from "../../src/api";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import {
  IMPORT_BLOCK_BUDGET_BYTES,
  MEASURED_PAYLOAD_CEILING_BYTES,
} from "../../src/domain/excelLimits";
import { importCollection } from "../../src/import/importCollection";
import { COLLECTIONS, type CollectionId } from "../../src/domain/collections";
import type { ImportProgress } from "../../src/import/importTypes";
import {
  AWKWARD_TEXT_FIELDS,
  AWKWARD_TEXTS,
  DEFAULT_RECORD_COUNTS,
  DEMO_TOKEN,
  RunningSandbox,
} from "../../tools/sandbox";
import { createDiscoveringShaper, NUMBER_FORMATS } from "../../src/sheets";
import { shapersFor } from "../../src/sheets/collectionShapers";
import { clearFaults } from "./helpers/sandboxControl";
import { demoApi, useSandbox, withSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox();

function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

async function allRecords(
  path: string,
  from: LedgerApi = demoApi(sandbox()),
): Promise<JsonRecord[]> {
  const records: JsonRecord[] = [];
  for await (const page of iterateCollection(from, path)) records.push(...page.data);
  return records;
}

/** Every payment of the sandbox, in the server's order. */
async function allPayments(target: RunningSandbox): Promise<Payment[]> {
  const payments: Payment[] = [];
  for (let page = await demoApi(target).listPayments({ limit: 100 }); ;) {
    payments.push(...page.data);
    if (!page.lastId || !page.keyset) break;
    page = await demoApi(target).listPayments({
      limit: 100,
      lastId: page.lastId,
      keyset: page.keyset,
    });
  }
  return payments;
}

/** An amount as the import writes it: a number, or text when a double cannot hold it exactly. */
function moneyCell(amount: string): number | string {
  return new Decimal(amount).precision(true) <= 15 ? Number(amount) : amount;
}

/**
 * The sum of the records' totals that the import writes as numbers (to the cent); amounts kept
 * as text (more than two decimals or fifteen digits) are not summed by Excel either.
 */
function sumOfNumericTotals(records: readonly JsonRecord[]): Decimal {
  return records
    .map((record) => record["total"])
    .filter((total): total is string => typeof total === "string")
    .map((total) => new Decimal(total))
    .filter((total) => total.decimalPlaces() <= 2 && total.precision(true) <= 15)
    .reduce((sum, total) => sum.plus(total), new Decimal(0));
}

/** An invoice without its lines (null: no list, so no lines sheet). */
function withoutLines(record: JsonRecord): JsonRecord {
  return { ...record, lines: null };
}

/** The sandbox's API with each collection page's records changed by `change` (page from 0). */
function changedApi(
  target: RunningSandbox,
  change: (record: JsonRecord, page: number) => JsonRecord,
): LedgerApi {
  let pages = 0;
  class ChangedApi extends LedgerApi {
    override async listCollectionPage(
      ...args: Parameters<LedgerApi["listCollectionPage"]>
    ): ReturnType<LedgerApi["listCollectionPage"]> {
      const page = await super.listCollectionPage(...args);
      const index = args[1]?.lastId === undefined ? (pages = 0) : ++pages;
      return { ...page, data: page.data.map((record) => change(record, index)) };
    }
  }
  return new ChangedApi(
    { apiAddress: target.baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
    { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  );
}

afterEach(async () => {
  await clearFaults(sandbox());
});

describe("importCollection() into the fake Excel host", () => {
  it.each(COLLECTIONS.filter((c) => c.id !== "payments").map((c) => [c.id, c.label]))(
    "imports every record of %s into a table on its own sheet",
    async (id, label) => {
      const host = new OfficeJsExcelHost();
      const result = await importCollection(host.run, {
        collection: id as CollectionId,
        api: demoApi(sandbox()),
      });
      const expected = DEFAULT_RECORD_COUNTS[id as Exclude<CollectionId, "payments">];
      expect(result).toMatchObject({ sheetName: label, rows: expected, complete: true });
      const table = host.tableInfo(result.tableName);
      expect(table).toMatchObject({ sheet: label, rowCount: expected });
      expect(host.cell(label, "A1").value).toMatch(new RegExp(`^${label} · ${expected} records`));
    },
  );

  it("writes each record's fields with their types and number formats", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const records = await allRecords("/invoices");
    const shapers = shapersFor("invoices");
    const rows = shapers.shapePage(records).main.rows;
    const columns = shapers.main.columns();
    const table = host.tableInfo("Invoices")!;
    expect(table.headers).toEqual(columns.map((c) => c.header));
    // Rows start below the header on row 3; compare a spread of rows cell by cell.
    for (const r of [0, 1, 2, 7, 50, records.length - 1]) {
      columns.forEach((column, c) => {
        const cell = host.cell("Invoices", `${columnLetter(c)}${4 + r}`);
        const expected = rows[r]![c]!;
        expect({ r, header: column.header, value: cell.value, formula: cell.formula }).toEqual({
          r,
          header: column.header,
          value: expected,
          formula: null,
        });
        const textFallback =
          typeof expected === "string" && column.kind !== "text" && expected !== "";
        expect({ header: column.header, format: cell.numberFormat }).toEqual({
          header: column.header,
          format: textFallback ? "@" : NUMBER_FORMATS[column.kind],
        });
      });
    }
    const kinds = Object.fromEntries(columns.map((c) => [c.key, c.kind]));
    expect(kinds).toMatchObject({
      id: "text",
      total: "money",
      issue_date: "date",
      created_at: "datetime",
    });
  });

  it("keeps server values that look like formulas, numbers, dates and booleans as literal text", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const table = host.tableInfo("Invoices")!;
    const records = await allRecords("/invoices");
    const field = AWKWARD_TEXT_FIELDS.invoices;
    const column = columnLetter(headersIndex(table.headers, records, field));
    for (const awkward of AWKWARD_TEXTS.filter(
      (a) => typeof a.value === "string" && a.value.length < 200,
    )) {
      const cell = host.cell("Invoices", `${column}${4 + awkward.index}`);
      expect({ label: awkward.label, value: cell.value, formula: cell.formula }).toEqual({
        label: awkward.label,
        value: awkward.value,
        formula: null,
      });
    }
  });

  it("puts the columns people read first and the ids last, on every imported sheet", async () => {
    const host = new OfficeJsExcelHost();
    for (const { id } of COLLECTIONS) {
      const result = await importCollection(host.run, { collection: id, api: demoApi(sandbox()) });
      const tables = [result.tableName, ...(id === "payments" ? ["PaymentAllocations"] : [])];
      for (const name of tables) {
        const headers = host.tableInfo(name)!.headers.filter((h) => h !== "Import notes");
        const firstId = headers.findIndex((h) => /(^| )ID$/.test(h));
        // Every column from the first id on is an id: nothing a person reads hides behind them.
        expect([name, headers.slice(firstId).every((h) => /(^| )ID$/.test(h))]).toEqual([
          name,
          true,
        ]);
        expect([name, firstId]).not.toEqual([name, 0]);
      }
    }
    expect(host.tableInfo("Invoices")!.headers.slice(0, 5)).toEqual([
      "Invoice number",
      "Reference",
      "Issue date",
      "Due date",
      "Contact name",
    ]);
  });

  it("shows a payment's staff by name and its documents as a list, not raw JSON", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) });
    const table = host.tableInfo("Payments")!;
    const cells = (header: string): unknown[] => {
      const column = columnLetter(table.headers.indexOf(header));
      return host.values("Payments", `${column}4:${column}${3 + table.rowCount}`).map((r) => r[0]);
    };
    const staff = cells("Staff").filter((value) => value !== "");
    expect(staff.length).toBeGreaterThan(0);
    for (const name of staff) expect(String(name)).not.toMatch(/[{}[\]"]/);
    const documents = cells("Documents").filter((value) => value !== "");
    expect(documents).toContain("remittance.pdf");
    expect(documents.some((text) => /^2 items: invoice-scan\.png; /.test(String(text)))).toBe(true);
  });

  it("imports payments and one row per allocation on the linked sheet", async () => {
    const host = new OfficeJsExcelHost();
    const result = await importCollection(host.run, {
      collection: "payments",
      api: demoApi(sandbox()),
    });
    expect(result).toMatchObject({
      sheetName: "Payments",
      rows: DEFAULT_RECORD_COUNTS.payments,
      complete: true,
    });
    const payments = [];
    for (let page = await demoApi(sandbox()).listPayments({ limit: 100 }); ;) {
      payments.push(...page.data);
      if (!page.lastId || !page.keyset) break;
      page = await demoApi(sandbox()).listPayments({
        limit: 100,
        lastId: page.lastId,
        keyset: page.keyset,
      });
    }
    const allocations = payments.reduce((n, p) => n + p.allocations.length, 0);
    expect(
      host.tableInfo("PaymentAllocations") ?? host.tableInfo("Payment_allocations"),
    ).toMatchObject({
      sheet: "Payment allocations",
      rowCount: allocations,
    });
  });

  it("refreshes in place: same table and sheet, new rows, and formulas that refer to it still work", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    host.addSheet("Report");
    host.setCells("Report", "A1:B1", [["=ROWS(Invoices)", "=SUM(Invoices[Total])"]]);
    expect(host.cell("Report", "A1").value).toBe(DEFAULT_RECORD_COUNTS.invoices);

    await withSandbox({ records: { invoices: 60 } }, async (smaller) => {
      const result = await importCollection(host.run, {
        collection: "invoices",
        api: demoApi(smaller),
      });
      expect(result).toMatchObject({ sheetName: "Invoices", tableName: "Invoices", rows: 60 });
    });
    expect(host.sheetNames().filter((name) => name.startsWith("Invoices"))).toEqual(["Invoices"]);
    expect(host.tableInfo("Invoices")!.rowCount).toBe(60);
    expect(host.cell("Report", "A1")).toMatchObject({ formula: "=ROWS(Invoices)", value: 60 });
    expect(typeof host.cell("Report", "B1").value).toBe("number");
    // Nothing of the longer first import is left below the table.
    expect(host.usedRange("Invoices", true)).toMatch(/:[A-Z]+63$/);
  });

  it("never writes over a sheet of the same name that holds the user's own cells", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet("Bills");
    host.setCells("Bills", "A1", [["my notes"]]);
    const result = await importCollection(host.run, {
      collection: "bills",
      api: demoApi(sandbox()),
    });
    expect(result.sheetName).toBe("Bills (2)");
    expect(host.cell("Bills", "A1").value).toBe("my notes");
  });

  it("leaves a defined name that holds the table's name alone, names the table Invoices_2 and says so", async () => {
    const host = new OfficeJsExcelHost();
    host.setCells("Sheet1", "A1", [["my invoices"], [100], [250]]);
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      context.workbook.names.add("Invoices", sheet.getRange("A2:A3"));
      await context.sync();
    });
    host.setCells("Sheet1", "B1", [["=SUM(Invoices)"]]);

    const first = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(first).toMatchObject({
      sheetName: "Invoices",
      tableName: "Invoices_2",
      rows: DEFAULT_RECORD_COUNTS.invoices,
      complete: true,
    });
    const note =
      "“Invoices” is already a defined name in this workbook (Formulas > Name Manager), so the " +
      "table is named “Invoices_2”; the name was left as it is.";
    // The sandbox's awkward amounts (more than 15 digits) are summed up in the notes, between:
    // three on an invoice, two on its line.
    const kept = "; 5 cells in 2 records were kept as text.";
    expect(first.headline).toBe(
      `Imported ${DEFAULT_RECORD_COUNTS.invoices} records into Invoices${kept}`,
    );
    expect(first.details).toEqual([...first.notes, note]);
    expect(first.message).toBe([first.headline, ...first.details].join(" "));
    expect(host.cell("Invoices", "A1").value).toMatch(/ · complete · “Invoices” is already/);
    expect(host.definedNames()).toEqual([
      { name: "Invoices", formula: "=Sheet1!$A$2:$A$3" },
      { name: expect.stringMatching(/^LedgerSheets_Table_/), formula: "=Invoices_2[#All]" },
      { name: expect.stringMatching(/^LedgerSheets_Table_/), formula: "=InvoiceLines[#All]" },
    ]);
    expect(host.cell("Sheet1", "B1").value).toBe(350);

    // The next import refreshes the same table, with nothing more to say.
    const again = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(again).toMatchObject({ tableName: "Invoices_2", complete: true });
    expect(again.message).toBe(
      [
        `Imported ${DEFAULT_RECORD_COUNTS.invoices} records into Invoices${kept}`,
        ...again.notes,
      ].join(" "),
    );
    // The sandbox's awkward amounts of more than 15 digits: one record, three columns, and two
    // of its line's, each said once.
    expect(again.notes).toHaveLength(2);
    expect(again.textCells.map((record) => record.cells.length)).toEqual([3, 2]);
    // The line is named by its invoice's number, on its own sheet.
    const [invoice, line] = again.textCells;
    expect(line).toMatchObject({ sheet: "Invoice lines", record: `${invoice?.record} line 1` });
    expect(host.tableNames()).toEqual(["Invoices_2", "InvoiceLines"]);
    expect(host.sheetNames()).toEqual(["Sheet1", "Invoices", "Invoice lines"]);
  });

  it("stops at the sheet's row limit with a clear message, never an exception", async () => {
    const host = new OfficeJsExcelHost();
    // Without lines, whose sheet would reach the limit first (each invoice has one or more).
    const result = await importCollection(
      host.run,
      { collection: "invoices", api: changedApi(sandbox(), withoutLines) },
      { sheetRows: 3 + 100 },
    );
    expect(result).toMatchObject({ rows: 100, complete: false });
    expect(result.message).toMatch(/row limit \(103 rows\) was reached/);
    expect(host.tableInfo("Invoices")!.rowCount).toBe(100);
    expect(host.cell("Invoices", "A1").value).toMatch(/^PARTIAL/);
  });

  it("reports progress with records and pages", async () => {
    const host = new OfficeJsExcelHost();
    const seen: ImportProgress[] = [];
    await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
      onProgress: (p) => seen.push(p),
    });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toMatchObject({ records: DEFAULT_RECORD_COUNTS.invoices, pages: 3 });
  });

  it("stops on cancel and leaves a consistent table marked partial", async () => {
    await withSandbox({ records: { invoices: 1_000 }, latencyMs: 20 }, async (big) => {
      const host = new OfficeJsExcelHost();
      const controller = new AbortController();
      const result = await importCollection(host.run, {
        collection: "invoices",
        api: demoApi(big),
        signal: controller.signal,
        onProgress: (p) => {
          if (p.pages >= 3) controller.abort();
        },
      });
      expect(result.complete).toBe(false);
      expect(result.message).toMatch(/Cancelled/);
      expect(result.rows).toBeGreaterThan(0);
      expect(result.rows).toBeLessThan(1_000);
      expect(host.tableInfo("Invoices")!.rowCount).toBe(result.rows);
      expect(host.cell("Invoices", "A1").value).toMatch(/^PARTIAL/);
    });
  });

  it("marks the sheet partial and rejects with the API error when the server fails mid-import", async () => {
    const host = new OfficeJsExcelHost();
    await withSandbox({ failEvery: { n: 2, status: 500, method: "GET" } }, async (failing) => {
      const error = await importCollection(host.run, {
        collection: "invoices",
        api: demoApi(failing),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe("server");
      expect(host.cell("Invoices", "A1").value).toMatch(/^PARTIAL/);
      expect(host.tableInfo("Invoices")!.rowCount).toBe(50);
    });
  });

  it("holds at most two blocks and two pages of rows at any time, whatever the collection's size", async () => {
    const blockRows = 250;
    await withSandbox({ records: { invoices: 3_000 } }, async (big) => {
      let fetched = 0; // records the client has received, a prefetched page included
      let written = 0; // records whose write has completed
      let held = 0;
      const note = (): void => {
        held = Math.max(held, fetched - written);
      };
      class CountingApi extends LedgerApi {
        override async listCollectionPage(
          ...args: Parameters<LedgerApi["listCollectionPage"]>
        ): ReturnType<LedgerApi["listCollectionPage"]> {
          const page = await super.listCollectionPage(...args);
          fetched += page.data.length;
          note();
          return page;
        }
      }
      const host = new OfficeJsExcelHost();
      let running = 0;
      let mostRunning = 0;
      const run: typeof host.run = async (batch) => {
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        try {
          return await host.run(batch);
        } finally {
          running -= 1;
        }
      };
      const result = await importCollection(
        run,
        {
          collection: "invoices",
          api: new CountingApi(
            { apiAddress: big.baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
            { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
          ),
          onProgress: (progress) => {
            written = progress.written ?? 0;
            note();
          },
        },
        { blockRows },
      );
      expect(result).toMatchObject({ rows: 3_000, complete: true });
      expect(fetched).toBe(3_000);
      // A block being gathered, a block being written, the page being shaped and the next one in
      // flight: bounded by the block size, not by the 3,000 records.
      expect(held).toBeGreaterThanOrEqual(blockRows);
      expect(held).toBeLessThanOrEqual(2 * blockRows + 4 * 50);
      expect(mostRunning).toBe(1);
    });
  });

  it("imports 50,000 invoices whose total and issue date fall back to text, each request under 4 MB", async () => {
    await withSandbox({ records: { invoices: 50_000 } }, async (big) => {
      // The first page makes `total` money and `issue_date` a date; every later value is text
      // that is neither, so those cells fall back to text ("@") in numeric and date columns.
      // Without lines: this is about one table's blocks (lines have a table of their own).
      const fallback = changedApi(big, (record, page) =>
        page === 0
          ? withoutLines(record)
          : { ...withoutLines(record), total: "see attached", issue_date: "TBD" },
      );
      const host = new OfficeJsExcelHost();
      const result = await importCollection(host.run, { collection: "invoices", api: fallback });
      expect(result).toMatchObject({ rows: 50_000, complete: true });
      const refused = host.requestLog.filter((sync) => sync.error !== undefined);
      expect(refused).toEqual([]);
      expect(host.largestRequestBytes).toBeLessThanOrEqual(MEASURED_PAYLOAD_CEILING_BYTES);
      // Blocks, plus opening the table, the first page's own block, and the final status (which
      // reads the setting first so side-by-side imports keep each other's records).
      expect(host.syncCount).toBeLessThanOrEqual(Math.ceil(50_000 / 5_000) + 6);
      const table = host.tableInfo("Invoices")!;
      const total = columnLetter(table.headers.indexOf("Total"));
      const issued = columnLetter(table.headers.indexOf("Issue date"));
      expect(host.cell("Invoices", `${total}4`).numberFormat).toBe(NUMBER_FORMATS.money);
      expect(host.cell("Invoices", `${total}50003`)).toMatchObject({
        value: "see attached",
        numberFormat: "@",
      });
      expect(host.cell("Invoices", `${issued}50003`)).toMatchObject({
        value: "TBD",
        numberFormat: "@",
      });
    });
  }, 120_000);

  it("writes a large import in few requests, each well under Excel's 5 MB limit", async () => {
    await withSandbox({ records: { invoices: 12_000 } }, async (big) => {
      const host = new OfficeJsExcelHost();
      // Without lines: this is about one table's blocks (lines have a table of their own).
      const result = await importCollection(host.run, {
        collection: "invoices",
        api: changedApi(big, withoutLines),
      });
      expect(result).toMatchObject({ rows: 12_000, complete: true });
      expect(host.syncCount).toBeLessThanOrEqual(Math.ceil(12_000 / 5_000) + 6);
      expect(host.largestRequestBytes).toBeLessThan(MEASURED_PAYLOAD_CEILING_BYTES);
      expect(host.requestLog.every((sync) => sync.perRowCalls === 0)).toBe(true);
    });
  }, 60_000);

  it("refresh keeps a formula on its column when the newest records' nulls change the column order", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const before = host.tableInfo("Invoices")!.headers;
    host.addSheet("Report");
    host.setCells("Report", "A1", [["=SUM(Invoices[Total])"]]);

    // The newest 50 invoices (the first page) have no total yet, so discovery finds Total only
    // on the second page and would put it after "Import notes".
    await withSandbox({ records: { invoices: 120 } }, async (newer) => {
      const withoutTotals = changedApi(newer, (record, page) =>
        page === 0 ? { ...record, total: null } : record,
      );
      const records = await allRecords("/invoices", withoutTotals);
      const discovered = createDiscoveringShaper();
      for (let first = 0; first < records.length; first += 50) {
        discovered.shape(records.slice(first, first + 50));
      }
      const order = discovered.columns().map((column) => column.header);
      expect(order.indexOf("Total")).not.toBe(before.indexOf("Total")); // the case in point

      const result = await importCollection(host.run, {
        collection: "invoices",
        api: changedApi(newer, (record, page) =>
          page === 0 ? { ...record, total: null } : record,
        ),
      });
      expect(result).toMatchObject({ rows: 120, complete: true });
      // Every column where it was; the sum is over the new records' totals, to the cent.
      expect(host.tableInfo("Invoices")!.headers).toEqual(before);
      const totals = records
        .map((record) => record["total"])
        .filter((total): total is string => typeof total === "string")
        .map((total) => new Decimal(total))
        .filter((total) => total.decimalPlaces() <= 2 && total.precision(true) <= 15);
      expect(totals.length).toBeGreaterThan(60);
      const expected = totals.reduce((sum, total) => sum.plus(total), new Decimal(0));
      const report = host.cell("Report", "A1");
      expect(report.formula).toBe("=SUM(Invoices[Total])");
      expect(new Decimal(report.value as number).toDecimalPlaces(2).toFixed(2)).toBe(
        expected.toFixed(2),
      );
    });
  });

  it("refresh keeps the user's total row under the data, its SUBTOTAL right with fewer and more rows", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const total = columnLetter(host.tableInfo("Invoices")!.headers.indexOf("Total"));
    await host.run(async (context) => {
      // Table Design > Total Row, then the Total column's total set to Sum.
      const table = context.workbook.tables.getItem("Invoices");
      table.showTotals = true;
      table.columns.getItem("Total").getTotalRowRange().formulas = [["=SUBTOTAL(109,[Total])"]];
      await context.sync();
    });
    host.addSheet("Report");
    host.setCells("Report", "A1", [["=Invoices[[#Totals],[Total]]"]]);

    /** The total row sits right under the records' rows and sums their totals, to the cent. */
    const expectTotalRowOver = (records: readonly JsonRecord[]): void => {
      const totalRow = 4 + records.length; // header on row 3, data from row 4
      expect(host.tableInfo("Invoices")).toMatchObject({
        rowCount: records.length,
        showTotals: true,
      });
      expect(host.cell("Invoices", `${total}${totalRow}`).formula).toBe("=SUBTOTAL(109,[Total])");
      expect(host.cell("Invoices", `A${totalRow - 1}`).value).toBe(
        records.at(-1)!["invoice_number"],
      );
      expect(host.usedRange("Invoices", true)).toMatch(new RegExp(`:[A-Z]+${totalRow}$`));
      const sum = new Decimal(host.cell("Report", "A1").value as number);
      expect(sum.toFixed(2)).toBe(sumOfNumericTotals(records).toFixed(2));
    };
    expectTotalRowOver(await allRecords("/invoices"));

    await withSandbox({ records: { invoices: 60 } }, async (smaller) => {
      const fewer = await importCollection(host.run, {
        collection: "invoices",
        api: demoApi(smaller),
      });
      expect(fewer).toMatchObject({ tableName: "Invoices", rows: 60, complete: true });
      expectTotalRowOver(await allRecords("/invoices", demoApi(smaller)));
    });

    const more = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(more).toMatchObject({ rows: DEFAULT_RECORD_COUNTS.invoices, complete: true });
    expectTotalRowOver(await allRecords("/invoices"));
  });

  it("imports an empty collection into a table, and refreshes a table to empty keeping its columns", async () => {
    await withSandbox({ records: { invoices: 0 } }, async (empty) => {
      const fresh = new OfficeJsExcelHost();
      const first = await importCollection(fresh.run, {
        collection: "invoices",
        api: demoApi(empty),
      });
      expect(first).toMatchObject({
        rows: 0,
        complete: true,
        message: "Imported 0 records into Invoices.",
      });
      expect(fresh.tableInfo("Invoices")!.headers).toEqual(["Import notes"]);
      expect(fresh.cell("Invoices", "A1").value).toMatch(/^Invoices · 0 records · .* · complete$/);

      const host = new OfficeJsExcelHost();
      await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
      const before = host.tableInfo("Invoices")!.headers;
      const again = await importCollection(host.run, {
        collection: "invoices",
        api: demoApi(empty),
      });
      expect(again).toMatchObject({
        rows: 0,
        complete: true,
        message: "Imported 0 records into Invoices.",
      });
      expect(host.tableInfo("Invoices")!.headers).toEqual(before);
      expect(host.usedRange("Invoices", true)).toMatch(/:[A-Z]+3$/);
    });
  });

  it("keeps a column the new records no longer fill, empty, and says so", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const before = host.tableInfo("Invoices")!.headers;
    const column = columnLetter(before.indexOf("Reference"));
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: changedApi(sandbox(), (record) => ({ ...record, reference: null })),
    });
    expect(result.complete).toBe(true);
    expect(result.details.at(-1)).toBe(
      "Column “Reference” of the earlier import has no data in this one and was left empty.",
    );
    expect(result.message).toBe([result.headline, ...result.details].join(" "));
    expect(host.tableInfo("Invoices")!.headers).toEqual(before);
    expect(host.values("Invoices", `${column}4:${column}6`)).toEqual([[""], [""], [""]]);
    expect(host.cell("Invoices", "A1").value).toMatch(/ · complete · Column “Reference” /);
  });

  it("re-imports payments in place: both sheets hold exactly the new payments and allocations", async () => {
    const host = new OfficeJsExcelHost();
    const allocationRows = (payments: Payment[]) =>
      payments.flatMap((payment) =>
        payment.allocations.map((allocation) => [payment.id, allocation.id, allocation.amount]),
      );
    for (const paymentCount of [120, 30]) {
      await withSandbox({ records: { payments: paymentCount } }, async (target) => {
        const result = await importCollection(host.run, {
          collection: "payments",
          api: demoApi(target),
        });
        expect(result).toMatchObject({ sheetName: "Payments", rows: paymentCount, complete: true });
        const payments = await allPayments(target);
        const expected = allocationRows(payments);
        const table = host.tableInfo("Payments")!;
        expect(table).toMatchObject({ sheet: "Payments", rowCount: paymentCount });
        const id = columnLetter(table.headers.indexOf("Payment ID"));
        expect(host.values("Payments", `${id}4:${id}${3 + paymentCount}`)).toEqual(
          payments.map((payment) => [payment.id]),
        );
        const amount = columnLetter(table.headers.indexOf("Amount"));
        expect(host.values("Payments", `${amount}4:${amount}${3 + paymentCount}`)).toEqual(
          payments.map((payment) => [moneyCell(payment.amount)]),
        );
        const linked = host.tableInfo("PaymentAllocations")!;
        expect(linked).toMatchObject({ sheet: "Payment allocations", rowCount: expected.length });
        expect(linked.headers.slice(0, 7)).toEqual([
          "Payment reference",
          "Bill reference",
          "Currency",
          "Amount",
          "Payment ID",
          "Allocation ID",
          "Bill ID",
        ]);
        const cells = host.values("Payment allocations", `A4:G${3 + expected.length}`);
        expect(cells.map((row) => [row[4], row[5], row[3]])).toEqual(
          expected.map(([payment, allocation, money]) => [payment, allocation, moneyCell(money!)]),
        );
        // Each allocation carries its payment's reference, never only its id (the start of it:
        // a reference longer than a cell holds is cut, as on the Payments sheet).
        const references = new Map(payments.map((p) => [p.id, p.payment_reference]));
        expect(cells.map((row) => String(row[0]).slice(0, 40))).toEqual(
          expected.map(([payment]) => references.get(String(payment))?.slice(0, 40)),
        );
        // Nothing of a longer earlier import is left below either table.
        expect(host.usedRange("Payments", true)).toMatch(new RegExp(`:[A-Z]+${3 + paymentCount}$`));
        expect(host.usedRange("Payment allocations", true)).toMatch(
          new RegExp(`:[A-Z]+${3 + expected.length}$`),
        );
        expect(host.cell("Payments", "A1").value).toMatch(/complete$/);
      });
    }
    expect(host.sheetNames().filter((name) => name.startsWith("Pay"))).toEqual([
      "Payments",
      "Payment allocations",
    ]);
  });

  it("stops payments at the allocations sheet's row limit, each payment with all its allocations", async () => {
    const host = new OfficeJsExcelHost();
    const sheetRows = 3 + 40;
    const result = await importCollection(
      host.run,
      { collection: "payments", api: demoApi(sandbox()) },
      { sheetRows },
    );
    const payments = await allPayments(sandbox());
    // The first payments whose allocations fit in 40 rows: 1 to 4 each, so fewer than 40.
    let kept = 0;
    let allocations = 0;
    while (kept < payments.length && allocations + payments[kept]!.allocations.length <= 40) {
      allocations += payments[kept]!.allocations.length;
      kept += 1;
    }
    expect(kept).toBeLessThan(40);
    expect(result).toMatchObject({ rows: kept, complete: false });
    expect(result.message).toMatch(/row limit \(43 rows\) was reached/);
    expect(host.tableInfo("Payments")!.rowCount).toBe(kept);
    expect(host.tableInfo("PaymentAllocations")!.rowCount).toBe(allocations);
    const lastPayment = payments[kept - 1]!.id;
    const link = columnLetter(host.tableInfo("PaymentAllocations")!.headers.indexOf("Payment ID"));
    expect(host.values("Payment allocations", `${link}${3 + allocations}`)).toEqual([
      [lastPayment],
    ]);
    expect(host.cell("Payments", "A1").value).toMatch(/^PARTIAL/);
    expect(host.cell("Payment allocations", "A1").value).toMatch(/PARTIAL/);
  });

  it("splits a page of records with 32,767-character memos so each request stays under the limit", async () => {
    const memo = "請求書の備考".repeat(6_000).slice(0, 32_767); // 3 bytes a character in UTF-8
    await withSandbox({ records: { invoices: 120 } }, async (target) => {
      const host = new OfficeJsExcelHost();
      const result = await importCollection(host.run, {
        collection: "invoices",
        api: changedApi(target, (record) => ({ ...record, memo, internal_note: memo })),
      });
      expect(result).toMatchObject({ rows: 120, complete: true });
      const table = host.tableInfo("Invoices")!;
      const column = columnLetter(table.headers.indexOf("Internal note"));
      expect(host.values("Invoices", `${column}123`)).toEqual([[memo]]);
      // A page of 50 such records is about 9.8 MB: one request for it would be refused.
      expect(host.largestRequestBytes).toBeGreaterThan(IMPORT_BLOCK_BUDGET_BYTES / 2);
      expect(host.largestRequestBytes).toBeLessThan(IMPORT_BLOCK_BUDGET_BYTES);
    });
  });

  it("says honestly that nothing changed when cancelled before the first page arrives", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const status = host.cell("Invoices", "A1").value;
    const controller = new AbortController();
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
      signal: controller.signal,
      onProgress: () => controller.abort(), // at "Connecting…", before any page
    });
    expect(result).toMatchObject({ complete: false, rows: 0 });
    expect(result.message).toBe("Cancelled before any records arrived; no sheet was changed.");
    expect(host.tableInfo("Invoices")!.rowCount).toBe(DEFAULT_RECORD_COUNTS.invoices);
    expect(host.cell("Invoices", "A1").value).toBe(status);
  });

  it("imports only what a payments server without cursors gives, and marks the sheet partial", async () => {
    await withSandbox(
      { records: { payments: 120 }, paymentsPagination: "none" },
      async (target) => {
        const host = new OfficeJsExcelHost();
        const result = await importCollection(host.run, {
          collection: "payments",
          api: demoApi(target),
        });
        expect(result.complete).toBe(false);
        expect(result.rows).toBeLessThan(120);
        expect(result.message).toMatch(
          new RegExp(
            `^Imported ${result.rows} records into Payments, but not all[.;].* Not all: the server gave ${result.rows} payments of the 120 it reports, and offers no way to fetch more\\.`,
          ),
        );
        expect(host.tableInfo("Payments")!.rowCount).toBe(result.rows);
        expect(host.cell("Payments", "A1").value).toMatch(/^PARTIAL · Payments · /);
      },
    );
  });

  it("follows the payments cursor past the first page to every payment", async () => {
    await withSandbox({ records: { payments: 230 } }, async (target) => {
      const host = new OfficeJsExcelHost();
      const seen: ImportProgress[] = [];
      const result = await importCollection(host.run, {
        collection: "payments",
        api: demoApi(target),
        onProgress: (progress) => seen.push(progress),
      });
      expect(result).toMatchObject({ rows: 230, complete: true });
      expect(seen.at(-1)).toMatchObject({ records: 230, written: 230, total: 230 });
      expect(seen.at(-1)!.pages).toBeGreaterThan(1);
      const payments = await allPayments(target);
      expect(new Set(payments.map((payment) => payment.id)).size).toBe(230);
      const id = columnLetter(host.tableInfo("Payments")!.headers.indexOf("Payment ID"));
      expect(host.values("Payments", `${id}4:${id}233`)).toEqual(
        payments.map((payment) => [payment.id]),
      );
      expect(host.tableInfo("PaymentAllocations")!.rowCount).toBe(
        payments.reduce((sum, payment) => sum + payment.allocations.length, 0),
      );
    });
  });

  it("refresh with more records moves the user's Total row under the table down, its SUM intact", async () => {
    const host = new OfficeJsExcelHost();
    await withSandbox({ records: { invoices: 60 } }, (small) =>
      importCollection(host.run, { collection: "invoices", api: demoApi(small) }),
    );
    expect(host.tableInfo("Invoices")!.address).toMatch(/^Invoices!A3:[A-Z]+63$/);
    // The user's total two rows under the table (row 65), and a report that reads it by cell.
    host.setCells("Invoices", "A65", [["Total", "=SUM(Invoices[Total])"]]);
    host.addSheet("Report");
    host.setCells("Report", "A1", [["=Invoices!B65"]]);

    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    const count = DEFAULT_RECORD_COUNTS.invoices;
    expect(result).toMatchObject({ rows: count, complete: true });
    expect(host.tableInfo("Invoices")!.rowCount).toBe(count);
    const totalRow = 3 + count + 2;
    expect(host.cell("Invoices", `A${totalRow}`).value).toBe("Total");
    const sum = host.cell("Invoices", `B${totalRow}`);
    expect(sum.formula).toBe("=SUM(Invoices[Total])");
    expect(sum.value).toBeCloseTo(sumOfNumericTotals(await allRecords("/invoices")).toNumber(), 2);
    expect(host.cell("Report", "A1").formula).toBe(`=Invoices!B${totalRow}`);
  });

  it("leaves the user's table that got a deleted import table's id alone, imports beside it and says why", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    await importCollection(host.run, { collection: "bills", api: demoApi(sandbox()) });
    await host.run(async (context) => {
      context.workbook.tables.getItem("Invoices").delete();
      await context.sync();
    });
    // Excel may give a deleted table's id to the next table made after the file is reopened.
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), {
      reuseFreedTableIds: true,
    });
    reopened.addSheet("Mine");
    reopened.setCells("Mine", "A1", [
      ["Client", "Due"],
      ["Acme", 120],
    ]);
    await reopened.run(async (context) => {
      context.workbook.tables.add("Mine!A1:B2", true).name = "Clients";
      await context.sync();
    });

    const result = await importCollection(reopened.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(reopened.tableInfo("Clients")).toMatchObject({ address: "Mine!A1:B2" });
    expect(reopened.values("Mine", "A1:B2")).toEqual([
      ["Client", "Due"],
      ["Acme", 120],
    ]);
    expect(result).toMatchObject({
      sheetName: "Invoices (2)",
      tableName: "Invoices",
      rows: DEFAULT_RECORD_COUNTS.invoices,
      complete: true,
    });
    const why =
      "Table “Clients” was left as it is: it has the id of a table an earlier import made, but " +
      "not that table's marker (that table was deleted and its id given to this one, or the " +
      "workbook was changed outside Ledger Sheets). Ledger Sheets writes only to a table both " +
      "agree on, so this import went to table “Invoices”.";
    expect(result.message).toContain(why);
    expect(reopened.cell("Invoices (2)", "A1").value).toContain(`· complete · ${why}`);
    expect(reopened.tableInfo("Bills")!.rowCount).toBe(DEFAULT_RECORD_COUNTS.bills);
  });

  it("leaves a table with no room for its status line as it was when its refresh is cancelled", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    await host.run(async (context) => {
      // The user deletes the status line and the gap: the table now starts on row 1.
      context.workbook.worksheets.getItem("Invoices").getRange("1:2").delete("Up");
      await context.sync();
    });
    await withSandbox({ records: { invoices: 1_000 }, latencyMs: 20 }, async (big) => {
      const controller = new AbortController();
      const result = await importCollection(host.run, {
        collection: "invoices",
        api: demoApi(big),
        signal: controller.signal,
        onProgress: (p) => {
          if (p.pages >= 3) controller.abort();
        },
      });
      expect(result.complete).toBe(false);
      expect(result.message).toMatch(
        /^Refresh cancelled; table “Invoices” still shows the data of .* \(137 rows\)\.$/,
      );
      expect(host.tableInfo("Invoices")!.address).toMatch(/^Invoices!A1:/);
      expect(host.tableInfo("Invoices")!.rowCount).toBe(137);
      expect(result.rows).toBe(137);
    });
  });
});

/** The column index of a record field in the table's headers. */
function headersIndex(headers: readonly string[], records: JsonRecord[], field: string): number {
  const shaper = createDiscoveringShaper();
  shaper.shape(records);
  const index = shaper.columns().findIndex((c) => c.key === field);
  expect(headers[index]).toBe(shaper.columns()[index]!.header);
  return index;
}
