import { ColumnRank, columnRank, inReadingOrder } from "../../../src/sheets/columnOrder";
import { ALLOCATION_COLUMN_SPECS, PAYMENT_COLUMN_SPECS } from "../../../src/sheets/shapePayments";
import { IMPORT_NOTES_KEY } from "../../../src/sheets";

describe("columnRank()", () => {
  it.each([
    [["invoice_number"], ColumnRank.Number],
    [["reference"], ColumnRank.Number],
    [["transaction_reference"], ColumnRank.Number],
    [["issue_date"], ColumnRank.Date],
    [["contact", "name"], ColumnRank.Party],
    [["vendor", "display_name"], ColumnRank.Party],
    [["staff"], ColumnRank.Party],
    [["total"], ColumnRank.Amount],
    [["tax_total"], ColumnRank.Amount],
    [["amount_due"], ColumnRank.Amount],
    [["status"], ColumnRank.Status],
    [["journal_status"], ColumnRank.Status],
    [["currency_code"], ColumnRank.Currency],
    [["currency"], ColumnRank.Currency],
    [["destination_account", "account_number"], ColumnRank.Other],
    [["id"], ColumnRank.Id],
    [["contact", "id"], ColumnRank.Id],
    [["vendor_id"], ColumnRank.Id],
  ])("%j ranks %i", (path, rank) => {
    expect(columnRank(path)).toBe(rank);
  });

  it("ranks a field whose values are all UUIDs with the ids, whatever its name", () => {
    expect(columnRank(["owner"], ["9f459972-2dd8-4caa-8b7b-90841590111a"])).toBe(ColumnRank.Id);
    expect(columnRank(["owner"], ["9f459972-2dd8-4caa-8b7b-90841590111a", "Ann"])).toBe(
      ColumnRank.Other,
    );
  });

  it("keeps the server's order within a rank", () => {
    expect(
      inReadingOrder(["b_id", "memo", "total", "a_id", "note"], (k) => columnRank([k])),
    ).toEqual(["total", "memo", "note", "b_id", "a_id"]);
  });

  it("is the order of the Payments and Payment allocations sheets: human keys first, ids last", () => {
    for (const specs of [PAYMENT_COLUMN_SPECS, ALLOCATION_COLUMN_SPECS]) {
      const ranks = specs
        .filter((spec) => spec.key !== IMPORT_NOTES_KEY)
        .map((spec) => columnRank(spec.key.split(".")));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(ranks.at(-1)).toBe(ColumnRank.Id);
    }
  });
});
