import {
  ApiError,
  CollectionPage,
  CollectionSource,
  describePaymentsBatch,
  iterateCollection,
  iteratePayments,
  PaymentsBatch,
} from "../../../src/api";
import { collectionPageJson, paymentJson, paymentsPageJson } from "./fixtures";
import { failureOf, harness } from "./harness";

/** Tokens with every character that URL encoding could mangle. */
const WEIRD_LAST_ID = "a+b/c==?&x=1 %2F#é";
const WEIRD_KEYSET = "eyJrIjoiKy8ifQ==+/ =&";

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
}

const invoice = (n: number) => ({ id: `inv-${n}`, number: `INV-${n}` });

describe("pagination.ts", () => {
  describe("iterateCollection()", () => {
    it("walks every page until last_id is null", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([invoice(1), invoice(2)], "c1") },
        { status: 200, json: collectionPageJson([invoice(3), invoice(4)], "c2") },
        { status: 200, json: collectionPageJson([invoice(5)], null) },
      );
      const pages = await collect(iterateCollection(api, "/invoices"));
      expect(pages.map((page) => page.data.map((record) => record["id"]))).toEqual([
        ["inv-1", "inv-2"],
        ["inv-3", "inv-4"],
        ["inv-5"],
      ]);
      expect(fake.requests).toHaveLength(3);
      expect(fake.remaining).toBe(0);
    });

    it("asks for the first page with size 50 and without last_id or keyset", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: collectionPageJson([invoice(1)], null) });
      await collect(iterateCollection(api, "/invoices"));
      expect(fake.requests[0]?.url).toBe("https://api.example.com/v1/invoices?size=50");
    });

    it("sends the size it is given", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: collectionPageJson([invoice(1)], null) });
      await collect(iterateCollection(api, "/bills", { size: 20 }));
      expect(fake.query(0).get("size")).toBe("20");
    });

    it("passes last_id and keyset back unchanged, byte for byte", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([invoice(1)], WEIRD_LAST_ID, WEIRD_KEYSET) },
        { status: 200, json: collectionPageJson([invoice(2)], null) },
      );
      await collect(iterateCollection(api, "/invoices"));
      const second = fake.query(1);
      expect(second.get("last_id")).toBe(WEIRD_LAST_ID);
      expect(second.get("keyset")).toBe(WEIRD_KEYSET);
      expect(second.getAll("last_id")).toHaveLength(1);
      // "+" must travel as %2B: a literal "+" in a query reads back as a space.
      expect(fake.requests[1]?.url).toContain("last_id=a%2Bb%2Fc%3D%3D%3F%26x%3D1+%252F%23%C3%A9");
    });

    it("passes back a keyset that is an empty string", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([invoice(1)], "c1", "") },
        { status: 200, json: collectionPageJson([invoice(2)], null) },
      );
      await collect(iterateCollection(api, "/invoices"));
      expect([fake.query(1).get("last_id"), fake.query(1).get("keyset")]).toEqual(["c1", ""]);
    });

    it("fails loudly when the server repeats a cursor", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([invoice(1)], "c1") },
        { status: 200, json: collectionPageJson([invoice(2)], "c2") },
        { status: 200, json: collectionPageJson([invoice(3)], "c1") },
      );
      const error = await failureOf(collect(iterateCollection(api, "/invoices")));
      expect([error.kind, error.message]).toEqual([
        "pagination",
        "While listing /invoices, the server's page 3 repeated a page cursor it had already sent. " +
          "The walk was stopped so it cannot loop forever; the 2 records fetched before that page " +
          "may be incomplete. Report this to the service's support.",
      ]);
      expect(fake.requests).toHaveLength(3);
    });

    it("fails loudly when a page holds only records already fetched", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([invoice(1), invoice(2)], "c1") },
        { status: 200, json: collectionPageJson([invoice(2), invoice(1)], "c2") },
      );
      const error = await failureOf(collect(iterateCollection(api, "/invoices")));
      expect(error.kind).toBe("pagination");
      expect(error.message).toMatch(
        /^While listing \/invoices, the server's page 2 held only records it had already sent\./,
      );
    });

    it("recognises records without an id by their content, whatever the key order", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([{ a: 1, b: { c: [1, 2] } }], "c1") },
        { status: 200, json: collectionPageJson([{ b: { c: [1, 2] }, a: 1 }], "c2") },
      );
      const error = await failureOf(collect(iterateCollection(api, "/receipts")));
      expect(error.message).toContain("page 2 held only records it had already sent");
    });

    it("tells a string id, a number id and a record's content of the same text apart", async () => {
      const { api, fake } = harness();
      const page = (record: string, lastId: string | null) => ({
        status: 200,
        body: `{"status":true,"message":"ok","data":[${record}],"keyset":"k","last_id":${JSON.stringify(lastId)}}`,
      });
      fake.reply(
        page('{"id":"5"}', "c1"),
        page('{"id":5}', "c2"),
        page('{"x":1}', "c3"),
        page('{"id":"{\\"x\\":1}"}', "c4"),
        page('{"id":9007199254740993}', "c5"),
        page('{"id":9007199254740992}', null),
      );
      const pages = await collect(iterateCollection(api, "/invoices"));
      expect(pages.map((one) => String(one.data[0]?.["id"]))).toEqual([
        "5",
        "5",
        "undefined",
        '{"x":1}',
        "9007199254740993",
        "9007199254740992",
      ]);
    });

    it("accepts a page that repeats some records among new ones", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([invoice(1), invoice(2)], "c1") },
        { status: 200, json: collectionPageJson([invoice(2), invoice(3)], null) },
      );
      expect(await collect(iterateCollection(api, "/invoices"))).toHaveLength(2);
    });

    describe("on walks longer than the guard keeps exactly", () => {
      /** A source of `pages` pages of `size` records, then whatever `after` gives. */
      function longSource(pages: number, size: number, after: () => CollectionPage) {
        let served = 0;
        return {
          async listCollectionPage(): Promise<CollectionPage> {
            served += 1;
            // Bounded, so a guard that missed the repeat fails the test instead of hanging it.
            if (served > pages + 3) throw new Error("the walk went on past the repeated page");
            if (served > pages) return after();
            const data = Array.from({ length: size }, (_, n) => invoice((served - 1) * size + n));
            return { data, lastId: `c${served}`, keyset: "k", status: true, message: "" };
          },
        };
      }

      it("still fails when a page repeats records fetched 30,000 records earlier", async () => {
        const source = longSource(600, 50, () => ({
          data: [invoice(0), invoice(1)],
          lastId: "fresh",
          keyset: "k",
          status: true,
          message: "",
        }));
        const error = await failureOf(collect(iterateCollection(source, "/invoices")));
        expect(error.message).toContain("page 601 held only records it had already sent");
        expect(error.message).toContain("the 30000 records fetched before that page");
      });

      it("still fails when a cursor comes back after 25,000 pages", async () => {
        const source = longSource(25_000, 1, () => ({
          data: [invoice(-1)],
          lastId: "c7",
          keyset: "k",
          status: true,
          message: "",
        }));
        const error = await failureOf(collect(iterateCollection(source, "/invoices")));
        expect(error.message).toContain("page 25001 repeated a page cursor");
      });

      it("walks 60,000 distinct records to the end without a false alarm", async () => {
        const source = longSource(1_200, 50, () => ({
          data: [invoice(-1)],
          lastId: null,
          keyset: null,
          status: true,
          message: "",
        }));
        let records = 0;
        for await (const page of iterateCollection(source, "/invoices"))
          records += page.data.length;
        expect(records).toBe(60_001);
      });
    });

    it("fails loudly on an empty page that is not the last", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: collectionPageJson([], "c1") });
      const error = await failureOf(collect(iterateCollection(api, "/invoices")));
      expect(error.message).toContain("page 1 was empty but not marked as the last");
    });

    it("ends normally on an empty last page", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: collectionPageJson([], null) });
      const pages = await collect(iterateCollection(api, "/invoices"));
      expect(pages.map((page) => page.data.length)).toEqual([0]);
    });

    it("fails when a page with a last_id has no keyset to send with it", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: { status: true, message: "ok", data: [], last_id: "c1" } });
      const error = await failureOf(collect(iterateCollection(api, "/invoices")));
      expect(error.kind).toBe("malformed-response");
      expect(error.message).toContain("keyset: expected a string alongside last_id");
    });

    it("requests the next page while the caller is still busy with the current one", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([invoice(1)], "c1") },
        { status: 200, json: collectionPageJson([invoice(2)], null) },
      );
      const pages = iterateCollection(api, "/invoices");
      await pages.next();
      expect(fake.requests).toHaveLength(2);
      await pages.next();
      expect((await pages.next()).done).toBe(true);
    });

    it("sends the next page's request before the caller works on the current page", async () => {
      // As node:http does, the source hands a request to its socket on a later tick: the walk
      // must let that happen before the caller's synchronous work on the page it got.
      const sent: string[] = [];
      const source: CollectionSource = {
        listCollectionPage: (_path, params) =>
          new Promise((resolve) => {
            process.nextTick(() => {
              const at = params.lastId ?? "first";
              sent.push(at);
              const lastId = at === "first" ? "c1" : at === "c1" ? "c2" : null;
              resolve({
                data: [invoice(sent.length)],
                lastId,
                keyset: lastId,
                status: true,
                message: "ok",
              });
            });
          }),
      };
      const seenWhenWorking: string[][] = [];
      for await (const page of iterateCollection(source, "/invoices")) {
        seenWhenWorking.push([...sent]);
        expect(page.data).toHaveLength(1);
      }
      expect(seenWhenWorking).toEqual([
        ["first", "c1"],
        ["first", "c1", "c2"],
        ["first", "c1", "c2"],
      ]);
    });

    it("requests the next page only when asked with no pages ahead", async () => {
      const { api, fake, time } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([invoice(1)], "c1") },
        { status: 200, json: collectionPageJson([invoice(2)], null) },
      );
      const pages = iterateCollection(api, "/invoices", { pagesAhead: 0 });
      await pages.next();
      await time.flush();
      expect(fake.requests).toHaveLength(1);
      await pages.next();
      expect(fake.requests).toHaveLength(2);
    });

    it("cancels the page requested ahead when the caller stops early", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: collectionPageJson([invoice(1)], "c1") }, { hang: true });
      for await (const page of iterateCollection(api, "/invoices")) {
        expect(page.data).toHaveLength(1);
        break;
      }
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests[1]?.signal.aborted).toBe(true);
    });

    it("stops with an aborted error when the signal aborts mid-walk", async () => {
      const { api, fake, time } = harness();
      fake.reply({ status: 200, json: collectionPageJson([invoice(1)], "c1") }, { hang: true });
      const controller = new AbortController();
      const pages = iterateCollection(api, "/invoices", { signal: controller.signal });
      const first = await pages.next();
      expect(first.done).toBe(false);
      const second = pages.next();
      await time.flush();
      controller.abort();
      const error = await failureOf(second);
      expect(error.kind).toBe("aborted");
      expect(fake.requests[1]?.signal.aborted).toBe(true);
      // The timeouts' wait stops once the work queued after the cancel has run.
      await time.flush();
      expect(time.pendingTimers()).toEqual([]);
    });

    it("stops before any request when the signal is already aborted", async () => {
      const { api, fake } = harness();
      const controller = new AbortController();
      controller.abort();
      const error = await failureOf(
        collect(iterateCollection(api, "/invoices", { signal: controller.signal })),
      );
      expect([error.kind, error.message]).toEqual([
        "aborted",
        "Cancelled: listing /invoices was stopped.",
      ]);
      expect(fake.requests).toHaveLength(0);
    });

    it("stops when the signal aborts while the caller holds a page and no request is pending", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([invoice(1)], "c1") },
        { status: 200, json: collectionPageJson([invoice(2)], "c2") },
      );
      const controller = new AbortController();
      const seen: CollectionPage[] = [];
      const walk = (async () => {
        for await (const page of iterateCollection(api, "/invoices", {
          signal: controller.signal,
          pagesAhead: 0,
        })) {
          seen.push(page);
          controller.abort();
        }
      })();
      const error = await failureOf(walk);
      expect(error.kind).toBe("aborted");
      expect(seen).toHaveLength(1);
      expect(fake.requests).toHaveLength(1);
    });

    it("passes on an error of a later page", async () => {
      const { api, fake, time } = harness({ retry: { maxAttempts: 1 } });
      fake.reply({ status: 200, json: collectionPageJson([invoice(1)], "c1") }, { status: 401 });
      const error = await failureOf(time.run(collect(iterateCollection(api, "/invoices"))));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.kind).toBe("auth");
    });
  });

  describe("iteratePayments()", () => {
    const payment = (n: number) => paymentJson({ id: `pay-${n}` });

    it("reports honestly when the server gives fewer payments than it counts and no cursor", async () => {
      const { api, fake } = harness();
      const twenty = Array.from({ length: 20 }, (_, n) => payment(n));
      fake.reply({ status: 200, json: paymentsPageJson(twenty, { count: 45, pages: 3 }) });
      const batches = await collect(iteratePayments(api, { pageSize: 20 }));
      expect(fake.query(0).get("limit")).toBe("20");
      expect(
        batches.map(({ fetched, count, last, complete }) => ({ fetched, count, last, complete })),
      ).toEqual([{ fetched: 20, count: 45, last: true, complete: false }]);
      expect(describePaymentsBatch(batches[0] as PaymentsBatch)).toBe(
        "Fetched 20 of 45 payments: the server offers no way to fetch more.",
      );
      expect(fake.requests).toHaveLength(1);
    });

    it("asks for 50 payments by default and calls the list complete when it is", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: paymentsPageJson([payment(1), payment(2)], { count: 2 }) });
      const batches = await collect(iteratePayments(api));
      expect(fake.query(0).get("limit")).toBe("50");
      expect(batches.map((batch) => [batch.complete, describePaymentsBatch(batch)])).toEqual([
        [true, "Fetched all 2 payments."],
      ]);
    });

    it("follows last_id and keyset when the server sends them, unchanged", async () => {
      const { api, fake } = harness();
      fake.reply(
        {
          status: 200,
          json: paymentsPageJson([payment(1), payment(2)], {
            count: 3,
            last_id: WEIRD_LAST_ID,
            keyset: WEIRD_KEYSET,
          }),
        },
        {
          status: 200,
          json: paymentsPageJson([payment(3)], { count: 3, last_id: null, keyset: null }),
        },
      );
      const batches = await collect(iteratePayments(api, { pageSize: 2 }));
      expect(fake.query(0).has("last_id")).toBe(false);
      expect(fake.query(1).get("last_id")).toBe(WEIRD_LAST_ID);
      expect(fake.query(1).get("keyset")).toBe(WEIRD_KEYSET);
      expect(fake.query(1).get("limit")).toBe("2");
      expect(batches.map(({ fetched, last, complete }) => ({ fetched, last, complete }))).toEqual([
        { fetched: 2, last: false, complete: false },
        { fetched: 3, last: true, complete: true },
      ]);
      expect(describePaymentsBatch(batches[0] as PaymentsBatch)).toBe(
        "Fetched 2 of 3 payments so far.",
      );
    });

    it("does not follow a last_id that is not a string, and keeps it as received", async () => {
      const { api, fake } = harness();
      fake.reply({
        status: 200,
        json: paymentsPageJson([payment(1)], { count: 9, last_id: 17, keyset: { k: 1 } }),
      });
      const batches = await collect(iteratePayments(api));
      expect(fake.requests).toHaveLength(1);
      const page = batches[0]?.page;
      expect([page?.lastId, page?.rawLastId, page?.rawKeyset]).toEqual([null, 17, { k: 1 }]);
      expect(batches[0]?.complete).toBe(false);
    });

    it("counts a payment that comes again on a later page once", async () => {
      const { api, fake } = harness();
      fake.reply(
        {
          status: 200,
          json: paymentsPageJson([payment(1), payment(2)], { count: 4, last_id: "x", keyset: "y" }),
        },
        {
          status: 200,
          json: paymentsPageJson([payment(2), payment(3)], {
            count: 4,
            last_id: null,
            keyset: null,
          }),
        },
      );
      const batches = await collect(iteratePayments(api, { pageSize: 2 }));
      expect(batches.map(({ fetched, last, complete }) => ({ fetched, last, complete }))).toEqual([
        { fetched: 2, last: false, complete: false },
        { fetched: 3, last: true, complete: false },
      ]);
      expect(describePaymentsBatch(batches[1] as PaymentsBatch)).toBe(
        "Fetched 3 of 4 payments: the server offers no way to fetch more.",
      );
    });

    it("fails loudly when the server repeats a payments cursor", async () => {
      const { api, fake } = harness();
      fake.reply(
        {
          status: 200,
          json: paymentsPageJson([payment(1)], { count: 9, last_id: "x", keyset: "y" }),
        },
        {
          status: 200,
          json: paymentsPageJson([payment(2)], { count: 9, last_id: "x", keyset: "y" }),
        },
      );
      const error = await failureOf(collect(iteratePayments(api)));
      expect(error.kind).toBe("pagination");
      expect(error.message).toMatch(
        /^While listing payments, the server's page 2 repeated a page cursor/,
      );
    });

    it("fails loudly when a payments page repeats the payments already fetched", async () => {
      const { api, fake } = harness();
      fake.reply(
        {
          status: 200,
          json: paymentsPageJson([payment(1)], { count: 9, last_id: "x", keyset: "y" }),
        },
        {
          status: 200,
          json: paymentsPageJson([payment(1)], { count: 9, last_id: "z", keyset: "y" }),
        },
      );
      const error = await failureOf(collect(iteratePayments(api)));
      expect(error.message).toContain("page 2 held only records it had already sent");
    });

    it("stops with an aborted error when the signal aborts mid-walk", async () => {
      const { api, fake, time } = harness();
      fake.reply(
        {
          status: 200,
          json: paymentsPageJson([payment(1)], { count: 9, last_id: "x", keyset: "y" }),
        },
        { hang: true },
      );
      const controller = new AbortController();
      const batches = iteratePayments(api, { signal: controller.signal });
      await batches.next();
      const next = batches.next();
      await time.flush();
      controller.abort();
      expect((await failureOf(next)).kind).toBe("aborted");
      expect(fake.requests[1]?.signal.aborted).toBe(true);
    });
  });
});
