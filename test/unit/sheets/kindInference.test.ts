import { JsonNumber } from "../../../src/api";
import {
  inferColumnKind,
  inferKind,
  isDateName,
  isMoneyName,
  isRateName,
  isTimestampName,
} from "../../../src/sheets/kindInference";
import { claimHeader, fieldWords, headerForPath } from "../../../src/sheets/fieldNames";

describe("kindInference.ts", () => {
  describe("isMoneyName()", () => {
    it.each([
      "amount",
      "total",
      "sub_total",
      "subTotal",
      "tax_total",
      "tax",
      "tax_amount",
      "price",
      "unit_price",
      "balance",
      "paid",
      "due",
      "amount_due",
      "amount_paid",
      "credit",
      "debit",
      "forex_debit",
      "cost",
      "remaining_credit",
      "remaining_balance",
      "discount",
      "total_usd",
    ])("%s names an amount", (key) => {
      expect(isMoneyName(key)).toBe(true);
    });

    it.each([
      "tax_id",
      "credit_note_number",
      "debit_note_id",
      "amount_type",
      "due_date",
      "paid_at",
      "tax_rate",
      "discount_percent",
      "due_days",
      "total_count",
      "reference",
      "invoice_number",
      "quantity",
      "payment_method",
    ])("%s does not name an amount", (key) => {
      expect(isMoneyName(key)).toBe(false);
    });
  });

  describe("name tests for rates, dates and timestamps", () => {
    it("recognise the last word of the key", () => {
      expect(["exchange_rate", "tax_rate", "rate", "fxRate"].every(isRateName)).toBe(true);
      expect(isRateName("rate_type")).toBe(false);
      expect(["date", "due_date", "issueDate"].every(isDateName)).toBe(true);
      expect(isDateName("date_format")).toBe(false);
      expect(["created_at", "updatedAt"].every(isTimestampName)).toBe(true);
      expect(isTimestampName("at")).toBe(false);
      expect(isTimestampName("format")).toBe(false);
    });
  });

  describe("inferKind()", () => {
    it("follows the JSON type for booleans and numbers", () => {
      expect(inferKind("is_test", true)).toBe("boolean");
      expect(inferKind("quantity", 3)).toBe("integer");
      expect(inferKind("quantity", 2.5)).toBe("number");
      expect(inferKind("total", 12)).toBe("integer");
    });

    it("makes arrays text (written as JSON)", () => {
      expect(inferKind("lines", [{ amount: "1.00" }])).toBe("text");
    });

    it("makes a two-decimal string under a money name money", () => {
      expect(inferKind("total", "22725.56")).toBe("money");
      expect(inferKind("amount_due", "-0.01")).toBe("money");
      expect(inferKind("total", "98765432109876.54")).toBe("money");
    });

    it("keeps other strings under a money name text: the value must look like an amount", () => {
      expect(inferKind("total", "12.34567")).toBe("text");
      expect(inferKind("total", "abc")).toBe("text");
      expect(inferKind("total", "1E5")).toBe("text");
    });

    it("takes decimal text of at most four decimals (trailing zeros aside) under a money name as money", () => {
      // Three for KWD or BHD amounts, four for CLF (ISO 4217): each cell is checked against its
      // record's currency.
      expect(inferKind("total", "1.005")).toBe("money");
      expect(inferKind("total", "1.0005")).toBe("money");
      expect(inferKind("total", "100.0")).toBe("money");
      expect(inferKind("total", "12.5")).toBe("money");
      expect(inferKind("total", "12")).toBe("money");
      expect(inferKind("total", "12.3000")).toBe("money");
    });

    it("makes decimal text under a rate name a rate", () => {
      expect(inferKind("exchange_rate", "1.00")).toBe("rate");
      expect(inferKind("exchange_rate", "1.2345")).toBe("rate");
      expect(inferKind("exchange_rate", "n/a")).toBe("text");
    });

    it("makes YYYY-MM-DD under a date name a date, and a date-time under a date or _at name a datetime", () => {
      expect(inferKind("due_date", "2026-01-15")).toBe("date");
      expect(inferKind("transaction_date", "2026-01-15T10:00:00Z")).toBe("datetime");
      expect(inferKind("created_at", "2026-01-15T04:14:25.000Z")).toBe("datetime");
      expect(inferKind("created_at", "2026-01-15")).toBe("text");
      expect(inferKind("created_at", "2026-01-15T04:14:25")).toBe("text");
    });

    it("decides by shape, so an impossible date under a date name still makes a date column", () => {
      expect(inferKind("due_date", "2026-02-30")).toBe("date");
    });

    it("keeps ids, codes, numbers and references text, however numeric or date-like they look", () => {
      expect(inferKind("reference", "00123")).toBe("text");
      expect(inferKind("reference", "1E5")).toBe("text");
      expect(inferKind("reference", "TRUE")).toBe("text");
      expect(inferKind("reference", "2024-01-02")).toBe("text");
      expect(inferKind("account_code", "1000")).toBe("text");
      expect(inferKind("invoice_number", "12.50")).toBe("text");
      expect(inferKind("tax_id", "10.00")).toBe("text");
      expect(inferKind("id", "2026-01-15")).toBe("text");
    });
  });
});

describe("fieldNames.ts", () => {
  describe("fieldWords()", () => {
    it("splits at underscores, hyphens, spaces and camelCase", () => {
      expect(fieldWords("sub_total")).toEqual(["sub", "total"]);
      expect(fieldWords("createdAt")).toEqual(["created", "At"]);
      expect(fieldWords("HTTPStatus")).toEqual(["HTTP", "Status"]);
      expect(fieldWords("credit-note number")).toEqual(["credit", "note", "number"]);
      expect(fieldWords("__")).toEqual([]);
    });
  });

  describe("headerForPath()", () => {
    it.each([
      [["sub_total"], "money", "Sub total"],
      [["contact", "name"], "text", "Contact name"],
      [["invoice_id"], "text", "Invoice ID"],
      [["id"], "text", "ID"],
      [["receipt_url"], "text", "Receipt URL"],
      [["created_at"], "datetime", "Created at (UTC)"],
      [["transaction_date"], "datetime", "Transaction date (UTC)"],
      [["due_date"], "date", "Due date"],
      [["VATNumber"], "text", "VAT number"],
      [["deposit_account", "code"], "text", "Deposit account code"],
    ] as const)("%j (%s) reads %j", (path, kind, header) => {
      expect(headerForPath(path, kind)).toBe(header);
    });

    it("shows a key without words as it is, and an empty key as Unnamed field", () => {
      expect(headerForPath(["__"], "text")).toBe("__");
      expect(headerForPath([""], "text")).toBe("Unnamed field");
    });

    it("keeps headers to 255 characters, the (UTC) included", () => {
      const header = headerForPath(["x".repeat(300) + "_at"], "datetime");
      expect(header.length).toBe(255);
      expect(header.endsWith(" (UTC)")).toBe(true);
    });
  });

  describe("claimHeader()", () => {
    it("numbers a header already taken, ignoring case as Excel does", () => {
      const taken = new Set<string>();
      expect(claimHeader("Sub total", taken)).toBe("Sub total");
      expect(claimHeader("sub total", taken)).toBe("sub total (2)");
      expect(claimHeader("Sub total", taken)).toBe("Sub total (3)");
    });
  });
});

describe("kindInference.ts inferColumnKind()", () => {
  it('does not let a first "100.0" make a money column text', () => {
    expect(inferColumnKind("total", ["100.0", "12.30", "7.05"])).toBe("money");
  });

  it("decides from most of the values, not the first", () => {
    expect(inferColumnKind("total", ["n/a", "12.30", "7.05"])).toBe("money");
    expect(inferColumnKind("quantity", ["12.30", 4, 5])).toBe("integer");
    expect(inferColumnKind("quantity", [1.5, 4, 5])).toBe("number");
    expect(
      inferColumnKind("due_date", ["2026-01-15", "2026-01-15T10:00:00Z", "2026-01-16T10:00:00Z"]),
    ).toBe("datetime");
    expect(inferColumnKind("total", ["12.30", 4])).toBe("money");
  });

  it("counts exact big numbers as numbers of their kind", () => {
    const big = new JsonNumber("9007199254740993");
    expect(inferColumnKind("count", [big, 1, 2])).toBe("integer");
    expect(inferColumnKind("count", [new JsonNumber("1.00000000000000000001"), 1])).toBe("number");
  });

  it("keeps text when no kind fits more than half of the values", () => {
    expect(inferColumnKind("reference", ["A-1", "B-2", 5])).toBe("text");
    expect(inferColumnKind("total", ["abc", "def", "12.30"])).toBe("text");
    expect(inferColumnKind("count", ["abc", 4])).toBe("text");
    expect(inferColumnKind("count", [])).toBe("text");
  });

  it("ignores empty values when counting", () => {
    expect(inferColumnKind("count", [null, "", [], 4])).toBe("integer");
  });
});
