import {
  FORMAT_ARRAY_CELL_BYTES,
  layoutFor,
  shapersFor,
  withBytes,
} from "../../../src/sheets/collectionShapers";
import type { Payment } from "../../../src/api";
import { estimateRowBytes } from "../../../src/sheets";

describe("withBytes()", () => {
  it("estimates the rows' values plus, on every row, a format element per column holding text", () => {
    const rows = [
      ["INV-1", 12.5],
      ["INV-2", "1E5"],
    ];
    const shaped = withBytes({ rows, textCells: [{ row: 1, column: 1 }], misfits: [], notes: [] });
    // Column 1 gets a format per cell (one range), so both rows carry its element.
    expect(shaped.rowBytes).toEqual([
      estimateRowBytes(rows[0]!) + FORMAT_ARRAY_CELL_BYTES,
      estimateRowBytes(rows[1]!) + FORMAT_ARRAY_CELL_BYTES,
    ]);
    expect(shaped.bytes).toBe(shaped.rowBytes[0]! + shaped.rowBytes[1]!);
  });

  it("adds nothing for a block without text cells in other columns", () => {
    const rows = [["INV-1", 12.5]];
    expect(withBytes({ rows, textCells: [], misfits: [], notes: [] }).bytes).toBe(
      estimateRowBytes(rows[0]!),
    );
  });
});

describe("shapersFor()", () => {
  function payment(id: string, allocations: number): Payment {
    return {
      id,
      type: "BILL_PAYMENT",
      amount: `${allocations}.00`,
      status: "PAID",
      vendor: { id: "v", display_name: "Vendor" },
      vendor_id: "v",
      account_id: "a",
      documents: [],
      created_at: "2026-01-01T00:00:00Z",
      project_id: "p",
      allocations: Array.from({ length: allocations }, (_, n) => ({
        id: `${id}-${n}`,
        amount: "1.00",
        bill_id: "b",
        payment_id: id,
        bill_reference: "B-1",
      })),
      payment_date: "2026-01-01T00:00:00Z",
      currency_code: "USD",
      exchange_rate: "1.00",
      journal_status: "POSTED",
      payment_method: "BANK",
      journal_entry_id: "j",
      payment_reference: "r",
      destination_account: { bank: "Bank", account_number: "001" },
    };
  }

  it("tells how many allocation rows each payment of a page has", () => {
    const page = shapersFor("payments").shapePage(
      [],
      [payment("p1", 2), payment("p2", 0), payment("p3", 3)],
    );
    expect(page.main.rows).toHaveLength(3);
    expect(page.linked!.rows).toHaveLength(5);
    expect(page.linked!.perRecord).toEqual([2, 0, 3]);
    // Payment ID, after Payment reference, Bill reference, Currency and Amount.
    expect(page.linked!.rows.map((row) => row[4])).toEqual(["p1", "p1", "p3", "p3", "p3"]);
  });
});

describe("layoutFor()", () => {
  it("keeps plain names for the workbook's first project and names the others' after them", () => {
    expect(layoutFor("Invoices", { label: "Acme", first: true })).toEqual({
      sheetName: "Invoices",
      tableName: "Invoices",
      project: { label: "Acme", first: true },
    });
    expect(layoutFor("Credit notes", { label: "other-company", first: false })).toMatchObject({
      sheetName: "Credit notes (other-company)",
      tableName: "CreditNotes_OtherCompany",
    });
  });

  it("names the first project on a new sheet once the workbook has several, its table plain", () => {
    expect(layoutFor("Invoices", { label: "Acme", first: true, named: true })).toMatchObject({
      sheetName: "Invoices (Acme)",
      tableName: "Invoices",
    });
  });

  it("cuts the collection's name, never the project's, to fit a sheet name", () => {
    const layout = layoutFor("Payment allocations", {
      label: "Acme Holdings UK Ltd",
      first: false,
    });
    expect(layout.sheetName).toBe("Payment… (Acme Holdings UK Ltd)");
    expect(layout.sheetName.length).toBeLessThanOrEqual(31);
    expect(layout.tableName).toBe("PaymentAllocations_AcmeHoldingsUKLtd");
  });

  it("gives two projects' imports of one collection different tables", () => {
    const a = layoutFor("Invoices", { label: "2024 Co", first: false });
    const b = layoutFor("Invoices", { label: "2025 Co", first: false });
    expect(a.tableName).toBe("Invoices_2024Co");
    expect(b.tableName).not.toBe(a.tableName);
  });
});
