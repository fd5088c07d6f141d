// LEDGER.LIST and LEDGER.PAYMENTS typed into the workbook beside the pane at Excel's default
// 320 px: their spills show dates as dates and amounts in their currency's decimals, as the
// imported sheets do, while the cells keep numbers (a date's serial, an amount's value).
import { currencyMinorUnits } from "../../src/money/currency";
import {
  activateSheet,
  BrowserSession,
  cells,
  connected,
  openPreview,
  typeCells,
  values,
} from "./harness";
import { seriousFindings } from "./helpers/axeFindings";

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320 });
  await connected(session);
}, 60_000);

afterAll(async () => {
  await session?.close();
});

const COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Enters `formula` in A1 of a sheet of its own and waits for its header and `rows` rows. */
async function spill(sheet: string, formula: string, rows: number): Promise<string[]> {
  await typeCells(session, sheet, "A1", [[formula]]);
  const last = `A${rows + 1}`;
  await session.page.waitForFunction(
    ([s, a]) => {
      const host = (
        window as unknown as { ledgerFakeHost: { cell(s: string, a: string): { value: unknown } } }
      ).ledgerFakeHost;
      return host.cell(s!, a!).value !== "";
    },
    [sheet, last],
  );
  const [header] = await values(session, sheet, "A1:Z1");
  return (header ?? []).map(String);
}

/** The address of the cells of the column headed `header`, rows 2 to `rows` + 1. */
function columnCells(headers: readonly string[], header: string, rows: number): string[] {
  const at = headers.indexOf(header);
  if (at < 0) throw new Error(`no column "${header}" in ${headers.join(", ")}`);
  return Array.from({ length: rows }, (_, i) => `${COLUMNS[at]}${i + 2}`);
}

describe("a spilled LEDGER.LIST at 320 px", () => {
  let headers: string[];

  beforeAll(async () => {
    headers = await spill("Invoices list", '=LEDGER.LIST("invoices", 5)', 5);
  }, 60_000);

  it("shows a date cell formatted as a date, its value the date's serial", async () => {
    const dateHeader = headers.find((h) => /date/i.test(h));
    expect(dateHeader).toBeDefined();
    const dates = await cells(session, "Invoices list", columnCells(headers, dateHeader!, 5));
    for (const date of dates) {
      expect(typeof date.value).toBe("number");
      expect(date.text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // The grid beside the pane shows what Excel would: the date, not 46045.
    await activateSheet(session, "Invoices list");
    const first = columnCells(headers, dateHeader!, 1)[0]!;
    const shown = session.page.locator(`#grid td[data-address="${first}"]`);
    expect(await shown.innerText()).toBe(dates[0]!.text);
  });

  it("shows each amount in its currency's decimals", async () => {
    const currencies = await cells(
      session,
      "Invoices list",
      columnCells(headers, "Currency code", 5),
    );
    const totalHeader =
      headers.find((h) => /^total$/i.test(h)) ?? headers.find((h) => /total/i.test(h));
    const totals = await cells(session, "Invoices list", columnCells(headers, totalHeader!, 5));
    let numbers = 0;
    totals.forEach((total, i) => {
      // An amount with more digits than a cell holds stays exact text (its Notes say why).
      if (typeof total.value !== "number") return;
      numbers += 1;
      const places = currencyMinorUnits(String(currencies[i]!.value)).places;
      const decimals = /\.(\d+)$/.exec(total.text)?.[1]?.length ?? 0;
      expect({ text: total.text, decimals }).toEqual({ text: total.text, decimals: places });
    });
    expect(numbers).toBeGreaterThan(0);
  });

  it("leaves the header and the ids as text", async () => {
    const [id] = await cells(session, "Invoices list", ["A2"]);
    expect(headers[0]).toBe("Invoice number");
    expect(typeof id!.value).toBe("string");
  });

  it("leaves nothing serious or critical for axe-core in the pane", async () => {
    expect(await seriousFindings(session.page)).toEqual([]);
  });
});

describe("a spilled LEDGER.PAYMENTS", () => {
  it("shows its payment dates as dates and its amounts with their decimals", async () => {
    const headers = await spill("Payments list", "=LEDGER.PAYMENTS(3)", 3);
    const dateHeader = headers.find((h) => /date/i.test(h));
    const dates = await cells(session, "Payments list", columnCells(headers, dateHeader!, 3));
    for (const date of dates) expect(date.text).toMatch(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/);
    const amounts = await cells(session, "Payments list", columnCells(headers, "Amount", 3));
    const numbers = amounts.filter((amount) => typeof amount.value === "number");
    expect(numbers.length).toBeGreaterThan(0);
    for (const amount of numbers) expect(amount.text).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/);
    // An amount with more digits than a cell holds stays exact text, as on the Payments sheet.
    for (const amount of amounts) {
      if (typeof amount.value === "string") expect(amount.value).toMatch(/^-?\d+\.\d+$/);
    }
  });
});
