import {
  parseCollectionPage,
  parseJournalResponse,
  parsePaymentsPage,
  ShapeError,
} from "../../../src/api";
import type { JsonValue } from "../../../src/api";
import {
  collectionPageJson,
  journalJson,
  journalLineJson,
  journalResponseJson,
  paymentJson,
  paymentsPageJson,
} from "./fixtures";

const json = (value: unknown): JsonValue => JSON.parse(JSON.stringify(value)) as JsonValue;

function problemOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (error instanceof ShapeError) return error.message;
    throw error;
  }
  throw new Error("expected a ShapeError");
}

describe("parse.ts", () => {
  describe("parsePaymentsPage()", () => {
    it("reads a payments page into typed payments", () => {
      const page = parsePaymentsPage(
        json(paymentsPageJson([paymentJson()], { count: 45, pages: 3 })),
      );
      expect(page).toMatchObject({
        page: 1,
        count: 45,
        pages: 3,
        status: true,
        lastId: null,
        keyset: null,
      });
      expect(page.data[0]).toMatchObject({
        amount: "150.00",
        vendor: { display_name: "Acme Supplies" },
        allocations: [{ bill_reference: "BILL-1", amount: "150.00" }],
        destination_account: { bank: "First Bank", account_number: "000123" },
      });
      expect(page.data[0]).not.toHaveProperty("staff");
    });

    it("accepts any JSON value in documents, staff and staff_id", () => {
      const payment = paymentJson({ documents: [1, "a", { b: null }], staff: ["x"], staff_id: 42 });
      const page = parsePaymentsPage(json(paymentsPageJson([payment])));
      expect(page.data[0]).toMatchObject({
        documents: [1, "a", { b: null }],
        staff: ["x"],
        staff_id: 42,
      });
    });

    it("keeps staff present as null", () => {
      const page = parsePaymentsPage(json(paymentsPageJson([paymentJson({ staff: null })])));
      expect(page.data[0]?.staff).toBeNull();
    });

    it.each([
      [{ amount: 12.5 }, "data[0].amount: expected a decimal string, got 12.5"],
      [{ amount: "1e5" }, 'data[0].amount: expected a decimal string, got "1e5"'],
      [{ amount: "12,50" }, 'data[0].amount: expected a decimal string, got "12,50"'],
      [{ exchange_rate: null }, "data[0].exchange_rate: expected a decimal string, got null"],
      [
        { vendor: { id: "v" } },
        "data[0].vendor.display_name: expected a string, got nothing (the field is missing)",
      ],
      [
        { allocations: [{}] },
        "data[0].allocations[0].id: expected a string, got nothing (the field is missing)",
      ],
      [
        { destination_account: [] },
        "data[0].destination_account: expected an object, got an array",
      ],
      [{ documents: {} }, "data[0].documents: expected an array, got an object"],
      [{ id: undefined }, "data[0].id: expected a string, got nothing (the field is missing)"],
    ])("names the first problem of a payment changed by %j", (change, problem) => {
      expect(
        problemOf(() => parsePaymentsPage(json(paymentsPageJson([paymentJson(change)])))),
      ).toBe(problem);
    });

    it.each([
      [{ count: -1 }, "count: expected a whole number, got -1"],
      [{ page: 1.5 }, "page: expected a whole number, got 1.5"],
      [{ status: "true" }, 'status: expected true or false, got "true"'],
      [{ data: null }, "data: expected an array, got null"],
    ])("checks the envelope: %j", (change, problem) => {
      expect(problemOf(() => parsePaymentsPage(json(paymentsPageJson([], change))))).toBe(problem);
    });

    it("refuses an answer that is not an object", () => {
      expect(problemOf(() => parsePaymentsPage(json([1])))).toBe(
        "expected an object, got an array",
      );
    });

    it("uses last_id and keyset as a cursor only when both are strings", () => {
      const both = parsePaymentsPage(json(paymentsPageJson([], { last_id: "L", keyset: "K" })));
      expect([both.lastId, both.keyset]).toEqual(["L", "K"]);
      const onlyId = parsePaymentsPage(json(paymentsPageJson([], { last_id: "L" })));
      expect([onlyId.lastId, onlyId.keyset, onlyId.rawLastId]).toEqual([null, null, "L"]);
    });
  });

  describe("parseJournalResponse()", () => {
    it("reads a journal with its lines, nullable fields included", () => {
      const answer = parseJournalResponse(json(journalResponseJson()));
      expect(answer.data).toMatchObject({
        status: "DRAFT",
        approved_by: null,
        transaction_reference: "TR/2025/0009",
        lines: [{ debit: "10.30", tax_id: null }, { credit: "10.30" }],
      });
    });

    it.each(["DRAFT", "POSTED", "ARCHIVED", "VOIDED"])("accepts status %s", (status) => {
      expect(parseJournalResponse(json(journalResponseJson({ status }))).data.status).toBe(status);
    });

    it.each([
      [{ approved_by: 5 }, "data.approved_by: expected a string or null, got 5"],
      [
        { description: undefined },
        "data.description: expected a string or null, got nothing (the field is missing)",
      ],
      [{ is_test: "no" }, 'data.is_test: expected true or false, got "no"'],
      [{ exchange_rate: "1.0.0" }, 'data.exchange_rate: expected a decimal string, got "1.0.0"'],
      [{ updated_at: null }, "data.updated_at: expected a string, got null"],
      [
        { lines: [journalLineJson(), journalLineJson({ forex_credit: 0 })] },
        "data.lines[1].forex_credit: expected a decimal string, got 0",
      ],
    ])("names the first problem of a journal changed by %j", (change, problem) => {
      expect(problemOf(() => parseJournalResponse(json(journalResponseJson(change))))).toBe(
        problem,
      );
    });

    it("requires the envelope's status and message", () => {
      expect(problemOf(() => parseJournalResponse(json({ data: journalJson() })))).toBe(
        "status: expected true or false, got nothing (the field is missing)",
      );
    });
  });

  describe("parseCollectionPage()", () => {
    it("keeps records as they are and reads the cursor", () => {
      const records = [{ id: "inv-1", total: "10.00", lines: [{ x: 1 }] }];
      expect(parseCollectionPage(json(collectionPageJson(records, "L", "K")))).toEqual({
        data: records,
        lastId: "L",
        keyset: "K",
        status: true,
        message: "ok",
      });
    });

    it("accepts the last page with last_id null and any keyset string or null", () => {
      expect(parseCollectionPage(json(collectionPageJson([], null, "K"))).lastId).toBeNull();
      expect(parseCollectionPage(json(collectionPageJson([], null, null))).keyset).toBeNull();
    });

    it.each([
      [{ data: [1] }, "data[0]: expected an object, got 1"],
      [{ data: [{}, {}, []] }, "data[2]: expected an object, got an array"],
      [{ data: [{ id: "a" }, null] }, "data[1]: expected an object, got null"],
      [{ data: { id: "a" } }, "data: expected an array, got an object"],
      [{ last_id: 5 }, "last_id: expected a string or null, got 5"],
      [
        { last_id: undefined },
        "last_id: expected a string or null, got nothing (the field is missing)",
      ],
      [{ last_id: "L", keyset: null }, "keyset: expected a string alongside last_id, got null"],
      [{ last_id: null, keyset: 7 }, "keyset: expected a string or null, got 7"],
    ])("refuses %j", (change, problem) => {
      expect(
        problemOf(() => parseCollectionPage(json({ ...collectionPageJson([], "L"), ...change }))),
      ).toBe(problem);
    });
  });
});
