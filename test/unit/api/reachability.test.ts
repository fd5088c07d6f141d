// Telling apart why a request got no answer: offline, nothing at the address, or CORS.
import { LedgerApi } from "../../../src/api";
import { diagnoseNoAnswer, noAnswerMessage } from "../../../src/api/reachability";

describe("diagnoseNoAnswer()", () => {
  it("says offline without sending anything when the browser has no network", async () => {
    const sent: string[] = [];
    const fetch = (url: string) => {
      sent.push(url);
      return Promise.resolve({});
    };
    expect(await diagnoseNoAnswer("https://api.example.com", { fetch, online: false })).toBe(
      "offline",
    );
    expect(sent).toEqual([]);
  });

  it("sends one plain no-cors GET: an answer means CORS refused ours, none means unreachable", async () => {
    const inits: RequestInit[] = [];
    const answers = (url: string, init: RequestInit) => {
      inits.push(init);
      return Promise.resolve({ type: "opaque", url });
    };
    expect(
      await diagnoseNoAnswer("https://api.example.com", { fetch: answers, online: true }),
    ).toBe("cors");
    expect(inits[0]).toMatchObject({ mode: "no-cors", method: "GET", credentials: "omit" });
    // No custom headers: the probe needs no preflight.
    expect(inits[0]?.headers).toBeUndefined();
    const fails = () => Promise.reject(new TypeError("Failed to fetch"));
    expect(await diagnoseNoAnswer("https://api.example.com", { fetch: fails })).toBe("unreachable");
  });

  it("gives up on a probe that hangs", async () => {
    const hangs = (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    expect(await diagnoseNoAnswer("https://api.example.com", { fetch: hangs, timeoutMs: 20 })).toBe(
      "unreachable",
    );
  });

  it("says what to do, naming the add-in's origin for CORS", () => {
    expect(noAnswerMessage("cors", "https://api.example.com", "https://addins.example.org")).toBe(
      "api.example.com answers, but does not allow requests from this add-in (CORS). Ask the API's owner to allow the origin https://addins.example.org (Access-Control-Allow-Origin, with the Authorization, identity and Content-Type headers, for GET and PATCH); see docs/deploy.md.",
    );
    expect(noAnswerMessage("unreachable", "http://127.0.0.1:9", "x")).toMatch(
      /^Could not reach 127\.0\.0\.1:9: the address does not resolve or refuses connections\./,
    );
    expect(noAnswerMessage("offline", "https://a", "x")).toMatch(/^This computer is offline\./);
  });
});

describe("the client with explainNoAnswer", () => {
  const connection = {
    apiAddress: "https://api.example.com/v1",
    version: "v1" as const,
    token: "secret-token",
    identity: "acme",
  };
  const noAnswer = () => Promise.reject(new TypeError("Failed to fetch"));

  it("gives a call that got no answer the host's reason, with the attempts", async () => {
    const origins: string[] = [];
    const api = new LedgerApi(connection, {
      fetch: noAnswer,
      retry: { maxAttempts: 2, baseDelayMs: 0, maxDelayMs: 0 },
      explainNoAnswer: (origin) => {
        origins.push(origin);
        return Promise.resolve(`${origin} answers, but does not allow requests (CORS).`);
      },
    });
    await expect(api.listPayments({ limit: 1 })).rejects.toMatchObject({
      kind: "network",
      message:
        "https://api.example.com answers, but does not allow requests (CORS). (Tried 2 times.)",
    });
    expect(origins).toEqual(["https://api.example.com"]);
  });

  it("keeps the warning of a change that may have been applied", async () => {
    const api = new LedgerApi(connection, {
      fetch: noAnswer,
      explainNoAnswer: () => Promise.resolve("replaced"),
    });
    const error = await api
      .updateJournal("JNL-1", {
        transaction_date: "2025-01-15T00:00:00Z",
        currency_code: "USD",
        lines: [
          { account_id: "acc-1", amount: "10.30", type: "DEBIT" },
          { account_id: "acc-2", amount: "10.30", type: "CREDIT" },
        ],
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "network", outcomeUnknown: true });
    expect((error as Error).message).not.toBe("replaced");
    expect((error as Error).message).toMatch(/Could not reach/);
  });
});
