// The project identity is an API key in the contract, and an error's text can end up in a
// workbook (a status cell, a formula's error message): no failure names it, neither in the
// add-in's own words nor where a server echoes it.
import { redactWord } from "../../../src/api/redaction";
import type { Step } from "./fakeFetch";
import { IDENTITY, paymentsPageJson } from "./fixtures";
import { everythingIn, failureOf, harness } from "./harness";

/** A server that echoes the identity in every field an error body can have. */
function echoing(status: number): Step {
  return {
    status,
    json: {
      message: `Project ${IDENTITY} refused this`,
      code: IDENTITY,
      details: [{ field: IDENTITY, message: `not for ${IDENTITY}` }],
    },
  };
}

describe("no failure text names the project identity", () => {
  it.each([401, 403, 404, 409, 422, 429, 500, 502, 503])(
    "%s, with a server that echoes it",
    async (status) => {
      const { api, fake } = harness({ retry: { maxAttempts: 1 } });
      fake.reply(echoing(status));
      const error = await failureOf(api.getJournal("JNL-9"));
      expect(error.status).toBe(status);
      expect(everythingIn(error)).not.toContain(IDENTITY);
    },
  );

  it.each([401, 403, 404, 422, 429, 500])("%s, with a server that says nothing", async (status) => {
    const { api, fake } = harness({ retry: { maxAttempts: 1 } });
    fake.reply({ status, body: "" });
    const error = await failureOf(api.getJournal("JNL-9"));
    expect(everythingIn(error)).not.toContain(IDENTITY);
  });

  it("403 says which field to check, not what is in it", async () => {
    const { api, fake } = harness({ retry: { maxAttempts: 1 } });
    fake.reply({ status: 403, body: "" });
    const error = await failureOf(api.listPayments());
    expect(error.message).toBe(
      "The token is not allowed for this project (403). Check the project identity.",
    );
  });

  it("a network failure, also when the platform's message holds it", async () => {
    const { api, fake } = harness({ retry: { maxAttempts: 1 } });
    fake.reply({ networkError: `connect failed (identity: ${IDENTITY})` });
    const error = await failureOf(api.listPayments());
    expect(error.kind).toBe("network");
    expect(everythingIn(error)).not.toContain(IDENTITY);
  });

  it("the reason given to onRetry", async () => {
    const { api, fake, time, retries } = harness();
    fake.reply(echoing(503), { status: 200, json: paymentsPageJson([]) });
    await time.run(api.listPayments());
    expect(retries).toHaveLength(1);
    expect(everythingIn(retries[0]?.reason)).not.toContain(IDENTITY);
  });
});

describe("redactWord()", () => {
  it("replaces the word standing alone, as is, URL-encoded or JSON-escaped", () => {
    expect(redactWord("for demo, and demo", "demo")).toBe("for [redacted], and [redacted]");
    expect(redactWord("id=a%20b; a b", "a b")).toBe("id=[redacted]; [redacted]");
    expect(redactWord('say "q\\"x"', 'q"x')).toBe('say "[redacted]"');
    expect(redactWord("acme-ltd.", "acme-ltd")).toBe("[redacted].");
  });

  it("leaves it inside a longer word, so a short identity does not garble the text", () => {
    expect(redactWord("demonstrate the demo2 demo", "demo")).toBe(
      "demonstrate the demo2 [redacted]",
    );
    expect(redactWord("nothing here", "demo")).toBe("nothing here");
  });
});
