import type { JsonRecord, Payment } from "../../../src/api";
import { serialToIsoDateTime } from "../../../src/sheets/excelDates";
import {
  ALLOCATION_COLUMN_SPECS,
  createAllocationsShaper,
  createPaymentsShaper,
  PAYMENT_COLUMN_SPECS,
} from "../../../src/sheets/shapePayments";
import { paymentRecords, payments } from "./sandboxRecords";

// Reading order: reference, date, parties, currency and amount, statuses, the rest, ids last.
const PAYMENT_HEADERS = [
  "Payment reference",
  "Payment date (UTC)",
  "Vendor",
  "Staff",
  "Currency",
  "Amount",
  "Status",
  "Journal status",
  "Exchange rate",
  "Type",
  "Payment method",
  "Destination bank",
  "Destination account number",
  "Documents",
  "Allocations",
  "Created at (UTC)",
  "Payment ID",
  "Vendor ID",
  "Account ID",
  "Journal entry ID",
  "Project ID",
  "Staff ID",
  "Import notes",
];

const column = (header: string): number => PAYMENT_HEADERS.indexOf(header);

/**
 * Allocation rows with their ids first (Payment ID, Allocation ID, Bill ID, Bill reference,
 * Amount, notes); the payment's reference and currency are checked on their own.
 */
function idsFirst<T>(rows: readonly (readonly T[])[]): T[][] {
  return rows.map((row) => [4, 5, 6, 1, 3, 7].map((c) => row[c] as T));
}

/** A copy of a payment with some fields replaced (the typed fields stay as they are). */
function withFields(payment: Payment, fields: Partial<Payment>): Payment {
  return { ...payment, ...fields };
}

describe("shapePayments.ts", () => {
  describe("createPaymentsShaper()", () => {
    it("has the known payment columns in reading order, Import notes last", () => {
      const shaper = createPaymentsShaper();
      expect(shaper.columns().map((c) => c.header)).toEqual(PAYMENT_HEADERS);
      expect(shaper.columns()).toBe(shaper.columns());
      expect(PAYMENT_COLUMN_SPECS).toEqual(shaper.columns());
    });

    it("gives each column the kind its values need: ids and references are text", () => {
      const kinds = Object.fromEntries(
        createPaymentsShaper()
          .columns()
          .map((c) => [c.header, c.kind]),
      );
      expect(kinds).toEqual({
        "Payment ID": "text",
        "Payment date (UTC)": "datetime",
        Vendor: "text",
        "Vendor ID": "text",
        Amount: "money",
        Currency: "text",
        "Exchange rate": "rate",
        Type: "text",
        Status: "text",
        "Payment method": "text",
        "Payment reference": "text",
        "Destination bank": "text",
        "Destination account number": "text",
        "Account ID": "text",
        "Journal status": "text",
        "Journal entry ID": "text",
        "Project ID": "text",
        "Staff ID": "text",
        Staff: "text",
        Documents: "text",
        Allocations: "integer",
        "Created at (UTC)": "datetime",
        "Import notes": "text",
      });
    });

    it("shapes the sandbox's payment #2 into exactly this row", () => {
      const block = createPaymentsShaper().shapePayments(payments(2, 3));
      const id = "4c20a23e-2733-4f77-b028-8810f49b1260";
      const staffId = "dac469e8-9569-40e3-b081-76b2ace5d1b9";
      const tenthAt214022 = 46032 + (21 * 3600 + 40 * 60 + 22) / 86400; // 2026-01-10T21:40:22Z
      expect({ ...block, rows: [], rowValueBytes: [] }).toEqual({
        rows: [],
        textCells: [],
        misfits: [],
        notes: [],
        rowValueBytes: [],
      });
      expect(block.rows).toHaveLength(1);
      const byHeader = Object.fromEntries(
        PAYMENT_HEADERS.map((header, c) => [header, block.rows[0]?.[c]]),
      );
      expect(byHeader).toEqual({
        "Payment ID": id,
        "Payment date (UTC)": tenthAt214022,
        Vendor: "Greenfield Landlords",
        "Vendor ID": "3d8f5a76-d7b5-4802-b815-120177d3c3c0",
        Amount: 0,
        Currency: "USD",
        "Exchange rate": 1,
        Type: "BILL_PAYMENT",
        Status: "FAILED",
        "Payment method": "BANK_TRANSFER",
        "Payment reference": "+1",
        "Destination bank": "Banco Atlântico",
        "Destination account number": "000532429961",
        "Account ID": "77e63ad5-e209-4860-b0dc-906e2b1c6f40",
        "Journal status": "DRAFT",
        "Journal entry ID": "JE-A9E35BE8",
        "Project ID": "demo-company",
        "Staff ID": staffId,
        // The staff object by its name, the documents as a list (was raw JSON text).
        Staff: "Maria López",
        Documents: "2 items: invoice-scan.png; note: paid early for discount",
        Allocations: 1,
        "Created at (UTC)": tenthAt214022,
        "Import notes": "",
      });
      expect(serialToIsoDateTime(tenthAt214022)).toBe("2026-01-10T21:40:22.000Z");
    });

    it("shapes payment #0: a formula-like reference stays literal, an absent staff is empty", () => {
      const [row] = createPaymentsShaper().shapePayments(payments(0, 1)).rows;
      expect(row?.[column("Payment reference")]).toBe('=HYPERLINK("http://example.com","click")');
      expect(row?.[column("Destination account number")]).toBe("000123456789");
      expect(row?.[column("Amount")]).toBe(17949.57);
      // One document, by its file name.
      expect(row?.[column("Documents")]).toBe("remittance.pdf");
      expect(row?.[column("Allocations")]).toBe(3);
      expect(row?.[column("Staff ID")]).toBe("");
      expect(row?.[column("Staff")]).toBe("");
    });

    it("keeps payment #1's 16-digit amount as exact text, flagged and noted", () => {
      const block = createPaymentsShaper().shapePayments(payments(0, 3));
      const amount = column("Amount");
      expect(block.rows[1]?.[amount]).toBe("98765432109876.54");
      expect(block.textCells).toEqual([{ row: 1, column: amount }]);
      expect(block.notes).toEqual([
        { row: 1, message: "Amount kept as text: more than 15 significant digits" },
      ]);
      expect(block.rows[1]?.[column("Import notes")]).toBe(
        "Amount kept as text: more than 15 significant digits",
      );
      expect(block.rows[1]?.[column("Staff")]).toBe(""); // null
      expect(block.rows[1]?.[column("Documents")]).toBe(""); // []
    });

    it("gives every row exactly one cell per column", () => {
      const shaper = createPaymentsShaper();
      const block = shaper.shapePayments(payments(0, 45));
      expect(block.rows).toHaveLength(45);
      for (const row of block.rows) expect(row).toHaveLength(shaper.columns().length);
    });

    it("shapes raw JSON records exactly as the parsed payments", () => {
      const fromRecords = createPaymentsShaper().shape(paymentRecords(0, 20));
      const fromPayments = createPaymentsShaper().shapePayments(payments(0, 20));
      expect(fromRecords).toEqual(fromPayments);
    });

    it("writes staff_id of any JSON type as text: a string as it is, anything else as JSON", () => {
      const [base] = payments(0, 1);
      if (!base) throw new Error("no payment");
      const rows = createPaymentsShaper().shapePayments([
        withFields(base, { staff_id: 42 }),
        withFields(base, { staff_id: { id: "s-1" } }),
        withFields(base, { staff_id: "00042" }),
        withFields(base, { staff_id: null, staff: ["a", 1] }),
      ]).rows;
      expect(rows.map((row) => row[column("Staff ID")])).toEqual([
        "42",
        '{"id":"s-1"}',
        "00042",
        "",
      ]);
      expect(rows[3]?.[column("Staff")]).toBe("2 items: a; 1");
    });

    it("shows a staff object by its name, as Vendor shows the vendor, and one without a name as JSON", () => {
      const [base] = payments(0, 1);
      if (!base) throw new Error("no payment");
      const rows = createPaymentsShaper().shapePayments([
        withFields(base, { staff: { id: "s-9", name: "Aiko Tanaka" }, staff_id: "s-9" }),
        withFields(base, { staff: { id: "s-9", display_name: "A. Tanaka" } }),
        withFields(base, { staff: { id: "s-9" } }),
        withFields(base, { staff: "Aiko" }),
      ]).rows;
      expect(rows.map((row) => row[column("Staff")])).toEqual([
        "Aiko Tanaka",
        "A. Tanaka",
        '{"id":"s-9"}',
        "Aiko",
      ]);
      expect(rows[0]?.[column("Staff ID")]).toBe("s-9");
    });

    it("ignores fields outside the contract, as the API client's parser does", () => {
      const [record] = paymentRecords(0, 1);
      const shaper = createPaymentsShaper();
      const before = shaper.columns();
      shaper.shape([{ ...(record as JsonRecord), memo: "extra" }]);
      expect(shaper.columns()).toBe(before);
    });

    it("notes an allocations field that is not a list", () => {
      const [record] = paymentRecords(0, 1);
      const block = createPaymentsShaper().shape([
        { ...(record as JsonRecord), allocations: "n/a" },
      ]);
      expect(block.rows[0]?.[column("Allocations")]).toBe("n/a");
      expect(block.textCells).toEqual([{ row: 0, column: column("Allocations") }]);
      expect(block.notes[0]?.message).toBe(
        "Allocations kept as text: expected a whole number, got a string",
      );
    });

    it("gives no rows for no payments", () => {
      expect(createPaymentsShaper().shapePayments([])).toEqual({
        rows: [],
        textCells: [],
        misfits: [],
        notes: [],
        rowValueBytes: [],
      });
    });
  });

  describe("createAllocationsShaper()", () => {
    it("has the payment's reference, Bill reference, Currency next to Amount, then the ids and Import notes", () => {
      const columns = createAllocationsShaper().columns();
      expect(columns.map((c) => [c.header, c.kind, c.key])).toEqual([
        ["Payment reference", "text", "payment_reference"],
        ["Bill reference", "text", "bill_reference"],
        ["Currency", "text", "currency_code"],
        ["Amount", "money", "amount"],
        ["Payment ID", "text", "payment_id"],
        ["Allocation ID", "text", "id"],
        ["Bill ID", "text", "bill_id"],
        ["Import notes", "text", "#import-notes"],
      ]);
      expect(ALLOCATION_COLUMN_SPECS).toEqual(columns);
    });

    it("carries each allocation's payment reference and currency from its payment", () => {
      const source = payments(0, 3);
      const block = createAllocationsShaper().shapePayments(source);
      const expected = source.flatMap((payment) =>
        payment.allocations.map(() => [payment.payment_reference, payment.currency_code]),
      );
      expect(block.rows.map((row) => [row[0], row[2]])).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    });

    it("gives one row per allocation of each payment, in order, linked by Payment ID", () => {
      const block = createAllocationsShaper().shapePayments(payments(0, 3));
      const first = "89b4705e-1b02-4558-8649-4e1b9f9ac9a1";
      const second = "7cfc1b74-e34f-4185-b494-21881e267f99";
      const third = "4c20a23e-2733-4f77-b028-8810f49b1260";
      // Listed here as Payment ID, Allocation ID, Bill ID, Bill reference, Amount, notes.
      expect(idsFirst(block.rows)).toEqual([
        [
          first,
          "74dda18a-5ac0-4b67-a40d-f262b5790508",
          "1823501d-61d5-4e8c-b217-a2cd9f95aca7",
          "BILL-796225",
          6503.1,
          "",
        ],
        [
          first,
          "0ac096a9-2aad-4089-80db-fd3d658d330e",
          "ea0bafd6-c0a9-434b-bc61-cb1700c0fe3c",
          "BILL-939806",
          9314.73,
          "",
        ],
        [
          first,
          "990f38fe-5af8-4104-acdf-1cf902ecafe4",
          "018f82b1-ee33-4263-8706-14ac4cfa7e87",
          "BILL-881650",
          2131.74,
          "",
        ],
        [
          second,
          "37db6928-a0c2-4beb-bf5f-365352d8993e",
          "65c2b8bb-3134-4946-af0b-3f085a291805",
          "BILL-409887",
          "98765432109876.54",
          "Amount kept as text: more than 15 significant digits",
        ],
        [
          third,
          "33b1c958-fac7-4efc-99a6-c000e11bf6cf",
          "bff20d47-86ae-47ba-a4f5-7ac2efb55ac3",
          "BILL-402733",
          0,
          "",
        ],
      ]);
      expect(block.textCells).toEqual([{ row: 3, column: 3 }]); // Amount
    });

    it("takes payment records in shape(), as in shapePayments()", () => {
      expect(createAllocationsShaper().shape(paymentRecords(0, 10))).toEqual(
        createAllocationsShaper().shapePayments(payments(0, 10)),
      );
    });

    it("links by the payment an allocation came in, noting an allocation that says otherwise", () => {
      const [base] = payments(0, 1);
      if (!base) throw new Error("no payment");
      const [allocation] = base.allocations;
      if (!allocation) throw new Error("no allocation");
      const odd = withFields(base, {
        allocations: [{ ...allocation, payment_id: "someone-else" }],
      });
      const block = createAllocationsShaper().shapePayments([odd]);
      expect(idsFirst(block.rows)[0]?.[0]).toBe(base.id);
      expect(block.notes).toEqual([
        {
          row: 0,
          message: `The allocation's own payment_id is "someone-else"; it came in this payment`,
        },
      ]);
    });

    it("gives a noted row for an allocation that is not an object, and none for a payment without a list", () => {
      const block = createAllocationsShaper().shape([
        { id: "p1", allocations: ["oops"] },
        { id: "p2", allocations: null },
        { id: "p3" },
      ]);
      expect(idsFirst(block.rows)).toEqual([
        ["p1", "", "", "", "", 'Allocation 1 of this payment is not an object: "oops"'],
      ]);
    });
  });
});
