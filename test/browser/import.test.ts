// The built task pane in headless Chromium against the sandbox: importing into the workbook.
import { iterateCollection, JsonRecord, JsonValue } from "../../src/api";
import {
  AWKWARD_TEXT_FIELDS,
  AWKWARD_TEXTS,
  DEFAULT_RECORD_COUNTS,
  DEMO_TOKEN,
  RunningSandbox,
} from "../../tools/sandbox";
import { MEASURED_PAYLOAD_CEILING_BYTES } from "../../src/domain/excelLimits";
import { headerForPath } from "../../src/sheets";
import { readableValue } from "../../src/sheets/readableValues";
import {
  BrowserSession,
  cell,
  cells,
  CellState,
  connected,
  importFromPane,
  officeJsTraffic,
  openPreview,
  sheetNames,
  tableInfo,
  typeCells,
  useConnectedPreview,
  values,
} from "./harness";
import { clearFaults, setFaults as injectFaults } from "../integration/helpers/sandboxControl";
import { demoApi } from "../integration/helpers/sandboxSession";

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(1899, 11, 30);

/** Excel's serial for an ISO date or date-time, computed independently of the add-in. */
function serial(iso: string): number {
  return (Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso) - EPOCH) / DAY_MS;
}

async function records(sandbox: RunningSandbox, path: string): Promise<JsonRecord[]> {
  const all: JsonRecord[] = [];
  for await (const page of iterateCollection(demoApi(sandbox), path)) all.push(...page.data);
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
  if (value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
    return actual("");
  }
  if (typeof value === "object") {
    expect([where, JSON.parse(String(cellValue))]).toEqual([where, value]);
    return;
  }
  if (typeof value !== "string") return actual(value);
  if (format === "@") {
    if (value.length <= EXCEL_TEXT_LIMIT) return actual(value);
    // Cut to the limit, one fewer where the cut would halve a surrogate pair.
    const kept = String(cellValue);
    expect([where, value.startsWith(kept), kept.length >= EXCEL_TEXT_LIMIT - 1]).toEqual([
      where,
      true,
      true,
    ]);
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

/** The payments exactly as the API sends them, over HTTP (not through the add-in's client). */
async function rawPayments(sandbox: RunningSandbox): Promise<JsonRecord[]> {
  const all: JsonRecord[] = [];
  let query = "limit=100";
  for (let page = 0; page < 100; page++) {
    const response = await fetch(`${sandbox.baseUrl}/payments?${query}`, {
      headers: { Authorization: `Bearer ${DEMO_TOKEN}`, identity: "demo-company" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: JsonRecord[];
      last_id?: unknown;
      keyset?: unknown;
    };
    all.push(...body.data);
    if (typeof body.last_id !== "string" || typeof body.keyset !== "string") return all;
    query = `limit=100&last_id=${encodeURIComponent(body.last_id)}&keyset=${encodeURIComponent(body.keyset)}`;
  }
  throw new Error("the payments list did not end within 100 pages");
}

/** The value at a path of a JSON record; undefined when a step is missing. */
function readPath(record: JsonRecord, path: readonly string[]): unknown {
  let value: unknown = record;
  for (const key of path) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = (value as JsonRecord)[key];
  }
  return value;
}

/** What a column of the Payments or allocations sheet holds. */
type ColumnKind = "text" | "money" | "rate" | "datetime" | "count";

/** Each kind's number format; a money value kept as exact text is formatted "@" instead. */
const KIND_FORMATS: Readonly<Record<ColumnKind, string>> = {
  text: "@",
  money: "#,##0.00",
  rate: "0.00########",
  datetime: "yyyy-mm-dd hh:mm:ss",
  count: "0",
};

/** A column as the contract implies it: its header, the field it shows, and what it holds. */
type ColumnContract = readonly [header: string, path: readonly string[], kind: ColumnKind];

/**
 * The Payments sheet: one column per field of the contract's Payment (order not assumed).
 * "Any JSON value" fields (staff, staff_id, documents) are text: a string as it is, anything
 * else as JSON. Allocations shows how many; they are listed on their own sheet.
 */
const PAYMENT_COLUMNS: readonly ColumnContract[] = [
  ["Payment ID", ["id"], "text"],
  ["Payment date (UTC)", ["payment_date"], "datetime"],
  ["Vendor", ["vendor", "display_name"], "text"],
  ["Vendor ID", ["vendor_id"], "text"],
  ["Amount", ["amount"], "money"],
  ["Currency", ["currency_code"], "text"],
  ["Exchange rate", ["exchange_rate"], "rate"],
  ["Type", ["type"], "text"],
  ["Status", ["status"], "text"],
  ["Payment method", ["payment_method"], "text"],
  ["Payment reference", ["payment_reference"], "text"],
  ["Destination bank", ["destination_account", "bank"], "text"],
  ["Destination account number", ["destination_account", "account_number"], "text"],
  ["Account ID", ["account_id"], "text"],
  ["Journal status", ["journal_status"], "text"],
  ["Journal entry ID", ["journal_entry_id"], "text"],
  ["Project ID", ["project_id"], "text"],
  ["Staff ID", ["staff_id"], "text"],
  ["Staff", ["staff"], "text"],
  ["Documents", ["documents"], "text"],
  ["Allocations", ["allocations"], "count"],
  ["Created at (UTC)", ["created_at"], "datetime"],
];

/** The "Payment allocations" sheet: one row per allocation, linked by the payment's id. */
const ALLOCATION_COLUMNS: readonly ColumnContract[] = [
  // From the payment the allocation came in.
  ["Payment reference", ["payment_reference"], "text"],
  ["Currency", ["currency_code"], "text"],
  ["Payment ID", ["payment_id"], "text"],
  ["Allocation ID", ["id"], "text"],
  ["Bill ID", ["bill_id"], "text"],
  ["Bill reference", ["bill_reference"], "text"],
  ["Amount", ["amount"], "money"],
];

/** The payment fields the sheet accounts for (vendor.id is Vendor ID's twin). */
const PAYMENT_FIELDS = new Set([...PAYMENT_COLUMNS.map(([, path]) => path.join(".")), "vendor.id"]);

/** A payment's fields by the contract: the two nested objects by their fields, the rest whole. */
function contractFields(payment: JsonRecord): string[] {
  return Object.entries(payment).flatMap(([key, value]) =>
    (key === "vendor" || key === "destination_account") &&
    value !== null &&
    typeof value === "object"
      ? Object.keys(value).map((field) => `${key}.${field}`)
      : [key],
  );
}

/** The first `count` rows below a table's header on row 3, each cell by its column's header. */
async function sheetRows(
  session: BrowserSession,
  sheet: string,
  headers: readonly string[],
  count: number,
): Promise<Record<string, CellState>[]> {
  const addresses = Array.from({ length: count }, (_, row) =>
    headers.map((_, column) => `${letter(column)}${4 + row}`),
  );
  const read = await cells(session, sheet, addresses.flat());
  return addresses.map((_, row) =>
    Object.fromEntries(
      headers.map((header, column) => [header, read[row * headers.length + column]!]),
    ),
  );
}

/** Digits grouped by thousands: "1234567" → "1,234,567". */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * What a number cell shows under its kind's format, worked out from the API's text: money with
 * separators and two decimals, rates with two to ten, date-times to the second in UTC.
 */
function displayed(kind: ColumnKind, value: unknown): string {
  if (kind === "count") return String(value);
  const text = String(value);
  if (kind === "datetime") {
    const ms = Math.round(Date.parse(text) / 1000) * 1000;
    return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
  }
  const [whole = "", fraction = ""] = text.replace(/^-/, "").split(".");
  const decimals =
    kind === "money" ? fraction.padEnd(2, "0") : fraction.replace(/0+$/, "").padEnd(2, "0");
  return `${text.startsWith("-") ? "-" : ""}${grouped(whole)}.${decimals}`;
}

/**
 * Checks a row against its record, column by column: a constant (never a formula), the kind's
 * number format, the value (see {@link expectCell}) and what the cell shows. A cell the row's
 * "Import notes" must explain (money kept as text, text cut to the cell limit) is returned as
 * `<header> <why>`; the notes must name each of them, and be empty otherwise.
 */
const READABLE_HEADERS = new Set(["Staff", "Documents"]);

function expectRow(
  columns: readonly ColumnContract[],
  record: JsonRecord,
  row: Record<string, CellState>,
  where: string,
): string[] {
  const explained: { header: string; why: string }[] = [];
  for (const [header, path, kind] of columns) {
    const cell = row[header]!;
    const raw = readPath(record, path);
    // Any-JSON fields are shown readably: a person by name, a list as "2 items: a; b".
    const field = READABLE_HEADERS.has(header) ? readableValue(raw as JsonValue | undefined) : raw;
    const value = kind === "count" && Array.isArray(field) ? field.length : field;
    const keptAsText = kind === "money" && typeof moneyCell(String(value)) === "string";
    const format = keptAsText ? "@" : KIND_FORMATS[kind];
    const at = `${where}: ${header}`;
    expect([at, cell.formula, cell.numberFormat]).toEqual([at, null, format]);
    expectCell([where, ...path], value ?? null, cell.value, format);
    const shown = typeof cell.value === "number" ? displayed(kind, value) : String(cell.value);
    expect([at, cell.text]).toEqual([at, shown]);
    if (keptAsText) explained.push({ header, why: "kept as text" });
    if (typeof value === "string" && value.length > EXCEL_TEXT_LIMIT) {
      explained.push({ header, why: "cut" });
    }
  }
  const notes = String(row["Import notes"]!.value);
  if (explained.length === 0) expect([where, notes]).toEqual([where, ""]);
  const unexplained = explained.filter(({ header }) => !notes.includes(header));
  expect([where, unexplained]).toEqual([where, []]);
  return explained.map(({ header, why }) => `${header} ${why}`);
}

describe("importing from the task pane", () => {
  const current = useConnectedPreview();
  let session: BrowserSession;
  beforeAll(() => {
    session = current();
  });

  it("imports payments with human keys first, ids last, and staff and documents readable", async () => {
    await importFromPane(session, "payments");
    const table = await tableInfo(session, "Payments");
    const headers = table!.headers;
    // The amount stands next to its currency.
    expect(headers.slice(0, 6)).toEqual([
      "Payment reference",
      "Payment date (UTC)",
      "Vendor",
      "Staff",
      "Currency",
      "Amount",
    ]);
    expect(headers.slice(-7)).toEqual([
      "Payment ID",
      "Vendor ID",
      "Account ID",
      "Journal entry ID",
      "Project ID",
      "Staff ID",
      "Import notes",
    ]);
    const at = (header: string) => letter(headers.indexOf(header));
    const last = 3 + table!.rowCount;
    const [staff, documents] = await Promise.all([
      values(session, "Payments", `${at("Staff")}4:${at("Staff")}${last}`),
      values(session, "Payments", `${at("Documents")}4:${at("Documents")}${last}`),
    ]);
    const names = staff.map((row) => row[0]).filter((value) => value !== "");
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(String(name)).not.toMatch(/[{}"]/);
    expect(documents.map((row) => row[0])).toContain("remittance.pdf");
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

  it("sends the pane's batches through Microsoft's office.js client, each under 4 MB", async () => {
    const traffic = await officeJsTraffic(session);
    expect(traffic.microsoftClient).toBe(true);
    expect(traffic.requests).toBeGreaterThan(0);
    // office.js's own serialization: its action names, including the keep-reference it adds.
    expect(traffic.actionNames).toEqual(
      expect.arrayContaining(["Values", "NumberFormat", "_KeepReference"]),
    );
    expect(traffic.largestRequestBytes).toBeGreaterThan(0);
    expect(traffic.largestRequestBytes).toBeLessThanOrEqual(MEASURED_PAYLOAD_CEILING_BYTES);
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

  it("imports every payment with every field in its column, typed and formatted", async () => {
    const status = await importFromPane(session, "payments");
    const payments = await rawPayments(session.sandbox);
    expect(payments).toHaveLength(DEFAULT_RECORD_COUNTS.payments);
    expect(status).toMatch(new RegExp(`Imported ${payments.length} records`));
    const table = await tableInfo(session, "Payments");
    expect(table).toMatchObject({ sheet: "Payments", rowCount: payments.length });
    const headers = table!.headers;
    // Every column is one the contract implies, and every field of the contract has its column.
    expect([...headers].sort()).toEqual(
      [...PAYMENT_COLUMNS.map(([header]) => header), "Import notes"].sort(),
    );
    for (const payment of payments) {
      expect(contractFields(payment).filter((field) => !PAYMENT_FIELDS.has(field))).toEqual([]);
      // vendor.id has no column of its own: Vendor ID carries the same id.
      expect(readPath(payment, ["vendor", "id"])).toBe(payment["vendor_id"]);
    }
    const rows = await sheetRows(session, "Payments", headers, payments.length);
    const checked = payments.map((payment, row) =>
      expectRow(PAYMENT_COLUMNS, payment, rows[row]!, `payment ${row}`),
    );
    // The seed's awkward payments are among them: an amount past a double's digits, a reference
    // past Excel's cell limit, one that looks like a formula.
    expect(checked.flat()).toEqual(
      expect.arrayContaining(["Amount kept as text", "Payment reference cut"]),
    );
    expect(payments.map((p) => p["payment_reference"])).toContain(
      '=HYPERLINK("http://example.com","click")',
    );
  });

  it("puts every allocation of every payment on the linked sheet, with its payment's id", async () => {
    const payments = await rawPayments(session.sandbox);
    const allocations = payments.flatMap((payment) => {
      const list = payment["allocations"];
      expect(Array.isArray(list) && list.length > 0).toBe(true);
      return (list as JsonRecord[]).map((allocation) => {
        // The allocation's own payment_id agrees with the payment it came in.
        expect(allocation["payment_id"]).toBe(payment["id"]);
        const { payment_reference, currency_code } = payment;
        return { ...allocation, payment_reference, currency_code } as JsonRecord;
      });
    });
    expect(allocations.length).toBeGreaterThan(payments.length);
    const table = await tableInfo(session, "PaymentAllocations");
    expect(table).toMatchObject({ sheet: "Payment allocations", rowCount: allocations.length });
    const headers = table!.headers;
    expect([...headers].sort()).toEqual(
      [...ALLOCATION_COLUMNS.map(([header]) => header), "Import notes"].sort(),
    );
    const rows = await sheetRows(session, "Payment allocations", headers, allocations.length);
    allocations.forEach((allocation, row) => {
      expectRow(ALLOCATION_COLUMNS, allocation, rows[row]!, `allocation ${row}`);
    });
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
      let lines = 0;
      all.forEach((record, row) => {
        for (const [path, value] of leaves(record)) {
          const column = columnOf(headers, path);
          // A null where other records hold an object (staff) has that object's columns instead.
          if (column < 0 && value === null) continue;
          expect([path.join("."), column >= 0]).toEqual([path.join("."), true]);
          if (path.join(".") === "lines" && Array.isArray(value)) {
            // The lines are on a sheet of their own; the record's cell counts them.
            expect([path.join("."), grid[row]![column]]).toEqual([path.join("."), value.length]);
            lines += value.length;
          } else {
            expectCell(path, value, grid[row]![column]!, formats[column]!);
          }
          checked += 1;
        }
      });
      expect(checked).toBeGreaterThan(all.length * 10);
      if (lines > 0) {
        const noun = label.replace(/s$/, "");
        const linesTable = await tableInfo(session, `${noun.replace(" ", "")}Lines`);
        expect(linesTable).toMatchObject({ sheet: `${noun} lines`, rowCount: lines });
      }
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

/** Changes the sandbox's injected faults (docs/sandbox.md), or turns them all off with null. */
async function setFaults(sandbox: RunningSandbox, faults: object | null): Promise<void> {
  await (faults === null ? clearFaults(sandbox) : injectFaults(sandbox, faults));
}

/** The sandbox's request count at each change during `forMs`, starting with the current one. */
async function requestCounts(sandbox: RunningSandbox, forMs: number): Promise<number[]> {
  const seen = [sandbox.stats().requests];
  for (const end = Date.now() + forMs; Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = sandbox.stats().requests;
    if (now !== seen[seen.length - 1]) seen.push(now);
  }
  return seen;
}

describe("cancelling an import", () => {
  /** Slow enough that the import is still fetching when Cancel is pressed. */
  const LATENCY_MS = 150;
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ sandbox: { records: { invoices: 2_000 } } });
    await connected(session);
  }, 60_000);

  afterAll(async () => {
    if (session) await setFaults(session.sandbox, null);
    await session?.close();
  });

  it("stops fetching, keeps the rows fetched so far and marks the sheet partial", async () => {
    const { pane, sandbox } = session;
    await setFaults(sandbox, { latencyMs: LATENCY_MS });
    await pane.getByLabel("Collection").selectOption("invoices");
    await pane.getByRole("button", { name: "Import", exact: true }).click();
    await pane
      .locator("#import-counts")
      .filter({ hasText: /[1-9]\d* records/ })
      .waitFor();
    expect(await pane.getByRole("progressbar").getAttribute("aria-valuetext")).toMatch(/records/);
    // The import is fetching page after page: time two requests to know how soon a third comes.
    const started = Date.now();
    await sandbox.nextApiRequest();
    await sandbox.nextApiRequest();
    const perRequestMs = (Date.now() - started) / 2;

    await pane.getByRole("button", { name: "Cancel" }).click();
    const status = pane.locator("#import-status");
    await status.filter({ hasText: /Cancelled/ }).waitFor();
    // Running on, the import would ask again within one request's time; wait three of them.
    expect(await requestCounts(sandbox, Math.max(3 * perRequestMs, 3 * LATENCY_MS))).toHaveLength(
      1,
    );

    const table = await tableInfo(session, "Invoices");
    expect(table).not.toBeNull();
    const rows = table!.rowCount;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(2_000);
    expect(await status.innerText()).toMatch(
      new RegExp(
        `Cancelled\\. ${rows.toLocaleString("en-US")} records were imported; the sheet is marked partial`,
      ),
    );
    // The status line above the table says partial, and how many rows it holds.
    expect(String((await cell(session, "Invoices", "A1")).value)).toMatch(
      new RegExp(`^PARTIAL · Invoices · ${rows.toLocaleString("en-US")} records · cancelled `),
    );
    // Those rows are the list's first records, in order.
    await setFaults(sandbox, null);
    // Column A is the invoice number (what people read first).
    const first = (await records(sandbox, "/invoices"))
      .slice(0, rows)
      .map((r) => [r["invoice_number"]]);
    expect(await values(session, "Invoices", `A4:A${3 + rows}`)).toEqual(first);
    await expect(pane.getByRole("button", { name: "Cancel" }).isVisible()).resolves.toBe(false);
    await expect(
      pane.getByRole("button", { name: "Import", exact: true }).isEnabled(),
    ).resolves.toBe(true);
  });
});
