import Decimal from "decimal.js";
import { DEFAULT_RECORD_COUNTS, OTHER_COMPANY_RECORD_COUNTS } from "../../../tools/sandbox/catalog";
import { AWKWARD_ACCOUNT_NUMBER, AWKWARD_TEXTS } from "../../../tools/sandbox/seed/awkward";
import type { Payment } from "../../../tools/sandbox/seed/types";
import { startSandbox, type RunningSandbox } from "../../../tools/sandbox/server";
import {
  OTHER_HEADERS,
  api,
  expectError,
  type Reply,
} from "../../integration/helpers/sandbox-http";
import { clearFaults, postFaults } from "../../integration/helpers/sandboxControl";

interface PaymentsPage {
  status: boolean;
  message: string;
  data: Payment[];
  page: number;
  count: number;
  pages: number;
  keyset?: string | null;
  last_id?: string | null;
}

function pageOf(reply: Reply): PaymentsPage {
  expect(reply.status).toBe(200);
  return reply.body as PaymentsPage;
}

function cursorQuery(page: PaymentsPage): string {
  return `last_id=${encodeURIComponent(page.last_id ?? "")}&keyset=${encodeURIComponent(page.keyset ?? "")}`;
}

const PAYMENT_FIELDS = [
  "id",
  "type",
  "amount",
  "status",
  "vendor",
  "vendor_id",
  "account_id",
  "documents",
  "created_at",
  "project_id",
  "allocations",
  "payment_date",
  "currency_code",
  "exchange_rate",
  "journal_status",
  "payment_method",
  "journal_entry_id",
  "payment_reference",
  "destination_account",
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const AMOUNT = /^-?\d+\.\d{2}$/;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());
afterEach(() => clearFaults(sandbox));

describe("GET /payments (cursor mode, the default)", () => {
  test("limit defaults to 20; page, count and pages describe the list", async () => {
    const page = pageOf(await api(sandbox, "/payments"));
    expect(page.data).toHaveLength(20);
    expect(page).toMatchObject({ status: true, page: 1, count: 45, pages: 3 });
    expect(typeof page.message).toBe("string");
  });

  test("limit above 100 is capped at 100", async () => {
    const page = pageOf(await api(sandbox, "/payments?limit=1000"));
    expect(page.data).toHaveLength(DEFAULT_RECORD_COUNTS.payments);
    expect(page.pages).toBe(1);
    expect(page.last_id).toBeNull();
  });

  test.each(["0", "-3", "ten", "2.5", ""])("limit=%p is 400 invalid_query", async (limit) => {
    const body = expectError(await api(sandbox, `/payments?limit=${limit}`), 400, "invalid_query");
    expect(body.error.details?.[0]?.field).toBe("limit");
  });

  test("following last_id/keyset walks every payment once, with page numbers 1..pages", async () => {
    let page = pageOf(await api(sandbox, "/payments?limit=20"));
    const seen = [...page.data];
    const numbers = [page.page];
    while (page.last_id) {
      page = pageOf(await api(sandbox, `/payments?limit=20&${cursorQuery(page)}`));
      seen.push(...page.data);
      numbers.push(page.page);
    }
    expect(numbers).toEqual([1, 2, 3]);
    expect(seen).toHaveLength(45);
    expect(new Set(seen.map((p) => p.id)).size).toBe(45);
    expect(page.keyset).toBeNull();
    const created = seen.map((p) => p.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  test("a tampered payments cursor is 400 invalid_cursor, as is a collection's cursor", async () => {
    const page = pageOf(await api(sandbox, "/payments?limit=5"));
    const bad = await api(
      sandbox,
      `/payments?last_id=${page.last_id ?? ""}x&keyset=${page.keyset ?? ""}`,
    );
    expectError(bad, 400, "invalid_cursor");
    const invoices = (await api(sandbox, "/invoices?size=5")).body as PaymentsPage;
    expectError(await api(sandbox, `/payments?${cursorQuery(invoices)}`), 400, "invalid_cursor");
  });

  test("every payment has exactly the spec's fields, with uuids and two-decimal strings", async () => {
    const page = pageOf(await api(sandbox, "/payments?limit=100"));
    for (const payment of page.data) {
      const keys = Object.keys(payment).filter((key) => key !== "staff" && key !== "staff_id");
      expect(keys.sort()).toEqual([...PAYMENT_FIELDS].sort());
      for (const id of [payment.id, payment.vendor_id, payment.vendor.id, payment.account_id]) {
        expect(id).toMatch(UUID);
      }
      expect(payment.vendor_id).toBe(payment.vendor.id);
      expect(payment.amount).toMatch(AMOUNT);
      expect(payment.exchange_rate).toMatch(AMOUNT);
      expect(Array.isArray(payment.documents)).toBe(true);
      expect(payment.project_id).toBe("demo-company");
      expect(Object.keys(payment.destination_account).sort()).toEqual(["account_number", "bank"]);
      expect(payment.destination_account.account_number).toMatch(/^0+\d+$/);
      expect(Number.isNaN(Date.parse(payment.payment_date))).toBe(false);
    }
  });

  test("allocations carry their payment id and add up exactly to the payment amount", async () => {
    const page = pageOf(await api(sandbox, "/payments?limit=100"));
    for (const payment of page.data) {
      expect(payment.allocations.length).toBeGreaterThan(0);
      let sum = new Decimal(0);
      for (const allocation of payment.allocations) {
        expect(Object.keys(allocation).sort()).toEqual(
          ["amount", "bill_id", "bill_reference", "id", "payment_id"].sort(),
        );
        expect(allocation.payment_id).toBe(payment.id);
        expect(allocation.amount).toMatch(AMOUNT);
        sum = sum.plus(allocation.amount);
      }
      expect(sum.toFixed(2)).toBe(payment.amount);
    }
    // Several allocations each, but for the awkward amounts (zero, one cent, oversized).
    const single = page.data.filter((payment) => payment.allocations.length < 2);
    expect(single.map((payment) => payment.amount).sort()).toEqual([
      "0.00",
      "0.01",
      "98765432109876.54",
    ]);
  });

  test("staff and staff_id are sometimes absent, sometimes null, sometimes present", async () => {
    const page = pageOf(await api(sandbox, "/payments?limit=10"));
    const kinds = new Set(
      page.data.map((p) =>
        !("staff" in p)
          ? "absent"
          : p.staff === null
            ? "null"
            : typeof p.staff_id === "string"
              ? "set"
              : "?",
      ),
    );
    expect([...kinds].sort()).toEqual(["absent", "null", "set"]);
  });

  test("awkward values: formula-like references, leading-zero account numbers, large and zero amounts", async () => {
    const page = pageOf(await api(sandbox, "/payments?limit=20"));
    expect(page.data[0]?.payment_reference).toBe(AWKWARD_TEXTS[0]?.value);
    expect(page.data[0]?.destination_account.account_number).toBe(AWKWARD_ACCOUNT_NUMBER);
    expect(page.data[1]?.amount).toBe("98765432109876.54");
    expect(page.data[2]?.amount).toBe("0.00");
  });

  test("other-company sees its own, smaller list", async () => {
    const page = pageOf(await api(sandbox, "/payments", { headers: OTHER_HEADERS }));
    expect(page.count).toBe(OTHER_COMPANY_RECORD_COUNTS.payments);
    expect(page.data.every((p) => p.project_id === "other-company")).toBe(true);
  });

  test("the mode can be switched at run time through the fault settings", async () => {
    expect((await postFaults(sandbox, { paymentsPagination: "none" })).status).toBe(200);
    expect(pageOf(await api(sandbox, "/payments"))).not.toHaveProperty("last_id");
    await clearFaults(sandbox);
    expect(pageOf(await api(sandbox, "/payments"))).toHaveProperty("last_id");
  });
});

describe("GET /payments with paymentsPagination none", () => {
  let plain: RunningSandbox;
  beforeAll(async () => {
    plain = await startSandbox({ port: 0, paymentsPagination: "none" });
  });
  afterAll(() => plain.close());

  test("responses carry no cursor fields and always page 1", async () => {
    const page = pageOf(await api(plain, "/payments?limit=10"));
    expect(page).not.toHaveProperty("last_id");
    expect(page).not.toHaveProperty("keyset");
    expect(page).toMatchObject({ page: 1, count: 45, pages: 5 });
    expect(page.data).toHaveLength(10);
  });

  test("cursor parameters and page numbers are ignored: the first limit records come back", async () => {
    const first = pageOf(await api(plain, "/payments?limit=10"));
    const again = pageOf(await api(plain, "/payments?limit=10&page=2&last_id=abc&keyset=def"));
    expect(again).toEqual(first);
  });
});
