// Imports and refreshes into a workbook as people really leave it, through Microsoft's office.js
// client and the emulator: a filtered table, a protected sheet, merged cells, a spill range or a
// PivotTable in the way (also on the payments' allocations sheet), a hidden sheet, and a total
// row when new columns arrive. The import stops before its first write with
// what to do (the workbook unchanged) or deals with it and says so.
import { JsonRecord, LedgerApi } from "../../src/api";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEFAULT_RECORD_COUNTS, DEMO_TOKEN } from "../../tools/sandbox";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const SMALL = 60;
const FULL = DEFAULT_RECORD_COUNTS.invoices;

const sandbox = useSandbox();
const small = useSandbox({ records: { invoices: SMALL } });

/** The sandbox's API with every record changed by `change`. */
function changedApi(change: (record: JsonRecord) => JsonRecord): LedgerApi {
  class ChangedApi extends LedgerApi {
    override async listCollectionPage(
      ...args: Parameters<LedgerApi["listCollectionPage"]>
    ): ReturnType<LedgerApi["listCollectionPage"]> {
      const page = await super.listCollectionPage(...args);
      return { ...page, data: page.data.map(change) };
    }
  }
  return new ChangedApi(
    { apiAddress: sandbox().baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
    { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  );
}

function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** A host holding an import of the small sandbox's invoices (table Invoices at A3, 60 rows). */
async function importedHost(): Promise<OfficeJsExcelHost> {
  const host = new OfficeJsExcelHost();
  await importCollection(host.run, { collection: "invoices", api: demoApi(small()) });
  return host;
}

async function protect(host: OfficeJsExcelHost, sheet: string): Promise<void> {
  await host.run(async (context) => {
    context.workbook.worksheets.getItem(sheet).protection.protect();
    await context.sync();
  });
}

/** The rejection's message of a promise that must reject. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("expected the import to fail");
}

describe("a filtered table", () => {
  it("refresh keeps the filter: cleared for the new rows, applied again over them, and says so", async () => {
    const host = await importedHost();
    const first = host.cell("Invoices", "A4").value;
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Invoices");
      table.autoFilter.apply(table.getRange(), 0, { filterOn: "Values", values: [String(first)] });
      await context.sync();
    });
    expect(host.workbook.sheetNamed("Invoices")!.hiddenRows.size).toBe(SMALL - 1);

    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(result).toMatchObject({ rows: FULL, complete: true });
    expect(result.message).toContain(
      "The filters and sort of table “Invoices” were applied again over the new rows.",
    );
    expect(host.tableInfo("Invoices")!.rowCount).toBe(FULL);
    const filtered = await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Invoices");
      const filter = table.autoFilter.load("isDataFiltered,criteria");
      await context.sync();
      return { filtered: filter.isDataFiltered, criteria: filter.criteria[0] };
    });
    expect(filtered).toEqual({
      filtered: true,
      criteria: expect.objectContaining({ filterOn: "Values", values: [String(first)] }),
    });
    // The filter hides every row but the one record it named, now among all of them.
    expect(host.workbook.sheetNamed("Invoices")!.hiddenRows.size).toBe(FULL - 1);
  });

  it("an unfiltered table's refresh says nothing of filters", async () => {
    const host = await importedHost();
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(result.message).not.toContain("filters");
  });
});

describe("a protected sheet", () => {
  it("an import into a protected empty sheet stops before writing, saying what to do", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet("Invoices");
    await protect(host, "Invoices");
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "invoices", api: demoApi(small()) }),
    );
    expect(message).toBe(
      "Sheet Invoices is protected. Unprotect it (Review > Unprotect Sheet), then import again.",
    );
    expect(host.serialize()).toBe(before);
  });

  it("a refresh of a table whose sheet was protected after the import stops, the workbook unchanged", async () => {
    const host = await importedHost();
    await protect(host, "Invoices");
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) }),
    );
    expect(message).toBe(
      "Sheet Invoices is protected. Unprotect it (Review > Unprotect Sheet), then import again.",
    );
    expect(host.serialize()).toBe(before);
    expect(host.tableInfo("Invoices")!.rowCount).toBe(SMALL);
  });

  it("a payments refresh whose allocations sheet was protected stops before either table changes", async () => {
    const host = new OfficeJsExcelHost();
    const first = await importCollection(host.run, {
      collection: "payments",
      api: demoApi(sandbox()),
    });
    expect(first.complete).toBe(true);
    const allocations = host.tableInfo("PaymentAllocations")!.sheet;
    await protect(host, allocations);
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) }),
    );
    expect(message).toBe(
      `Sheet ${allocations} is protected. Unprotect it (Review > Unprotect Sheet), then import again.`,
    );
    expect(host.serialize()).toBe(before);
  });

  it("a refresh of a table with a hidden header row on a protected sheet stops too", async () => {
    const host = await importedHost();
    await host.run(async (context) => {
      context.workbook.tables.getItem("Invoices").showHeaders = false;
      await context.sync();
    });
    await protect(host, "Invoices");
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) }),
    );
    expect(message).toMatch(/^Sheet Invoices is protected\./);
    expect(host.serialize()).toBe(before);
  });
});

describe("merged cells", () => {
  it("a refresh that would move merged cells under the table stops, naming them, the workbook unchanged", async () => {
    const host = await importedHost();
    const width = host.tableInfo("Invoices")!.headers.length;
    // Two rows under the table, across its right edge: the inserted rows would split them.
    const row = 3 + SMALL + 2;
    const merged = `${columnLetter(width - 1)}${row}:${columnLetter(width)}${row}`;
    host.setCells("Invoices", `${columnLetter(width - 1)}${row}`, [["note"]]);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Invoices").getRange(merged).merge();
      await context.sync();
    });
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) }),
    );
    expect(message).toBe(
      `Merged cells ${merged} on sheet Invoices are in the way of table “Invoices”: a refresh inserts cells there, and Excel cannot move merged cells with them. Unmerge them (Home > Merge & Center) or move them, then try again; nothing was changed.`,
    );
    expect(host.serialize()).toBe(before);
  });

  it("an empty sheet of the import's name with merged cells is the user's: the import goes beside it", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet("Invoices");
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Invoices").getRange("A3:C4").merge();
      await context.sync();
    });
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(small()),
    });
    expect(result).toMatchObject({ sheetName: "Invoices (2)", rows: SMALL, complete: true });
    expect(host.workbook.sheetNamed("Invoices")!.merged).toHaveLength(1);
  });
});

describe("a spill range", () => {
  it("a refresh that would move a formula's spilled values under the table stops, naming the formula, the workbook unchanged", async () => {
    const host = await importedHost();
    // Three rows under the table: the header's first two texts, spilled into A66:B66.
    const row = 3 + SMALL + 3;
    host.setCells("Invoices", `A${row}`, [["=A3:B3"]]);
    expect(host.values("Invoices", `A${row}:B${row}`)).toEqual([
      host.tableInfo("Invoices")!.headers.slice(0, 2),
    ]);
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) }),
    );
    expect(message).toBe(
      `The formula in A${row} on sheet Invoices spills into A${row}:B${row}, in the way of table “Invoices”: a refresh inserts cells there, and a value written into a spilled cell breaks the formula (#SPILL!). Move the formula away from the table's columns and the rows below it, then try again; nothing was changed.`,
    );
    expect(host.serialize()).toBe(before);
  });

  it("a spill range beside the table is not in the way of a refresh", async () => {
    const host = await importedHost();
    const beside = columnLetter(host.tableInfo("Invoices")!.headers.length + 1);
    host.setCells("Invoices", `${beside}4`, [["=A4:A6"]]);
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(result).toMatchObject({ rows: FULL, complete: true });
    expect(host.cell("Invoices", `${beside}4`).value).toBe(host.cell("Invoices", "A4").value);
  });
});

describe("a PivotTable", () => {
  it("a refresh that would move part of a PivotTable under the table stops before emptying it", async () => {
    const host = await importedHost();
    const width = host.tableInfo("Invoices")!.headers.length;
    // Three rows under the table, across its right edge.
    const row = 3 + SMALL + 3;
    const address = `${columnLetter(width - 1)}${row}:${columnLetter(width)}${row + 2}`;
    host.addPivotTable("Totals", "Invoices", address, [
      ["Row Labels", "Sum of Total"],
      ["ACME", 100],
      ["Grand Total", 100],
    ]);
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) }),
    );
    expect(message).toBe(
      `PivotTable “Totals” (${address} on sheet Invoices) is in the way of table “Invoices”: a refresh inserts cells there, and Excel cannot move part of a PivotTable. Move the PivotTable to another place or sheet (PivotTable Analyze > Move PivotTable), then try again; nothing was changed.`,
    );
    expect(host.serialize()).toBe(before);
    expect(host.tableInfo("Invoices")!.rowCount).toBe(SMALL);
  });

  it("a refresh that brings a new column stops when a PivotTable beside the table would be cut", async () => {
    const host = await importedHost();
    const width = host.tableInfo("Invoices")!.headers.length;
    // Beside the table, from its last rows to below it: the new column shifts only part of it.
    const last = 3 + SMALL;
    const address = `${columnLetter(width + 1)}${last - 1}:${columnLetter(width + 2)}${last + 1}`;
    host.addPivotTable("Beside", "Invoices", address, [
      ["Row Labels", "Sum of Total"],
      ["ACME", 1],
      ["Grand Total", 1],
    ]);
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, {
        collection: "invoices",
        api: changedApi((record) => ({ ...record, audit_note: "checked" })),
      }),
    );
    expect(message).toBe(
      `PivotTable “Beside” (${address} on sheet Invoices) is in the way of table “Invoices”: a refresh inserts cells there, and Excel cannot move part of a PivotTable. Move the PivotTable to another place or sheet (PivotTable Analyze > Move PivotTable), then try again; nothing was changed.`,
    );
    expect(host.serialize()).toBe(before);
  });

  it("a sheet of the import's name holding a PivotTable is the user's: the import goes beside it", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet("Invoices");
    host.addPivotTable("Totals", "Invoices", "A3:B4", [
      ["Row Labels", "Sum of Total"],
      ["Grand Total", 0],
    ]);
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(small()),
    });
    expect(result).toMatchObject({ sheetName: "Invoices (2)", rows: SMALL, complete: true });
    expect(host.values("Invoices", "A3:B4")).toEqual([
      ["Row Labels", "Sum of Total"],
      ["Grand Total", 0],
    ]);
  });
});

describe("the payments' allocations sheet", () => {
  async function paymentsHost(): Promise<{
    host: OfficeJsExcelHost;
    sheet: string;
    below: number;
    width: number;
  }> {
    const host = new OfficeJsExcelHost();
    const first = await importCollection(host.run, {
      collection: "payments",
      api: demoApi(sandbox()),
    });
    expect(first.complete).toBe(true);
    const table = host.tableInfo("PaymentAllocations")!;
    return {
      host,
      sheet: table.sheet,
      below: 3 + table.rowCount + 3,
      width: table.headers.length,
    };
  }

  it("merged cells under the allocations table stop a payments refresh before either table changes", async () => {
    const { host, sheet, below, width } = await paymentsHost();
    const merged = `${columnLetter(width - 1)}${below}:${columnLetter(width)}${below}`;
    await host.run(async (context) => {
      context.workbook.worksheets.getItem(sheet).getRange(merged).merge();
      await context.sync();
    });
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) }),
    );
    expect(message).toBe(
      `Merged cells ${merged} on sheet ${sheet} are in the way of table “PaymentAllocations”: a refresh inserts cells there, and Excel cannot move merged cells with them. Unmerge them (Home > Merge & Center) or move them, then try again; nothing was changed.`,
    );
    expect(host.serialize()).toBe(before);
  });

  it("the payments table's hidden header row stays hidden when the allocations table is in the way", async () => {
    const { host, sheet, below, width } = await paymentsHost();
    await host.run(async (context) => {
      context.workbook.tables.getItem("Payments").showHeaders = false;
      context.workbook.worksheets.getItem(sheet).getRange(`A${below}:B${below}`).merge();
      await context.sync();
    });
    expect(width).toBeGreaterThan(1);
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) }),
    );
    expect(message).toMatch(/^Merged cells A\d+:B\d+ on sheet /);
    expect(host.serialize()).toBe(before);
    expect(host.tableInfo("Payments")!.showHeaders).toBe(false);
  });

  it("a PivotTable under the allocations table stops a payments refresh before either table changes", async () => {
    const { host, sheet, below, width } = await paymentsHost();
    const address = `${columnLetter(width - 1)}${below}:${columnLetter(width)}${below + 1}`;
    host.addPivotTable("Allocated", sheet, address, [
      ["Row Labels", "Sum of Amount"],
      ["Grand Total", 0],
    ]);
    const before = host.serialize();
    const message = await failureOf(
      importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) }),
    );
    expect(message).toMatch(/^PivotTable “Allocated” \(/);
    expect(host.serialize()).toBe(before);
  });
});

describe("a hidden import sheet", () => {
  it("is refreshed without error and stays hidden", async () => {
    const host = await importedHost();
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Invoices").visibility = "Hidden";
      await context.sync();
    });
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(result).toMatchObject({ rows: FULL, complete: true });
    expect(host.tableInfo("Invoices")!.rowCount).toBe(FULL);
    expect(host.workbook.sheetNamed("Invoices")!.visibility).toBe("Hidden");
    expect(host.activeSheetName).not.toBe("Invoices");
  });
});

describe("a total row when the refresh brings a new column", () => {
  it("keeps the total row under the data; cells beside and under the table keep their places", async () => {
    const host = await importedHost();
    const headers = host.tableInfo("Invoices")!.headers;
    const width = headers.length;
    const total = columnLetter(headers.indexOf("Total"));
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Invoices");
      table.showTotals = true;
      table.columns.getItem("Total").getTotalRowRange().formulas = [["=SUBTOTAL(109,[Total])"]];
      await context.sync();
    });
    const totalRow = 4 + SMALL;
    // The user's cells: two rows under the total row, in the first column and in the column the
    // new one will take; and one right of the table on its header row.
    const below = totalRow + 2;
    const next = columnLetter(width);
    host.setCells("Invoices", `A${below}`, [["under A"]]);
    host.setCells("Invoices", `${next}${below}`, [["under next"]]);
    host.setCells("Invoices", `${columnLetter(width + 1)}3`, [["beside"]]);

    const result = await importCollection(host.run, {
      collection: "invoices",
      api: changedApi((record) => ({ ...record, audit_note: "checked" })),
    });
    expect(result).toMatchObject({ rows: FULL, complete: true });
    const table = host.tableInfo("Invoices")!;
    expect(table.headers).toHaveLength(width + 1);
    expect(table.headers[width]).toBe("Audit note");
    expect(table).toMatchObject({ rowCount: FULL, showTotals: true });
    expect(table.address).toBe(`Invoices!A3:${next}${4 + FULL}`);
    const newTotalRow = 4 + FULL;
    expect(host.cell("Invoices", `${total}${newTotalRow}`).formula).toBe("=SUBTOTAL(109,[Total])");
    expect(host.cell("Invoices", `${next}${newTotalRow - 1}`).value).toBe("checked");
    // Under the table, both cells moved down with the total row, side by side as they were.
    const moved = below + (FULL - SMALL);
    expect(host.values("Invoices", `A${moved}`)).toEqual([["under A"]]);
    expect(host.values("Invoices", `${next}${moved}`)).toEqual([["under next"]]);
    // Beside the table, the cell moved right by the one new column.
    expect(host.values("Invoices", `${columnLetter(width + 2)}3`)).toEqual([["beside"]]);
  });
});
