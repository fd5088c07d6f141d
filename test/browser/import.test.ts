// The built task pane in headless Chromium against the sandbox: importing into the workbook.
import { iterateCollection, JsonRecord, LedgerApi, Payment } from "../../src/api";
import {
  AWKWARD_TEXT_FIELDS,
  AWKWARD_TEXTS,
  DEFAULT_RECORD_COUNTS,
  DEMO_TOKEN,
  RunningSandbox,
} from "../../src/sandbox";
import { headerForPath } from "../../src/sheets";
import {
  BrowserSession,
  cell,
  connect,
  importFromPane,
  openPreview,
  sheetNames,
  tableInfo,
  typeCells,
  useConnectedPreview,
  values,
} from "./harness";

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(1899, 11, 30);

/** Excel's serial for an ISO date or date-time, computed independently of the add-in. */
function serial(iso: string): number {
  return (Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso) - EPOCH) / DAY_MS;
}

function api(sandbox: RunningSandbox): LedgerApi {
  return new LedgerApi({
    apiAddress: sandbox.baseUrl,
    version: "v1",
    token: DEMO_TOKEN,
    identity: "demo-company",
  });
}

async function records(sandbox: RunningSandbox, path: string): Promise<JsonRecord[]> {
  const all: JsonRecord[] = [];
  for await (const page of iterateCollection(api(sandbox), path)) all.push(...page.data);
  return all;
}

/** A money cell as the contract implies: a number, or exact text past a double's 15 digits. */
function moneyCell(text: string): number | string {
  const digits = text.replace(/^-/, "").replace(".", "").replace(/^0+/, "");
  return digits.length > 15 ? text : Number(text);
}

function letter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** Every leaf of a record: nested objects flattened to paths, arrays kept whole (JSON text). */
function leaves(record: JsonRecord, prefix: string[] = []): [string[], unknown][] {
  return Object.entries(record).flatMap(([key, value]): [string[], unknown][] =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? leaves(value as JsonRecord, [...prefix, key])
      : [[[...prefix, key], value]],
  );
}

/** The column of a field: its header is the field's words (plus "(UTC)" for timestamps). */
function columnOf(headers: readonly string[], path: readonly string[]): number {
  const words = headerForPath(path, "text");
  return headers.findIndex((h) => h === words || h === `${words} (UTC)`);
}

const EXCEL_TEXT_LIMIT = 32_767;

/**
 * A cell holds its field's value under the column's format: text exactly (cut only past Excel's
 * cell limit), money and rates as the decimal's number, dates as serials, arrays as JSON text.
 */
function expectCell(path: string[], value: unknown, cellValue: unknown, format: string): void {
  const where = `${path.join(".")} = ${JSON.stringify(value)?.slice(0, 80)} as ${format}`;
  const actual = (expected: unknown) => expect([where, cellValue]).toEqual([where, expected]);
  if (value === null || value === "") return actual("");
  if (Array.isArray(value)) {
    expect([where, JSON.parse(String(cellValue))]).toEqual([where, value]);
    return;
  }
  if (typeof value !== "string") return actual(value);
  if (format === "@") {
    if (value.length <= EXCEL_TEXT_LIMIT) return actual(value);
    expect([where, value.startsWith(String(cellValue).slice(0, 1000))]).toEqual([where, true]);
    return;
  }
  if (format === "yyyy-mm-dd") return actual(serial(value));
  if (format === "yyyy-mm-dd hh:mm:ss") {
    expect(cellValue).toBeCloseTo(serial(value), 6);
    return;
  }
  expect(["#,##0.00", "0.00########"]).toContain(format);
  actual(moneyCell(value));
}

describe("importing from the task pane", () => {
  const current = useConnectedPreview();
  let session: BrowserSession;
  beforeAll(() => {
    session = current();
  });

  it("imports invoices (three pages) with every record's fields typed and formatted", async () => {
    const status = await importFromPane(session, "invoices");
    expect(status).toMatch(/Imported 137 records/);
    const table = await tableInfo(session, "Invoices");
    expect(table).toMatchObject({ sheet: "Invoices", rowCount: DEFAULT_RECORD_COUNTS.invoices });
    const headers = table!.headers;
    const col = (header: string) => {
      const index = headers.indexOf(header);
      expect(index).toBeGreaterThanOrEqual(0);
      return letter(index);
    };
    const all = await records(session.sandbox, "/invoices");
    const last = 3 + all.length;
    const grid = (header: string) =>
      values(session, "Invoices", `${col(header)}4:${col(header)}${last}`);
    const [ids, totals, issued, created, numbers] = await Promise.all([
      grid("ID"),
      grid("Total"),
      grid("Issue date"),
      grid("Created at (UTC)"),
      grid("Invoice number"),
    ]);
    all.forEach((record, i) => {
      expect(ids[i]![0]).toBe(record["id"]);
      expect(numbers[i]![0]).toBe(record["invoice_number"]);
      expect(totals[i]![0]).toBe(moneyCell(String(record["total"])));
      expect(issued[i]![0]).toBe(serial(String(record["issue_date"])));
      expect(created[i]![0]).toBeCloseTo(serial(String(record["created_at"])), 6);
    });
    expect(await cell(session, "Invoices", `${col("ID")}4`)).toMatchObject({ numberFormat: "@" });
    expect(await cell(session, "Invoices", `${col("Total")}40`)).toMatchObject({
      numberFormat: "#,##0.00",
    });
    expect(await cell(session, "Invoices", `${col("Issue date")}4`)).toMatchObject({
      numberFormat: "yyyy-mm-dd",
    });
  });

  it("keeps server values that look like formulas, numbers, dates and booleans as literal text", async () => {
    const table = await tableInfo(session, "Invoices");
    const field = AWKWARD_TEXT_FIELDS.invoices; // "reference"
    const column = letter(table!.headers.indexOf("Reference"));
    expect(field).toBe("reference");
    for (const awkward of AWKWARD_TEXTS) {
      if (typeof awkward.value !== "string" || awkward.value.length > 1000) continue;
      const state = await cell(session, "Invoices", `${column}${4 + awkward.index}`);
      expect({ label: awkward.label, value: state.value, formula: state.formula }).toEqual({
        label: awkward.label,
        value: awkward.value,
        formula: null,
      });
    }
  });

  it("imports payments with readable columns and their allocations on a linked sheet", async () => {
    const status = await importFromPane(session, "payments");
    expect(status).toMatch(/Imported 45 records/);
    const payments: Payment[] = [];
    const client = api(session.sandbox);
    for (let page = await client.listPayments({ limit: 50 }); ;) {
      payments.push(...page.data);
      if (!page.lastId || !page.keyset) break;
      page = await client.listPayments({ limit: 50, lastId: page.lastId, keyset: page.keyset });
    }
    const table = await tableInfo(session, "Payments");
    const headers = table!.headers;
    const row = async (i: number) => (await values(session, "Payments", `A${4 + i}:W${4 + i}`))[0]!;
    for (const i of [0, 1, 10, payments.length - 1]) {
      const payment = payments[i]!;
      const cells = await row(i);
      const at = (header: string) => cells[headers.indexOf(header)];
      expect(at("Payment ID")).toBe(payment.id);
      expect(at("Vendor")).toBe(payment.vendor.display_name);
      expect(at("Amount")).toBe(moneyCell(payment.amount));
      expect(at("Destination account number")).toBe(payment.destination_account.account_number);
      expect(at("Allocations")).toBe(payment.allocations.length);
    }
    const allocations = payments.flatMap((p) =>
      p.allocations.map((a) => ({ ...a, paymentId: p.id })),
    );
    const linked = await tableInfo(session, "PaymentAllocations");
    expect(linked).toMatchObject({ sheet: "Payment allocations", rowCount: allocations.length });
    const first = (await values(session, "Payment allocations", "A4:E4"))[0]!;
    expect(first).toEqual([
      allocations[0]!.paymentId,
      allocations[0]!.id,
      allocations[0]!.bill_id,
      allocations[0]!.bill_reference,
      moneyCell(allocations[0]!.amount),
    ]);
  });

  it.each([
    ["invoices", "Invoices"],
    ["receipts", "Receipts"],
    ["bills", "Bills"],
    ["credit-notes", "Credit notes"],
    ["debit-notes", "Debit notes"],
    ["expenses", "Expenses"],
  ] as const)(
    "imports %s with every field of every record in its cell, typed and formatted",
    async (id, label) => {
      await importFromPane(session, id);
      const all = await records(session.sandbox, `/${id}`);
      const table = await tableInfo(session, label.replace(" ", ""));
      expect(table).toMatchObject({ sheet: label, rowCount: DEFAULT_RECORD_COUNTS[id] });
      const headers = table!.headers;
      const width = headers.length;
      const grid = await values(session, label, `A4:${letter(width - 1)}${3 + all.length}`);
      const formats = await Promise.all(
        headers.map(async (_, c) => (await cell(session, label, `${letter(c)}4`)).numberFormat),
      );
      let checked = 0;
      all.forEach((record, row) => {
        for (const [path, value] of leaves(record)) {
          const column = columnOf(headers, path);
          // A null where other records hold an object (staff) has that object's columns instead.
          if (column < 0 && value === null) continue;
          expect([path.join("."), column >= 0]).toEqual([path.join("."), true]);
          expectCell(path, value, grid[row]![column]!, formats[column]!);
          checked += 1;
        }
      });
      expect(checked).toBeGreaterThan(all.length * 10);
      // Kinds follow the field names the contract uses, whatever the first value looks like.
      const formatOf = (header: string) => formats[headers.indexOf(header)];
      expect(formatOf("ID")).toBe("@");
      expect(formatOf("Total")).toBe("#,##0.00");
      expect(formatOf("Exchange rate")).toBe("0.00########");
      expect(formatOf("Created at (UTC)")).toBe("yyyy-mm-dd hh:mm:ss");
      expect(formatOf("Currency code")).toBe("@");
    },
  );

  it("re-imports in place and a formula that refers to the table keeps working", async () => {
    await typeCells(session, "Report", "A1:B1", [["=ROWS(Invoices)", "=SUM(Invoices[Total])"]]);
    expect((await cell(session, "Report", "A1")).value).toBe(137);
    const before = (await cell(session, "Report", "B1")).value;
    await importFromPane(session, "invoices");
    expect((await sheetNames(session)).filter((n) => n.startsWith("Invoices"))).toEqual([
      "Invoices",
    ]);
    expect(await cell(session, "Report", "A1")).toMatchObject({
      formula: "=ROWS(Invoices)",
      value: 137,
    });
    expect((await cell(session, "Report", "B1")).value).toBe(before);
  });
});

describe("cancelling an import", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ sandbox: { records: { invoices: 2_000 }, latencyMs: 60 } });
    await connect(session);
    await session.pane.locator("#connection-summary").waitFor({ state: "visible" });
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("stops the import, leaves the rows fetched so far and marks the sheet partial", async () => {
    const { pane } = session;
    await pane.getByLabel("Collection").selectOption("invoices");
    await pane.getByRole("button", { name: "Import", exact: true }).click();
    const progress = pane.getByRole("progressbar");
    await pane
      .locator("#import-counts")
      .filter({ hasText: /[1-9]\d* records/ })
      .waitFor();
    expect(await progress.getAttribute("aria-valuetext")).toMatch(/records/);
    await pane.getByRole("button", { name: "Cancel" }).click();
    await pane
      .locator("#import-status")
      .filter({ hasText: /Cancelled/ })
      .waitFor();
    const table = await tableInfo(session, "Invoices");
    expect(table!.rowCount).toBeGreaterThan(0);
    expect(table!.rowCount).toBeLessThan(2_000);
    expect(String((await cell(session, "Invoices", "A1")).value)).toMatch(/^PARTIAL/);
    await expect(pane.getByRole("button", { name: "Cancel" }).isVisible()).resolves.toBe(false);
    await expect(
      pane.getByRole("button", { name: "Import", exact: true }).isEnabled(),
    ).resolves.toBe(true);
  });
});
