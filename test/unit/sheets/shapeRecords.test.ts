import { summariseArray } from "../../../src/sheets/readableValues";
import fc from "fast-check";
import type { JsonRecord, JsonValue } from "../../../src/api";
import type { CellKind, ColumnSpec } from "../../../src/sheets/cells";
import { inferColumnKind } from "../../../src/sheets/kindInference";
import { toCell } from "../../../src/sheets/typedCells";
import { IMPORT_NOTES_KEY } from "../../../src/sheets/rowShaper";
import { createDiscoveringShaper } from "../../../src/sheets/shapeRecords";
import { EXCEL_CELL_TEXT_LIMIT, EXCEL_MAX_COLUMNS } from "../../../src/domain/excelLimits";
import { collectionRecords } from "./sandboxRecords";

const columnsOf = (specs: readonly ColumnSpec[]) => specs.map((c) => [c.key, c.header, c.kind]);

function isObject(value: JsonValue): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parse(text: string): JsonRecord {
  const value: JsonRecord = JSON.parse(text);
  return value;
}

describe("shapeRecords.ts", () => {
  describe("createDiscoveringShaper() on sandbox invoices", () => {
    const page = collectionRecords("invoices", 0, 20);

    it("discovers the invoice columns in reading order: number, date, contact, currency and amounts, status, the rest, ids last", () => {
      const shaper = createDiscoveringShaper();
      shaper.shape(page);
      expect(columnsOf(shaper.columns())).toEqual([
        ["invoice_number", "Invoice number", "text"],
        ["reference", "Reference", "text"],
        ["issue_date", "Issue date", "date"],
        ["due_date", "Due date", "date"],
        ["contact.name", "Contact name", "text"],
        ["currency_code", "Currency code", "text"],
        ["sub_total", "Sub total", "money"],
        ["tax_total", "Tax total", "money"],
        ["total", "Total", "money"],
        ["amount_paid", "Amount paid", "money"],
        ["amount_due", "Amount due", "money"],
        ["status", "Status", "text"],
        ["exchange_rate", "Exchange rate", "rate"],
        ["created_at", "Created at (UTC)", "datetime"],
        ["updated_at", "Updated at (UTC)", "datetime"],
        ["lines", "Lines", "text"],
        ["id", "ID", "text"],
        ["contact.id", "Contact ID", "text"],
        [IMPORT_NOTES_KEY, "Import notes", "text"],
      ]);
    });

    it("shapes invoice #0 into exactly this row", () => {
      const shaper = createDiscoveringShaper();
      const block = shaper.shape(page);
      // The cells by column key, in the order the fields come in the record.
      const byKey = new Map(shaper.columns().map((column, c) => [column.key, block.rows[0]?.[c]]));
      const inRecordOrder = [
        "id",
        "invoice_number",
        "reference",
        "status",
        "contact.id",
        "contact.name",
        "issue_date",
        "due_date",
        "currency_code",
        "exchange_rate",
        "sub_total",
        "tax_total",
        "total",
        "amount_paid",
        "amount_due",
        "created_at",
        "updated_at",
        "lines",
        IMPORT_NOTES_KEY,
      ];
      expect(inRecordOrder.map((key) => byKey.get(key))).toEqual([
        "9f459972-2dd8-4caa-8b7b-90841590111a",
        "INV-000137",
        '=HYPERLINK("http://example.com","click")',
        "VOIDED",
        "5cd60ddd-c47a-4e0a-8cb6-46af94a37452",
        "Maple Leaf Supplies",
        46036, // 2026-01-14
        46066, // 2026-02-13
        "USD",
        1,
        20659.6,
        2065.96,
        22725.56,
        0,
        0,
        46037 + (4 * 3600 + 14 * 60 + 25) / 86400, // 2026-01-15T04:14:25Z
        46037 + (16 * 3600 + 24 * 60 + 47) / 86400, // 2026-01-15T16:24:47Z
        JSON.stringify([
          {
            description: "Annual licence",
            quantity: "7.00",
            unit_price: "610.30",
            amount: "4272.10",
          },
          {
            description: "Support retainer",
            quantity: "5.00",
            unit_price: "1678.94",
            amount: "8394.70",
          },
          {
            description: "Annual licence",
            quantity: "8.00",
            unit_price: "999.10",
            amount: "7992.80",
          },
        ]),
        "",
      ]);
    });

    it.each([
      ["receipts", { "deposit_account.code": "text", receipt_date: "date", total: "money" }],
      ["bills", { vendor_reference: "text", bill_number: "text", amount_due: "money" }],
      ["credit-notes", { reason: "text", invoice_id: "text", remaining_credit: "money" }],
      ["debit-notes", { bill_id: "text", remaining_balance: "money" }],
      [
        "expenses",
        {
          "staff.name": "text",
          "category.code": "text",
          amount: "money",
          tax_amount: "money",
          receipt_url: "text",
          expense_date: "date",
        },
      ],
    ] as const)("gives %s columns the kinds their names and values call for", (list, kinds) => {
      const shaper = createDiscoveringShaper();
      shaper.shape(collectionRecords(list, 0, 20));
      const found = Object.fromEntries(shaper.columns().map((c) => [c.key, c.kind]));
      expect(found).toMatchObject(kinds);
    });
  });

  describe("createDiscoveringShaper()", () => {
    it("has no columns before it has seen a record, and none from an empty page", () => {
      const shaper = createDiscoveringShaper();
      expect(shaper.columns()).toEqual([]);
      expect(shaper.shape([])).toEqual({ rows: [], textCells: [], misfits: [], notes: [] });
      expect(shaper.columns()).toEqual([]);
    });

    it("puts what people look for first and ids last on the first page, wherever the records have them", () => {
      const shaper = createDiscoveringShaper();
      shaper.shape([
        {
          id: "1",
          name: "A",
          account_id: "acc-1",
          owner: "9f459972-2dd8-4caa-8b7b-90841590111a",
          status: "PAID",
          total: "1.00",
          vendor: { name: "V" },
          date: "2026-01-01",
          bill_number: "B-1",
        },
      ]);
      expect(shaper.columns().map((c) => c.key)).toEqual([
        "bill_number",
        "date",
        "vendor.name",
        "total",
        "status",
        "name",
        "id",
        "account_id",
        "owner",
        IMPORT_NOTES_KEY,
      ]);
    });

    it("flattens nested objects at any depth and summarises arrays; unnamed objects stay JSON", () => {
      const shaper = createDiscoveringShaper();
      const block = shaper.shape([
        {
          a: { b: { c_d: "x" } },
          tags: ["t1", "t2"],
          empty: [],
          files: [{ file_name: "a.pdf", url: "u" }, "b.pdf"],
          parts: [{ qty: 1 }],
        },
      ]);
      expect(columnsOf(shaper.columns())).toEqual([
        ["a.b.c_d", "A b c d", "text"],
        ["tags", "Tags", "text"],
        ["empty", "Empty", "text"],
        ["files", "Files", "text"],
        ["parts", "Parts", "text"],
        [IMPORT_NOTES_KEY, "Import notes", "text"],
      ]);
      expect(block.rows).toEqual([
        ["x", "2 items: t1; t2", "", "2 items: a.pdf; b.pdf", '[{"qty":1}]', ""],
      ]);
    });

    it("appends a field first seen on page 2 after Import notes; earlier columns and rows stay as they were", () => {
      const shaper = createDiscoveringShaper();
      const page1 = shaper.shape([{ id: "1", total: "1.00" }]);
      const before = shaper.columns();
      const page2 = shaper.shape([{ id: "2", total: "2.00", memo: "new" }]);
      const after = shaper.columns();
      expect(after.slice(0, before.length)).toEqual(before);
      expect(columnsOf(after)).toEqual([
        ["total", "Total", "money"],
        ["id", "ID", "text"],
        [IMPORT_NOTES_KEY, "Import notes", "text"],
        ["memo", "Memo", "text"],
      ]);
      expect(page1.rows).toEqual([[1, "1", ""]]);
      expect(page2.rows).toEqual([[2, "2", "", "new"]]);
    });

    it("gives a field no column while it has only been null, then appends it with the kind of its first value", () => {
      const shaper = createDiscoveringShaper();
      const page1 = shaper.shape([
        { id: "1", approved_at: null },
        { id: "2", approved_at: "" },
      ]);
      expect(page1.rows).toEqual([
        ["1", ""],
        ["2", ""],
      ]);
      shaper.shape([{ id: "3", approved_at: "2026-01-15T12:00:00Z" }]);
      expect(shaper.columns()[2]).toEqual({
        key: "approved_at",
        header: "Approved at (UTC)",
        kind: "datetime",
      });
    });

    it("never changes a column's kind: a later value that does not fit is noted text", () => {
      const shaper = createDiscoveringShaper();
      shaper.shape([{ total: "1.00", due_date: "2026-01-15" }]);
      const block = shaper.shape([
        { total: "abc", due_date: "2026-02-30" },
        { total: 5, due_date: 20260115 },
      ]);
      // Reading order: the date before the amount.
      expect(shaper.columns().map((c) => c.kind)).toEqual(["date", "money", "text"]);
      expect(block.rows).toEqual([
        [
          "2026-02-30",
          "abc",
          "Due date kept as text: not a date (YYYY-MM-DD); Total kept as text: not a decimal amount",
        ],
        ["20260115", 5, "Due date kept as text: expected a date (YYYY-MM-DD), got a number"],
      ]);
      expect(block.textCells).toEqual([
        { row: 0, column: 0 },
        { row: 0, column: 1 },
        { row: 1, column: 0 },
      ]);
      expect(block.notes).toEqual([
        { row: 0, message: "Due date kept as text: not a date (YYYY-MM-DD)" },
        { row: 0, message: "Total kept as text: not a decimal amount" },
        { row: 1, message: "Due date kept as text: expected a date (YYYY-MM-DD), got a number" },
      ]);
    });

    it("keeps headers unique, ignoring case, and never takes the Import notes header", () => {
      const shaper = createDiscoveringShaper();
      shaper.shape([{ sub_total: "1.00", subTotal: "2.00", import_notes: "mine" }]);
      expect(shaper.columns().map((c) => c.header)).toEqual([
        "Sub total",
        "Sub total (2)",
        "Import notes (2)",
        "Import notes",
      ]);
    });

    it("keeps keys unique when a key with a dot meets a nested field of the same path", () => {
      const shaper = createDiscoveringShaper();
      const block = shaper.shape([{ "a.b": "flat", a: { b: "nested" } }]);
      expect(shaper.columns().map((c) => c.key)).toEqual(["a.b", "a.b#2", IMPORT_NOTES_KEY]);
      expect(block.rows).toEqual([["flat", "nested", ""]]);
    });

    it("reads only a record's own fields: __proto__ and constructor are ordinary keys", () => {
      const shaper = createDiscoveringShaper();
      const block = shaper.shape([
        parse('{"__proto__": "p", "constructor": "c"}'),
        parse('{"other": "o"}'),
      ]);
      expect(shaper.columns().map((c) => c.key)).toEqual([
        "__proto__",
        "constructor",
        "other",
        IMPORT_NOTES_KEY,
      ]);
      expect(block.rows).toEqual([
        ["p", "c", "", ""],
        ["", "", "o", ""],
      ]);
    });

    it("gives records with no fields a row holding only the Import notes cell", () => {
      const shaper = createDiscoveringShaper();
      expect(shaper.shape([{}]).rows).toEqual([[""]]);
      expect(shaper.columns().map((c) => c.header)).toEqual(["Import notes"]);
    });

    it("stops at Excel's 16,384 columns, noting each row's fields that found no room", () => {
      const wide: JsonRecord = {};
      for (let i = 0; i < EXCEL_MAX_COLUMNS + 1; i++) wide[`f${i}`] = "v";
      const shaper = createDiscoveringShaper();
      const block = shaper.shape([wide, { f0: "w" }]);
      expect(shaper.columns()).toHaveLength(EXCEL_MAX_COLUMNS);
      expect(shaper.columns().at(-1)?.key).toBe(IMPORT_NOTES_KEY);
      expect(block.notes).toEqual([
        { row: 0, message: "f16383 not imported: a sheet has at most 16,384 columns" },
        { row: 0, message: "f16384 not imported: a sheet has at most 16,384 columns" },
      ]);
      expect(block.rows[1]?.[0]).toBe("w");
    });

    it("leaves a value column empty where the field holds an object, whose fields get columns", () => {
      const shaper = createDiscoveringShaper();
      shaper.shape([{ staff: "Ana" }]);
      const block = shaper.shape([{ staff: { name: "Bo" } }]);
      expect(shaper.columns().map((c) => c.key)).toEqual(["staff", IMPORT_NOTES_KEY, "staff.name"]);
      expect(block.rows).toEqual([["", "", "Bo"]]);
    });
  });

  describe("properties", () => {
    const textLike = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.constantFrom("=1+1", "+1", "-2", "@SUM(A1)", "00123", "1E5", "TRUE", "2024-01-02", ""),
    );

    it("any string in a text field is emitted unchanged, as a string", () => {
      fc.assert(
        fc.property(textLike, (text) => {
          const shaper = createDiscoveringShaper();
          const block = shaper.shape([{ reference: "PO-1" }, { reference: text }]);
          expect(block.rows[1]?.[0]).toBe(text);
          expect(block.textCells).toEqual([]);
        }),
        { numRuns: 1000 },
      );
    });

    it("a string over the cell limit is emitted as its prefix, with a note", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 200 }),
          fc.string({ unit: "binary", maxLength: 10 }),
          (extra, tail) => {
            const text = "r".repeat(EXCEL_CELL_TEXT_LIMIT + extra - tail.length) + tail;
            const block = createDiscoveringShaper().shape([{ reference: text }]);
            const cell = block.rows[0]?.[0];
            expect(typeof cell).toBe("string");
            expect(text.startsWith(String(cell))).toBe(true);
            expect(String(cell).length).toBeGreaterThanOrEqual(EXCEL_CELL_TEXT_LIMIT - 1);
            expect(block.notes.map((n) => n.message)).toEqual([
              `Reference truncated to 32,767 characters (of ${text.length.toLocaleString("en-US")})`,
            ]);
          },
        ),
        { numRuns: 50 },
      );
    });

    /** Values that exercise every kind rule and its misfits. */
    const fieldValue = (key: string): fc.Arbitrary<JsonValue> =>
      fc.oneof<fc.Arbitrary<JsonValue>[]>(
        fc.constant(null),
        fc.constant(""),
        fc.constantFrom("12.30", "-0.01", "98765432109876.54", "abc", "1.2345"),
        fc.constantFrom("2026-01-15", "2026-02-30", "2026-01-15T10:00:00Z", "00123"),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant([key]),
        fc.record({ name: fc.constantFrom("x", "y") }),
      );
    const KEYS = ["id", "total", "due_date", "created_at", "exchange_rate", "reference", "count"];
    const record: fc.Arbitrary<JsonRecord> = fc
      .subarray(KEYS)
      .chain((keys) =>
        fc.tuple(...keys.map((key) => fieldValue(key).map((v) => [key, v] as const))),
      )
      .map((entries) => Object.fromEntries(entries));

    const sameSpecs = (a: readonly ColumnSpec[], b: readonly ColumnSpec[]) =>
      JSON.stringify(a) === JSON.stringify(b);

    it("however records are split into pages, a column's kind comes from every value of the page that revealed it, and every cell is that kind's cell", () => {
      fc.assert(
        fc.property(
          fc.array(record, { maxLength: 12 }),
          fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 4 }),
          (records, cuts) => {
            const split = createDiscoveringShaper();
            const points = [
              ...new Set([0, ...cuts.filter((c) => c <= records.length), records.length]),
            ].sort((a, b) => a - b);
            const kinds = new Map<string, CellKind>();
            for (let i = 0; i + 1 < points.length; i++) {
              const page = records.slice(points[i], points[i + 1]);
              const block = split.shape(page);
              const columns = split.columns();
              columns.forEach((column, c) => {
                if (column.key === IMPORT_NOTES_KEY || column.key.includes(".")) return;
                const values = page.map((r) => r[column.key] ?? null);
                // A column's kind is fixed when it appears, from all its values on that page.
                if (!kinds.has(column.key)) {
                  const held = values.filter((v) => v !== null && v !== "" && !isObject(v));
                  kinds.set(column.key, inferColumnKind(column.key, held));
                }
                expect([column.key, column.kind]).toEqual([column.key, kinds.get(column.key)]);
                block.rows.forEach((row, r) => {
                  const value = values[r];
                  const readable = Array.isArray(value) ? (summariseArray(value) ?? value) : value;
                  const expected = isObject(value ?? null)
                    ? ""
                    : toCell(column.kind, readable ?? undefined, column.header).value;
                  expect(row[c]).toEqual(expected);
                });
              });
            }
          },
        ),
        { numRuns: 500 },
      );
    });

    it("when the first page holds every field, other splits give identical rows", () => {
      fc.assert(
        fc.property(fc.array(record, { minLength: 1, maxLength: 12 }), fc.nat(), (records, n) => {
          const cut = 1 + (n % records.length);
          const whole = createDiscoveringShaper();
          const wholeBlock = whole.shape(records);
          const split = createDiscoveringShaper();
          const first = split.shape(records.slice(0, cut));
          // A field came later, or the first page's values chose another kind than all of them.
          if (!sameSpecs(split.columns(), whole.columns())) return;
          const second = split.shape(records.slice(cut));
          expect(split.columns()).toEqual(whole.columns());
          expect([...first.rows, ...second.rows]).toEqual(wholeBlock.rows);
        }),
        { numRuns: 500 },
      );
    });
  });
});
