// LEDGER.LIST and nested record lists: an invoice's lines show as their count in LIST("invoices"),
// as on the imported sheet, and LIST("invoice lines") gives the lines themselves, one row each
// with the invoice's number and id, as the linked sheet does.
import type {
  CollectionPage,
  CollectionParams,
  JournalResponse,
  JsonRecord,
  PaymentsPage,
} from "../../../src/api";
import { FormulaError, LedgerFormulas, type FormulaApi } from "../../../src/formulas";
import { collectionRecords } from "../sheets/sandboxRecords";

const INVOICES = collectionRecords("invoices", 0, 30);

class InvoicesApi implements FormulaApi {
  async listCollectionPage(_path: string, params: CollectionParams): Promise<CollectionPage> {
    const start = params.lastId === undefined ? 0 : Number(params.lastId);
    const end = Math.min(start + (params.size ?? 20), INVOICES.length);
    const more = end < INVOICES.length;
    return {
      data: INVOICES.slice(start, end),
      lastId: more ? String(end) : null,
      keyset: more ? "k" : "",
      status: true,
      message: "OK",
    };
  }

  async listPayments(): Promise<PaymentsPage> {
    throw new Error("not asked for");
  }

  async getJournal(): Promise<JournalResponse> {
    throw new Error("not asked for");
  }
}

function formulas(): LedgerFormulas {
  return new LedgerFormulas({ connection: () => ({ api: new InvoicesApi() }) });
}

function linesOf(invoice: JsonRecord): JsonRecord[] {
  return invoice["lines"] as JsonRecord[];
}

/** The table's rows as objects keyed by its header. */
function byHeader(table: unknown[][]): Record<string, unknown>[] {
  const [header, ...rows] = table as string[][];
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
}

describe("LEDGER.LIST and nested lists", () => {
  it("shows each invoice's lines as their count, not as JSON text", async () => {
    const table = await formulas().list("invoices", 30);
    const rows = byHeader(table);
    expect(rows.map((row) => row["Lines"])).toEqual(
      INVOICES.map((invoice) => linesOf(invoice).length),
    );
    expect(table.flat().some((cell) => typeof cell === "string" && cell.startsWith("[{"))).toBe(
      false,
    );
  });

  it("lists the lines of the newest invoices, each with its invoice's number and id", async () => {
    const table = await formulas().list("Invoice lines", 10);
    expect(table[0]![0]).toBe("Invoice number");
    const expected = INVOICES.slice(0, 10).flatMap((invoice) =>
      linesOf(invoice).map((line) => ({
        number: invoice["invoice_number"],
        id: invoice["id"],
        description: line["description"],
      })),
    );
    expect(
      byHeader(table).map((row) => ({
        number: row["Invoice number"],
        id: row["Invoice ID"],
        description: row["Description"],
      })),
    ).toEqual(expected);
  });

  it("says which lists there are not, rather than guess", async () => {
    const error = await formulas()
      .list("invoice payments", 5)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormulaError);
    expect((error as Error).message).toBe("Invoices hold no list named “payments”.");
  });
});
