import { CURSOR_COLLECTIONS, DEFAULT_RECORD_COUNTS } from "../../../tools/sandbox/catalog";
import { startSandbox, type RunningSandbox } from "../../../tools/sandbox/server";
import {
  api,
  expectError,
  send,
  DEMO_HEADERS,
  type Reply,
} from "../../integration/helpers/sandbox-http";

interface Page {
  status: boolean;
  message: string;
  data: Array<{ id: string; created_at: string }>;
  keyset: string;
  last_id: string | null;
}

function pageOf(reply: Reply): Page {
  expect(reply.status).toBe(200);
  return reply.body as Page;
}

function cursorQuery(page: Page): string {
  return `last_id=${encodeURIComponent(page.last_id ?? "")}&keyset=${encodeURIComponent(page.keyset)}`;
}

/** Follows last_id/keyset to the end; returns every page. */
async function walk(sandbox: RunningSandbox, list: string, size: number): Promise<Page[]> {
  const pages: Page[] = [];
  let page = pageOf(await api(sandbox, `/${list}?size=${size}`));
  pages.push(page);
  while (page.last_id !== null) {
    page = pageOf(await api(sandbox, `/${list}?size=${size}&${cursorQuery(page)}`));
    pages.push(page);
    if (pages.length > 10_000) throw new Error("runaway pagination");
  }
  return pages;
}

/** Newest first: created_at descending, ties by id descending. */
function expectNewestFirst(records: Array<{ id: string; created_at: string }>): void {
  for (let i = 1; i < records.length; i++) {
    const [a, b] = [records[i - 1], records[i]];
    if (!a || !b) continue;
    const order = a.created_at === b.created_at ? a.id > b.id : a.created_at > b.created_at;
    if (!order) throw new Error(`records ${i - 1} and ${i} are out of order`);
  }
}

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

describe("cursor collections", () => {
  test("a first page has status, message, data, a string keyset and a string last_id", async () => {
    const page = pageOf(await api(sandbox, "/invoices"));
    expect(page.status).toBe(true);
    expect(page.message).toBe("Invoices retrieved");
    expect(typeof page.keyset).toBe("string");
    expect(typeof page.last_id).toBe("string");
    expect(page.keyset).not.toBe("");
  });

  test("size defaults to 20", async () => {
    expect(pageOf(await api(sandbox, "/invoices")).data).toHaveLength(20);
  });

  test("size above 50 is capped at 50", async () => {
    expect(pageOf(await api(sandbox, "/invoices?size=51")).data).toHaveLength(50);
    expect(pageOf(await api(sandbox, "/invoices?size=100000")).data).toHaveLength(50);
  });

  test.each(CURSOR_COLLECTIONS)(
    "walking %s with size 20 yields every record once, newest first, ending on last_id null",
    async (list) => {
      const pages = await walk(sandbox, list, 20);
      const records = pages.flatMap((page) => page.data);
      expect(records).toHaveLength(DEFAULT_RECORD_COUNTS[list]);
      expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
      expectNewestFirst(records);
      const last = pages.at(-1);
      expect(last?.last_id).toBeNull();
      expect(last?.keyset).toBe("");
      expect(pages.slice(0, -1).every((page) => page.data.length === 20)).toBe(true);
    },
  );

  test("a walk with size 50 gives the same records in the same order as one with size 7", async () => {
    const big = (await walk(sandbox, "receipts", 50)).flatMap((p) => p.data.map((r) => r.id));
    const small = (await walk(sandbox, "receipts", 7)).flatMap((p) => p.data.map((r) => r.id));
    expect(small).toEqual(big);
  });

  test("the seed has created_at ties, broken by id descending", async () => {
    const records = pageOf(await api(sandbox, "/invoices?size=10")).data;
    const [a, b] = [records[4], records[5]];
    expect(a?.created_at).toBe(b?.created_at);
    expect((a?.id ?? "") > (b?.id ?? "")).toBe(true);
  });

  test("the same cursor gives the same page again (pages are repeatable)", async () => {
    const first = pageOf(await api(sandbox, "/bills?size=10"));
    const a = await api(sandbox, `/bills?size=10&${cursorQuery(first)}`);
    const b = await api(sandbox, `/bills?size=10&${cursorQuery(first)}`);
    expect(a.body).toEqual(b.body);
  });

  test("page, offset, sort_by and sort_order are ignored: the answer is the first page", async () => {
    const first = pageOf(await api(sandbox, "/invoices"));
    for (const query of [
      "page=3",
      "offset=40",
      "sort_by=created_at&sort_order=asc",
      "page=2&offset=20",
    ]) {
      expect(pageOf(await api(sandbox, `/invoices?${query}`))).toEqual(first);
    }
  });

  test("an empty last_id without keyset asks for the first page", async () => {
    const first = pageOf(await api(sandbox, "/expenses"));
    expect(pageOf(await api(sandbox, "/expenses?last_id="))).toEqual(first);
    expect(pageOf(await api(sandbox, "/expenses?last_id=&keyset="))).toEqual(first);
  });

  test.each(["0", "-1", "abc", "1.5", "2e1", "", " 5", "0x10"])(
    "size=%p is 400 invalid_query naming size",
    async (size) => {
      const body = expectError(
        await api(sandbox, `/invoices?size=${encodeURIComponent(size)}`),
        400,
        "invalid_query",
      );
      expect(body.error.details?.[0]?.field).toBe("size");
    },
  );

  test("size given twice is 400", async () => {
    expectError(await api(sandbox, "/invoices?size=5&size=6"), 400, "invalid_query");
  });

  test("last_id without keyset, and keyset without last_id, are 400 invalid_cursor", async () => {
    const page = pageOf(await api(sandbox, "/invoices"));
    const onlyLast = await api(
      sandbox,
      `/invoices?last_id=${encodeURIComponent(page.last_id ?? "")}`,
    );
    expect(expectError(onlyLast, 400, "invalid_cursor").error.details?.[0]?.field).toBe("keyset");
    const onlyKeyset = await api(sandbox, `/invoices?keyset=${encodeURIComponent(page.keyset)}`);
    expect(expectError(onlyKeyset, 400, "invalid_cursor").error.details?.[0]?.field).toBe(
      "last_id",
    );
  });

  test("forged, tampered, mismatched and cross-collection cursors are 400 invalid_cursor", async () => {
    const invoices = pageOf(await api(sandbox, "/invoices?size=5"));
    const invoices2 = pageOf(await api(sandbox, `/invoices?size=5&${cursorQuery(invoices)}`));
    const bills = pageOf(await api(sandbox, "/bills?size=5"));
    const lastId = invoices.last_id ?? "";
    const flip = (token: string, at: number): string =>
      token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);

    const cases: Array<[string, string, string]> = [
      ["made up", "abc", "def"],
      ["numeric guess", "20", "20"],
      ["tampered last_id (position bytes)", flip(lastId, 1), invoices.keyset],
      ["tampered last_id (mac bytes)", flip(lastId, 20), invoices.keyset],
      ["tampered last_id (spare bits of the last character)", flip(lastId, 26), invoices.keyset],
      ["tampered keyset", lastId, flip(invoices.keyset, 3)],
      ["tampered keyset (spare bits of the last character)", lastId, flip(invoices.keyset, 21)],
      ["keyset of another page", lastId, invoices2.keyset],
      ["a record id as last_id", invoices.data[4]?.id ?? "", invoices.keyset],
    ];
    for (const [, last, keyset] of cases) {
      const reply = await api(
        sandbox,
        `/invoices?size=5&last_id=${encodeURIComponent(last)}&keyset=${encodeURIComponent(keyset)}`,
      );
      expectError(reply, 400, "invalid_cursor");
    }
    const crossCollection = await api(sandbox, `/invoices?size=5&${cursorQuery(bills)}`);
    expectError(crossCollection, 400, "invalid_cursor");
  });

  test("a cursor from another sandbox process (another key) is 400 invalid_cursor", async () => {
    const second = await startSandbox({ port: 0 });
    try {
      const page = pageOf(
        await send(`${second.baseUrl}/invoices?size=5`, { headers: DEMO_HEADERS }),
      );
      expectError(
        await api(sandbox, `/invoices?size=5&${cursorQuery(page)}`),
        400,
        "invalid_cursor",
      );
    } finally {
      await second.close();
    }
  });

  test("cursor tokens do not reveal the position or the record id", async () => {
    const page = pageOf(await api(sandbox, "/invoices?size=20"));
    const decoded = Buffer.from(page.last_id ?? "", "base64url").toString("latin1");
    expect(decoded).not.toContain("20");
    expect(page.last_id).not.toContain(page.data[19]?.id ?? "x");
  });

  test("no bad request in this file reached the 500 handler", () => {
    expect(sandbox.stats().internalErrors).toBe(0);
  });
});

describe("cursor collections with an exact multiple of the page size", () => {
  let exact: RunningSandbox;
  beforeAll(async () => {
    exact = await startSandbox({ port: 0, records: { invoices: 100 } });
  });
  afterAll(() => exact.close());

  test("when a page ends exactly at the end of the list, last_id is null on that page", async () => {
    const first = pageOf(await api(exact, "/invoices?size=50"));
    expect(first.data).toHaveLength(50);
    expect(first.last_id).not.toBeNull();
    const second = pageOf(await api(exact, `/invoices?size=50&${cursorQuery(first)}`));
    expect(second.data).toHaveLength(50);
    expect(second.last_id).toBeNull();
  });
});

describe("empty and very large collections", () => {
  let sized: RunningSandbox;
  const big = 200_000;
  beforeAll(async () => {
    sized = await startSandbox({ port: 0, records: { invoices: big, bills: 0 } });
  });
  afterAll(() => sized.close());

  test("an empty collection answers data [], last_id null", async () => {
    const page = pageOf(await api(sized, "/bills"));
    expect(page.data).toEqual([]);
    expect(page.last_id).toBeNull();
  });

  test("a page deep inside 200,000 invoices is served in order", async () => {
    const minted = await api(sized, `/__sandbox/cursor?list=invoices&position=${big - 75}`);
    const cursor = (minted.body as { data: { last_id: string; keyset: string } }).data;
    const page = pageOf(
      await api(
        sized,
        `/invoices?size=50&last_id=${encodeURIComponent(cursor.last_id)}&keyset=${encodeURIComponent(cursor.keyset)}`,
      ),
    );
    expect(page.data).toHaveLength(50);
    expectNewestFirst(page.data);
    const last = pageOf(await api(sized, `/invoices?size=50&${cursorQuery(page)}`));
    expect(last.data).toHaveLength(25);
    expect(last.last_id).toBeNull();
    expect((last.data.at(-1) as { invoice_number?: string } | undefined)?.invoice_number).toBe(
      "INV-000001",
    );
  });

  test("the mint route refuses positions outside the list", async () => {
    expectError(
      await api(sized, `/__sandbox/cursor?list=invoices&position=${big}`),
      400,
      "invalid_query",
    );
    expectError(
      await api(sized, "/__sandbox/cursor?list=ledgers&position=3"),
      400,
      "invalid_query",
    );
  });
});
