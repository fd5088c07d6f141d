import { JournalUpdate } from "../../../src/api";
import { MAX_RESPONSE_BYTES } from "../../../src/api/http";
import { collectionPageJson, journalResponseJson, paymentsPageJson, TOKEN } from "./fixtures";
import { response } from "./fakeFetch";
import { everythingIn, failureOf, harness } from "./harness";

const BALANCED: JournalUpdate = {
  transaction_date: "2025-01-15T00:00:00Z",
  currency_code: "USD",
  lines: [
    { account_id: "acc-1", amount: "10.30", type: "DEBIT" },
    { account_id: "acc-2", amount: "10.30", type: "CREDIT" },
  ],
};

const RELOAD = "The change may or may not have been saved; reload the journal to check.";

describe("http.ts (through LedgerApi)", () => {
  describe("headers", () => {
    it("sends the bearer token, identity and Accept on every request, Content-Type with a body", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: paymentsPageJson([]) },
        { status: 200, json: journalResponseJson() },
        { status: 200, json: journalResponseJson() },
        { status: 200, json: collectionPageJson([], null) },
      );
      await api.listPayments();
      await api.getJournal("JNL-9");
      await api.updateJournal("j-1", BALANCED);
      await api.listCollectionPage("/invoices");
      const base = {
        Authorization: `Bearer ${TOKEN}`,
        identity: "acme-ltd",
        Accept: "application/json",
      };
      expect(fake.requests.map((request) => [request.method, request.headers])).toEqual([
        ["GET", base],
        ["GET", base],
        ["PATCH", { ...base, "Content-Type": "application/json" }],
        ["GET", base],
      ]);
      expect(fake.requests.map((request) => request.body)).toEqual([
        undefined,
        undefined,
        expect.any(String),
        undefined,
      ]);
    });

    it("refuses redirects on every request, so the token is never forwarded elsewhere", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: paymentsPageJson([]) },
        { status: 200, json: journalResponseJson() },
      );
      await api.listPayments();
      await api.updateJournal("j-1", BALANCED);
      expect(fake.requests.map((request) => request.redirect)).toEqual(["error", "error"]);
    });

    it("does not read a body whose Content-Length is over the cap", async () => {
      const { api, fake } = harness();
      let read = false;
      fake.reply(() =>
        Promise.resolve({
          status: 200,
          headers: {
            get: (name: string) =>
              name.toLowerCase() === "content-length" ? String(MAX_RESPONSE_BYTES + 1) : null,
          },
          text: () => {
            read = true;
            return Promise.resolve("{}");
          },
        }),
      );
      const error = await failureOf(api.getJournal("JNL-9"));
      expect(read).toBe(false);
      // The transport is told to stop: the body may be on its way.
      expect(fake.requests[0]?.signal.aborted).toBe(true);
      expect(error.kind).toBe("malformed-response");
      expect(error.message).toMatch(/larger than 16 MB.*Check the API address/);
    });

    it("refuses a body over the cap that declared no length, before parsing it", async () => {
      const { api, fake } = harness({ retry: { maxAttempts: 1 } });
      fake.reply({ status: 500, body: "é".repeat(MAX_RESPONSE_BYTES / 2 + 1) });
      const error = await failureOf(api.getJournal("JNL-9"));
      expect(error.kind).toBe("malformed-response");
      expect(error.status).toBe(500);
      expect(error.message).toContain("larger than 16 MB");
    });

    it("stops reading a streamed body at the cap when no length was declared", async () => {
      const { api, fake } = harness({ retry: { maxAttempts: 1 } });
      const chunk = new Uint8Array(1024 * 1024).fill(0x20);
      let pulled = 0;
      let cancelled = false;
      // An endless body, as a broken or hostile server could send.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(chunk);
        },
        cancel() {
          cancelled = true;
        },
      });
      fake.reply(() =>
        Promise.resolve({
          status: 200,
          headers: { get: () => null },
          body,
          text: () => Promise.reject(new Error("the capped reader must read the stream")),
        }),
      );
      const error = await failureOf(api.getJournal("JNL-9"));
      expect(error.kind).toBe("malformed-response");
      expect(error.message).toContain("larger than 16 MB");
      expect(cancelled).toBe(true);
      expect(pulled).toBeLessThanOrEqual(MAX_RESPONSE_BYTES / chunk.length + 2);
    });

    it("reads a streamed body whole, multi-byte characters split across chunks included", async () => {
      const { api, fake } = harness();
      const text = JSON.stringify(journalResponseJson({ description: "Miete für Büro ✓ 東京" }));
      const bytes = new TextEncoder().encode(text);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 7) controller.enqueue(bytes.slice(at, at + 7));
          controller.close();
        },
      });
      fake.reply(() =>
        Promise.resolve({
          status: 200,
          headers: { get: () => null },
          body,
          text: () => Promise.reject(new Error("not used")),
        }),
      );
      const journal = (await api.getJournal("JNL-9")).data;
      expect(journal.description).toBe("Miete für Büro ✓ 東京");
    });

    it("never puts the token in a URL", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: paymentsPageJson([]) });
      await api.listPayments({ limit: 5 });
      expect(fake.requests[0]?.url).not.toContain(TOKEN);
      expect(fake.requests[0]?.url).not.toContain(encodeURIComponent(TOKEN));
    });
  });

  describe("URLs", () => {
    it.each([
      ["v1" as const, "https://api.example.com/v1/payments?limit=50"],
      ["rc-1" as const, "https://api.example.com/rc-1/payments?limit=50"],
    ])("sends %s requests under its own path segment", async (version, url) => {
      const { api, fake } = harness({ version });
      fake.reply({ status: 200, json: paymentsPageJson([]) });
      await api.listPayments({ limit: 50 });
      expect(fake.requests[0]?.url).toBe(url);
      expect(api.baseUrl).toBe(url.replace("/payments?limit=50", ""));
    });

    it("encodes a transaction reference as one path segment", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: journalResponseJson() });
      await api.getJournal("TR/2025 01#3?x=1");
      expect(fake.requests[0]?.url).toBe(
        "https://api.example.com/v1/journal/entries/TR%2F2025%2001%233%3Fx%3D1",
      );
    });

    it.each([
      ["", "Enter a journal id or transaction reference."],
      ["  ", "Enter a journal id or transaction reference."],
      ["..", "“..” is not a journal id."],
      [".", "“.” is not a journal id."],
    ])("refuses the journal id %j without sending anything", async (id, message) => {
      const { api, fake } = harness();
      const error = await failureOf(api.getJournal(id));
      expect([error.kind, error.message]).toEqual(["validation", message]);
      expect(fake.requests).toHaveLength(0);
    });

    it("sends only size for a first collection page and last_id with keyset later", async () => {
      const { api, fake } = harness();
      fake.reply(
        { status: 200, json: collectionPageJson([], null) },
        { status: 200, json: collectionPageJson([], null) },
      );
      await api.listCollectionPage("/invoices", { size: 20 });
      await api.listCollectionPage("/invoices/", { size: 20, lastId: "L", keyset: "K" });
      expect(fake.requests.map((request) => request.url)).toEqual([
        "https://api.example.com/v1/invoices?size=20",
        "https://api.example.com/v1/invoices?size=20&last_id=L&keyset=K",
      ]);
    });

    it.each([
      "invoices",
      "/invoices?size=5",
      "/../payments",
      "/invoices/../payments",
      "/in voices",
      "/",
      "/a#b",
    ])("refuses the collection path %j", async (path) => {
      const { api, fake } = harness();
      const error = await failureOf(api.listCollectionPage(path));
      expect(error.kind).toBe("config");
      expect(error.message).toMatch(/^The collection path must look like \/invoices/);
      expect(fake.requests).toHaveLength(0);
    });

    it("refuses a lastId without a keyset (they always travel together)", async () => {
      const { api, fake } = harness();
      const halfCursor = { lastId: "L" } as unknown as { lastId: string; keyset: string };
      await expect(api.listCollectionPage("/invoices", halfCursor)).rejects.toThrow(TypeError);
      expect(fake.requests).toHaveLength(0);
    });

    it.each([0, -1, 2.5])("refuses a page size of %s", async (size) => {
      const { api } = harness();
      const error = await failureOf(api.listCollectionPage("/invoices", { size }));
      expect([error.kind, error.message]).toEqual([
        "config",
        "The page size must be a whole number of at least 1.",
      ]);
    });
  });

  describe("errors by status", () => {
    it.each([
      [
        401,
        { message: "Token expired" },
        "auth",
        "The server refused the access token (401). Check the token, or ask your administrator for a new one.",
      ],
      [
        401,
        undefined,
        "auth",
        "The server refused the access token (401). Check the token, or ask your administrator for a new one.",
      ],
      [
        403,
        { error: { message: "Forbidden." } },
        "forbidden",
        "The token is not allowed for this project (403). Check the project identity.",
      ],
      [
        404,
        undefined,
        "not-found",
        "No journal “JNL-9” was found (404). Check it, or use the journal's transaction " +
          "reference (such as TRX-2026-0001) or its ID.",
      ],
      [
        409,
        { message: "Journal was changed by someone else." },
        "conflict",
        "The server refused to read journal “JNL-9” because of a conflict (409): Journal was changed by someone else. Reload and try again.",
      ],
      [
        400,
        { message: "Bad id" },
        "bad-request",
        "The server refused the request to read journal “JNL-9” (400): Bad id. Check the values sent and the API version.",
      ],
      [
        418,
        "I'm a teapot",
        "bad-request",
        "The server refused the request to read journal “JNL-9” (418): I'm a teapot. Check the values sent and the API version.",
      ],
      [
        500,
        "<html><head><title>Internal Server Error</title></head><body>trace...</body></html>",
        "server",
        "The server failed to read journal “JNL-9” (500): Internal Server Error. Try again later; if it keeps failing, contact the service's support.",
      ],
      [
        302,
        undefined,
        "malformed-response",
        "The server answered with an unexpected status 302 while trying to read journal “JNL-9”.",
      ],
    ])(
      "maps %s to its kind with a message saying what to do",
      async (status, body, kind, message) => {
        const { api, fake } = harness();
        fake.reply(
          typeof body === "string"
            ? { status, body }
            : { status, ...(body === undefined ? {} : { json: body }) },
        );
        const error = await failureOf(api.getJournal("JNL-9"));
        expect({ kind: error.kind, status: error.status, message: error.message }).toEqual({
          kind,
          status,
          message,
        });
        expect(fake.requests).toHaveLength(1);
      },
    );

    it("reports a 422 with the server's message and field details", async () => {
      const { api, fake } = harness();
      fake.reply({
        status: 422,
        json: {
          message: "Total debits must equal total credits.",
          errors: { lines: ["debits 10.30 and credits 10.00 differ"] },
        },
      });
      const error = await failureOf(api.updateJournal("j-1", BALANCED));
      expect(error.kind).toBe("validation");
      expect(error.serverMessage).toBe("Total debits must equal total credits.");
      expect(error.details).toEqual([
        { field: "lines", message: "debits 10.30 and credits 10.00 differ" },
      ]);
      expect(error.message).toBe(
        "The server rejected the request to update journal “j-1” (422): Total debits must equal " +
          "total credits. Problems: lines: debits 10.30 and credits 10.00 differ. Correct the values and try again.",
      );
      expect(error.outcomeUnknown).toBe(false);
    });

    it("names the collection and base URL in a collection 404", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 404, body: "" });
      const error = await failureOf(api.listCollectionPage("/invoicez"));
      expect(error.message).toBe(
        "The collection /invoicez was not found (404) at https://api.example.com/v1. " +
          "Check the collection path, the API address and the version.",
      );
    });

    it("keeps method and URL on the error", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 401 });
      const error = await failureOf(api.listPayments({ limit: 3 }));
      expect([error.method, error.url]).toEqual([
        "GET",
        "https://api.example.com/v1/payments?limit=3",
      ]);
    });
  });

  describe("the token", () => {
    const echoes = [
      ["JSON message", { status: 409, json: { message: `Invalid token ${TOKEN}` } }],
      [
        "JSON details",
        {
          status: 422,
          json: { message: "bad", details: [{ field: TOKEN, message: `got ${TOKEN}` }] },
        },
      ],
      ["plain text", { status: 500, body: `Authorization: Bearer ${TOKEN} rejected` }],
      ["HTML title", { status: 502, body: `<html><title>Bad ${TOKEN}</title></html>` }],
      ["URL-encoded", { status: 400, json: { message: `token=${encodeURIComponent(TOKEN)}` } }],
      ["JSON-escaped", { status: 400, body: `{"message": ${JSON.stringify(`t ${TOKEN}`)}}` }],
    ] as const;

    it.each(echoes)("never appears in an error when the server echoes it (%s)", async (_, step) => {
      const { api, fake } = harness({ retry: { maxAttempts: 1 } });
      fake.reply(step);
      const error = await failureOf(api.updateJournal("j-1", BALANCED));
      expect(everythingIn(error)).not.toContain(TOKEN);
      expect(everythingIn(error)).not.toContain(encodeURIComponent(TOKEN));
      expect(error.message).toContain("[redacted]");
    });

    it("is redacted before server text is shortened, so no part of it survives the cut", async () => {
      // The token straddles the 300-character cut: shortening first would leave its first half.
      const { api, fake } = harness({ retry: { maxAttempts: 1 } });
      fake.reply({ status: 409, json: { message: `${"x".repeat(290)} ${TOKEN}` } });
      const error = await failureOf(api.updateJournal("j-1", BALANCED));
      expect(everythingIn(error)).not.toContain(TOKEN.slice(0, 8));
      expect(error.message).toContain("[redacte");
    });

    it.each([401, 403])(
      "is not looked for on %s: no server text is shown or kept at all",
      async (status) => {
        const { api, fake } = harness({ retry: { maxAttempts: 1 } });
        // A transformed echo (reversed) that no redaction could recognise.
        const echo = [...TOKEN].reverse().join("");
        fake.reply({
          status,
          json: { message: `bad ${echo}`, code: echo, details: [{ field: "t", message: echo }] },
        });
        const error = await failureOf(api.updateJournal("j-1", BALANCED));
        expect(everythingIn(error)).not.toContain(echo);
        expect(error.serverMessage).toBeUndefined();
        expect(error.serverCode).toBeUndefined();
        expect(error.details).toBeUndefined();
        expect(error.message).toMatch(/Check the (token|project identity)/);
      },
    );

    it("never appears in a network error's cause, even if the platform's message holds it", async () => {
      const { api, fake } = harness({ retry: { maxAttempts: 1 } });
      fake.reply({ networkError: `connect failed for Bearer ${TOKEN}` });
      const error = await failureOf(api.listPayments());
      expect(error.kind).toBe("network");
      expect(everythingIn(error)).not.toContain(TOKEN);
      expect(error.cause).toBeInstanceOf(Error);
    });

    it("never appears in the reason given to onRetry", async () => {
      const { api, fake, time, retries } = harness();
      fake.reply(
        { status: 503, json: { message: `busy ${TOKEN}` } },
        { status: 200, json: paymentsPageJson([]) },
      );
      await time.run(api.listPayments());
      expect(retries).toHaveLength(1);
      expect(everythingIn(retries[0]?.reason)).not.toContain(TOKEN);
    });

    it("never appears in a malformed-response error", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: paymentsPageJson([], { message: 7, echo: TOKEN }) });
      const error = await failureOf(api.listPayments());
      expect(error.kind).toBe("malformed-response");
      expect(everythingIn(error)).not.toContain(TOKEN);
    });

    it("does not show when the client is serialized", () => {
      const { api } = harness();
      expect(JSON.stringify(api)).not.toContain(TOKEN);
    });
  });

  describe("retries", () => {
    it("waits the Retry-After seconds of a 429 and tries again", async () => {
      const { api, fake, time, retries } = harness();
      fake.reply(
        { status: 429, headers: { "Retry-After": "7" } },
        { status: 200, json: paymentsPageJson([]) },
      );
      const started = time.nowMs;
      const page = await time.run(api.listPayments());
      expect(page.data).toEqual([]);
      expect(fake.requests).toHaveLength(2);
      expect(retries.map((event) => [event.attempt, event.delayMs, event.reason.kind])).toEqual([
        [1, 7000, "rate-limited"],
      ]);
      expect(time.nowMs - started).toBe(7000);
    });

    it("waits until the HTTP-date of a 429's Retry-After", async () => {
      const { api, fake, time, retries } = harness();
      const at = new Date(time.nowMs + 30_000).toUTCString();
      fake.reply(
        { status: 429, headers: { "Retry-After": at } },
        { status: 200, json: paymentsPageJson([]) },
      );
      await time.run(api.listPayments());
      expect(retries.map((event) => event.delayMs)).toEqual([30_000]);
    });

    it("gives up at once, saying how long to wait, when Retry-After exceeds 60 s", async () => {
      const { api, fake, time } = harness();
      fake.reply({ status: 429, headers: { "Retry-After": "120" } });
      const error = await failureOf(time.run(api.listPayments()));
      expect({
        kind: error.kind,
        retryAfterMs: error.retryAfterMs,
        message: error.message,
      }).toEqual({
        kind: "rate-limited",
        retryAfterMs: 120_000,
        message: "The server is limiting requests (429). Try again in 120 s.",
      });
      expect(fake.requests).toHaveLength(1);
    });

    it("gives up when Retry-After is beyond the remaining time budget", async () => {
      const { api, fake, time } = harness({ retry: { totalTimeMs: 10_000 } });
      fake.reply({ status: 429, headers: { "Retry-After": "20" } });
      const error = await failureOf(time.run(api.listPayments()));
      expect(error.message).toBe("The server is limiting requests (429). Try again in 20 s.");
      expect(fake.requests).toHaveLength(1);
    });

    it("retries 503 with backoff and returns the later success", async () => {
      const { api, fake, time, retries } = harness();
      fake.reply({ status: 503 }, { status: 200, json: paymentsPageJson([]) });
      await time.run(api.listPayments());
      expect(fake.requests).toHaveLength(2);
      // Full jitter with random() = 0.5: half of the 500 ms base.
      expect(retries.map((event) => [event.delayMs, event.reason.status])).toEqual([[250, 503]]);
    });

    it.each([502, 504])("retries %s", async (status) => {
      const { api, fake, time } = harness();
      fake.reply({ status }, { status: 200, json: paymentsPageJson([]) });
      await time.run(api.listPayments());
      expect(fake.requests).toHaveLength(2);
    });

    it("retries a network error and returns the later success", async () => {
      const { api, fake, time, retries } = harness();
      fake.reply({ networkError: "fetch failed" }, { status: 200, json: journalResponseJson() });
      const answer = await time.run(api.getJournal("JNL-9"));
      expect(answer.data.reference).toBe("JNL-9");
      expect(retries.map((event) => event.reason.kind)).toEqual(["network"]);
    });

    it("doubles the backoff ceiling after each failure (full jitter)", async () => {
      const { api, fake, time, retries } = harness();
      fake.reply(
        { status: 503 },
        { status: 503 },
        { status: 503 },
        { status: 200, json: paymentsPageJson([]) },
      );
      await time.run(api.listPayments());
      expect(retries.map((event) => event.delayMs)).toEqual([250, 500, 1000]);
    });

    it("draws each backoff from the whole range [0, ceiling)", async () => {
      const draws = [0, 0.999];
      const { api, fake, time, retries } = harness({ random: () => draws.shift() ?? 0 });
      fake.reply({ status: 503 }, { status: 503 }, { status: 200, json: paymentsPageJson([]) });
      await time.run(api.listPayments());
      expect(retries.map((event) => event.delayMs)).toEqual([0, 999]);
    });

    it("stops after 4 attempts and says so", async () => {
      const { api, fake, time, retries } = harness();
      fake.reply(
        { status: 503 },
        { status: 503 },
        { status: 503 },
        { status: 503 },
        { status: 200 },
      );
      const error = await failureOf(time.run(api.listPayments()));
      expect(fake.requests).toHaveLength(4);
      expect(retries).toHaveLength(3);
      expect({ kind: error.kind, attempts: error.attempts, message: error.message }).toEqual({
        kind: "server",
        attempts: 4,
        message:
          "The server failed to list payments (503). Try again later; if it keeps failing, " +
          "contact the service's support. (Tried 4 times.)",
      });
    });

    it("gives up a 429 without Retry-After after the attempts, telling to wait", async () => {
      const { api, fake, time } = harness({ retry: { maxAttempts: 2 } });
      fake.reply({ status: 429 }, { status: 429 });
      const error = await failureOf(time.run(api.listPayments()));
      expect(error.message).toBe(
        "The server is limiting requests (429). Wait a moment and try again. (Tried 2 times.)",
      );
    });

    it("stays within the total time budget", async () => {
      const { api, fake, time, retries } = harness({
        random: () => 0.9,
        retry: { baseDelayMs: 40_000, maxDelayMs: 40_000 },
      });
      fake.reply({ status: 503 }, { status: 503 }, { status: 503 });
      const started = time.nowMs;
      const error = await failureOf(time.run(api.listPayments()));
      expect(retries.map((event) => event.delayMs)).toEqual([36_000]);
      expect(fake.requests).toHaveLength(2);
      expect(error.attempts).toBe(2);
      expect(time.nowMs - started).toBeLessThanOrEqual(60_000);
    });

    it("shortens an attempt's timeout to the time left in the budget", async () => {
      const { api, fake, time } = harness({
        random: () => 0.9,
        retry: { baseDelayMs: 40_000, maxDelayMs: 40_000 },
      });
      fake.reply({ status: 503 }, { hang: true });
      const started = time.nowMs;
      const error = await failureOf(time.run(api.listPayments()));
      expect(error.kind).toBe("timeout");
      expect(error.message).toContain("did not answer within 24 s");
      expect(time.nowMs - started).toBe(60_000);
    });

    it("does not retry 500", async () => {
      const { api, fake, time } = harness();
      fake.reply({ status: 500 }, { status: 200, json: paymentsPageJson([]) });
      const error = await failureOf(time.run(api.listPayments()));
      expect(error.kind).toBe("server");
      expect(fake.requests).toHaveLength(1);
      expect(fake.remaining).toBe(1);
    });

    it("retries a GET's 500 and any other 5xx when retryServerErrors is on, never a PATCH", async () => {
      const { api, fake, time } = harness({ retry: { retryServerErrors: true } });
      fake.reply({ status: 500 }, { status: 507 }, { status: 200, json: paymentsPageJson([]) });
      expect((await time.run(api.listPayments())).data).toEqual([]);
      expect(fake.requests).toHaveLength(3);
      const patch = harness({ retry: { retryServerErrors: true } });
      patch.fake.reply({ status: 500 }, { status: 200, json: {} });
      await failureOf(patch.time.run(patch.api.updateJournal("j-1", BALANCED)));
      expect(patch.fake.requests).toHaveLength(1);
    });

    it.each([400, 401, 403, 404, 409, 422])("does not retry %s", async (status) => {
      const { api, fake, time } = harness();
      fake.reply({ status }, { status: 200, json: paymentsPageJson([]) });
      await failureOf(time.run(api.listPayments()));
      expect(fake.requests).toHaveLength(1);
    });

    it("does not retry a timeout", async () => {
      const { api, fake, time } = harness();
      fake.reply({ hang: true }, { status: 200, json: paymentsPageJson([]) });
      const error = await failureOf(time.run(api.listPayments()));
      expect(error.kind).toBe("timeout");
      expect(fake.requests).toHaveLength(1);
    });

    it("lets each call have its own onRetry hook too", async () => {
      const { api, fake, time } = harness();
      const seen: number[] = [];
      fake.reply({ status: 503 }, { status: 200, json: paymentsPageJson([]) });
      await time.run(api.listPayments({ onRetry: (event) => seen.push(event.attempt) }));
      expect(seen).toEqual([1]);
    });
  });

  describe("updates (PATCH)", () => {
    it.each([429, 502, 503, 504])("is never re-sent, even after %s", async (status) => {
      const { api, fake, time, retries } = harness();
      fake.reply(
        { status, headers: { "Retry-After": "1" } },
        { status: 200, json: journalResponseJson() },
      );
      await failureOf(time.run(api.updateJournal("j-1", BALANCED)));
      expect(fake.requests).toHaveLength(1);
      expect(retries).toHaveLength(0);
    });

    it("is never re-sent after a network error, whose outcome is unknown", async () => {
      const { api, fake, time } = harness();
      fake.reply({ networkError: "socket hang up" }, { status: 200, json: journalResponseJson() });
      const error = await failureOf(time.run(api.updateJournal("j-1", BALANCED)));
      expect(fake.requests).toHaveLength(1);
      expect({
        kind: error.kind,
        outcomeUnknown: error.outcomeUnknown,
        message: error.message,
      }).toEqual({
        kind: "network",
        outcomeUnknown: true,
        message:
          "Could not reach https://api.example.com (network error). Check your connection and " +
          `the API address. ${RELOAD}`,
      });
    });

    it("reports a timeout as an unknown outcome", async () => {
      const { api, fake, time } = harness();
      fake.reply({ hang: true });
      const error = await failureOf(time.run(api.updateJournal("j-1", BALANCED)));
      expect({
        kind: error.kind,
        outcomeUnknown: error.outcomeUnknown,
        message: error.message,
      }).toEqual({
        kind: "timeout",
        outcomeUnknown: true,
        message:
          "The server at https://api.example.com did not answer within 30 s while trying to update " +
          "journal “j-1”. Try again; if it keeps happening, check your connection and the API " +
          `address. ${RELOAD}`,
      });
    });

    it.each([
      [502, true],
      [504, true],
      [503, false],
      [500, false],
      [422, false],
    ])("after %s, says outcomeUnknown = %s", async (status, unknown) => {
      const { api, fake, time } = harness();
      fake.reply({ status });
      const error = await failureOf(time.run(api.updateJournal("j-1", BALANCED)));
      expect(error.outcomeUnknown).toBe(unknown);
      expect(error.message.endsWith(RELOAD)).toBe(unknown);
    });

    it("says the change was probably saved when a 200 answer cannot be read", async () => {
      const { api, fake } = harness();
      fake.reply({
        status: 200,
        body: "<html>OK</html>",
        headers: { "Content-Type": "text/html" },
      });
      const error = await failureOf(api.updateJournal("j-1", BALANCED));
      expect({
        kind: error.kind,
        outcomeUnknown: error.outcomeUnknown,
        message: error.message,
      }).toEqual({
        kind: "malformed-response",
        outcomeUnknown: true,
        message:
          "The server's answer to update journal “j-1” was not valid JSON (content type text/html). " +
          "The server reported success (200), so the change was probably saved; reload the journal to check.",
      });
    });

    it("refuses an update that is not well formed without sending it", async () => {
      const { api, fake } = harness();
      const update = {
        ...BALANCED,
        lines: [{ account_id: "acc-1", amount: "1e5", type: "DEBIT" as const }],
      };
      const error = await failureOf(api.updateJournal("j-1", update));
      expect(error.kind).toBe("validation");
      expect(error.details).toEqual([
        { field: "lines[0].amount", message: 'expected a decimal string such as 10.30, got "1e5"' },
      ]);
      expect(fake.requests).toHaveLength(0);
    });

    it("returns the saved journal", async () => {
      const { api, fake } = harness();
      fake.reply({
        status: 200,
        json: journalResponseJson({ updated_at: "2025-01-15T09:00:00Z" }),
      });
      const answer = await api.updateJournal("j-1", BALANCED);
      expect(answer.data.updated_at).toBe("2025-01-15T09:00:00Z");
    });
  });

  describe("cancelling", () => {
    it("fails as aborted without sending when the signal is already aborted", async () => {
      const { api, fake } = harness();
      const controller = new AbortController();
      controller.abort();
      const error = await failureOf(api.listPayments({ signal: controller.signal }));
      expect({ kind: error.kind, outcomeUnknown: error.outcomeUnknown }).toEqual({
        kind: "aborted",
        outcomeUnknown: false,
      });
      expect(fake.requests).toHaveLength(0);
    });

    it("stops a request in flight and aborts the fetch", async () => {
      const { api, fake, time } = harness();
      fake.reply({ hang: true });
      const controller = new AbortController();
      const call = failureOf(api.listPayments({ signal: controller.signal }));
      await time.flush();
      controller.abort();
      const error = await call;
      expect([error.kind, error.message]).toEqual([
        "aborted",
        "Cancelled: the request to list payments was stopped.",
      ]);
      expect(fake.requests[0]?.signal.aborted).toBe(true);
      // The timeouts' wait stops once the work queued after the cancel has run.
      await time.flush();
      expect(time.pendingTimers()).toEqual([]);
    });

    it("stops while the body is arriving", async () => {
      const { api, fake, time } = harness();
      fake.reply({ status: 200, body: "{}", hangBody: true });
      const controller = new AbortController();
      const call = failureOf(api.listPayments({ signal: controller.signal }));
      await time.flush();
      controller.abort();
      expect((await call).kind).toBe("aborted");
    });

    it("ends a wait between retries at once, without another attempt", async () => {
      const { api, fake, time, retries } = harness();
      fake.reply({ status: 503 }, { status: 200, json: paymentsPageJson([]) });
      const controller = new AbortController();
      const started = time.nowMs;
      const call = failureOf(api.listPayments({ signal: controller.signal }));
      await time.flush();
      expect(retries).toHaveLength(1);
      controller.abort();
      const error = await call;
      expect(error.kind).toBe("aborted");
      expect(fake.requests).toHaveLength(1);
      expect(time.nowMs).toBe(started);
      expect(time.pendingTimers()).toEqual([]);
    });

    it("says a cancelled update in flight may or may not have been saved", async () => {
      const { api, fake, time } = harness();
      fake.reply({ hang: true });
      const controller = new AbortController();
      const call = failureOf(api.updateJournal("j-1", BALANCED, { signal: controller.signal }));
      await time.flush();
      controller.abort();
      const error = await call;
      expect({ kind: error.kind, outcomeUnknown: error.outcomeUnknown }).toEqual({
        kind: "aborted",
        outcomeUnknown: true,
      });
      expect(error.message).toBe(
        `Cancelled: the request to update journal “j-1” was stopped. ${RELOAD}`,
      );
    });
  });

  describe("timeouts", () => {
    it("fails as timeout after 30 s and aborts the fetch", async () => {
      const { api, fake, time } = harness();
      fake.reply({ hang: true });
      const started = time.nowMs;
      const error = await failureOf(time.run(api.listPayments()));
      expect({
        kind: error.kind,
        outcomeUnknown: error.outcomeUnknown,
        message: error.message,
      }).toEqual({
        kind: "timeout",
        outcomeUnknown: false,
        message:
          "The server at https://api.example.com did not answer within 30 s while trying to list " +
          "payments. Try again; if it keeps happening, check your connection and the API address.",
      });
      expect(time.nowMs - started).toBe(30_000);
      expect(fake.requests[0]?.signal.aborted).toBe(true);
    });

    it("covers the arrival of the body, not only the headers", async () => {
      const { api, fake, time } = harness({ timeoutMs: 5_000 });
      fake.reply({ status: 200, body: "{}", hangBody: true });
      const error = await failureOf(time.run(api.listPayments()));
      expect(error.kind).toBe("timeout");
      expect(error.message).toContain("within 5 s");
    });

    it("leaves no timer behind once the answer is in and the work queued after it has run", async () => {
      const { api, fake, time } = harness();
      fake.reply({ status: 200, json: paymentsPageJson([]) });
      await api.listPayments();
      await time.flush();
      expect(time.pendingTimers()).toEqual([]);
    });

    it("keeps one wait for requests that follow each other, each timed from its own start", async () => {
      const { api, fake, time } = harness({ timeoutMs: 5_000 });
      let answerFirst = (): void => undefined;
      fake.reply(
        () =>
          new Promise((resolve) => {
            answerFirst = () => resolve(response(200, JSON.stringify(paymentsPageJson([]))));
          }),
        { hang: true },
      );
      const started = time.nowMs;
      // The second request leaves in the work queued after the first, as a walk's next page does.
      const second = api.listPayments().then(() => api.listPayments());
      await time.advance(3_000);
      answerFirst();
      const error = await failureOf(time.run(second));
      expect(error.kind).toBe("timeout");
      expect(time.nowMs - started).toBe(8_000);
      // Up at the first's time, the wait found the second not yet due and waited its rest.
      expect(time.sleeps).toEqual([5_000, 3_000]);
      await time.flush();
      expect(time.pendingTimers()).toEqual([]);
    });
  });

  describe("answers that are not what the contract promises", () => {
    it("reports invalid JSON with its content type", async () => {
      const { api, fake } = harness();
      fake.reply({
        status: 200,
        body: "<!doctype html><p>Sign in</p>",
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
      const error = await failureOf(api.listPayments());
      expect([error.kind, error.message]).toEqual([
        "malformed-response",
        "The server's answer to list payments was not valid JSON (content type text/html). " +
          "Check the API address and version; if they are right, report this to the service's support.",
      ]);
    });

    it("reports an empty answer", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, body: "" });
      const error = await failureOf(api.getJournal("JNL-9"));
      expect(error.message).toMatch(
        /^The server's answer to read journal “JNL-9” was empty instead of JSON\./,
      );
    });

    it("names the first field that has the wrong shape", async () => {
      const { api, fake } = harness();
      const payments = [0, 1, 2, 3].map((index) => ({
        ...paymentJsonWithId(index),
        ...(index === 3 ? { amount: 12.5 } : {}),
      }));
      fake.reply({ status: 200, json: paymentsPageJson(payments) });
      const error = await failureOf(api.listPayments());
      expect(error.message).toBe(
        "The server's answer to list payments was not the expected shape: data[3].amount: " +
          "expected a decimal string, got 12.5. Check the API address and version; if they are " +
          "right, report this to the service's support.",
      );
    });

    it("refuses a journal status the contract does not know", async () => {
      const { api, fake } = harness();
      fake.reply({ status: 200, json: journalResponseJson({ status: "DELETED" }) });
      const error = await failureOf(api.getJournal("JNL-9"));
      expect(error.message).toContain(
        'data.status: expected one of DRAFT, POSTED, ARCHIVED, VOIDED, got "DELETED"',
      );
    });
  });
});

import { paymentJson } from "./fixtures";

function paymentJsonWithId(index: number): Record<string, unknown> {
  return paymentJson({ id: `p-${index}` });
}
