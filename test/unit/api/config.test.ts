import {
  ApiError,
  ApiVersion,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  resolveBaseUrl,
  resolveConnection,
  resolveOptions,
} from "../../../src/api";

function configFailure(action: () => unknown): ApiError {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError && error.kind === "config") return error;
    throw error;
  }
  throw new Error("expected a config error");
}

const EXAMPLE = "for example https://api.example.com/v1";

describe("config.ts", () => {
  describe("resolveBaseUrl()", () => {
    it.each<[string, ApiVersion, string]>([
      ["https://api.example.com/v1", "v1", "https://api.example.com/v1"],
      ["https://api.example.com/v1", "rc-1", "https://api.example.com/rc-1"],
      ["https://api.example.com/rc-1", "v1", "https://api.example.com/v1"],
      ["https://api.example.com/rc-1", "rc-1", "https://api.example.com/rc-1"],
      ["https://api.example.com/v1/", "v1", "https://api.example.com/v1"],
      ["https://api.example.com/rc-1///", "rc-1", "https://api.example.com/rc-1"],
      ["https://api.example.com", "v1", "https://api.example.com/v1"],
      ["https://api.example.com/", "rc-1", "https://api.example.com/rc-1"],
      ["  https://api.example.com/v1 \n", "v1", "https://api.example.com/v1"],
      ["HTTPS://API.Example.COM:443/v1", "v1", "https://api.example.com/v1"],
      ["https://api.example.com:8443/v1", "rc-1", "https://api.example.com:8443/rc-1"],
      ["http://localhost:4010/v1", "rc-1", "http://localhost:4010/rc-1"],
      ["http://127.0.0.1:4010", "v1", "http://127.0.0.1:4010/v1"],
      ["http://[::1]:4010/rc-1", "v1", "http://[::1]:4010/v1"],
    ])("puts the version in the first path segment: %s as %s", (address, version, expected) => {
      expect(resolveBaseUrl(address, version)).toBe(expected);
    });

    it.each([
      ["", `Enter the API address, ${EXAMPLE}.`],
      ["   ", `Enter the API address, ${EXAMPLE}.`],
      ["api.example.com/v1", `The API address is not a web address. Enter it in full, ${EXAMPLE}.`],
      ["not a url", `The API address is not a web address. Enter it in full, ${EXAMPLE}.`],
      ["ftp://api.example.com/v1", `The API address must start with https://, ${EXAMPLE}.`],
      [
        "http://api.example.com/v1",
        `The API address must use https:// (plain http:// is allowed only for localhost), ${EXAMPLE}.`,
      ],
      [
        "http://localhost.example.com/v1",
        `The API address must use https:// (plain http:// is allowed only for localhost), ${EXAMPLE}.`,
      ],
      [
        "https://user:secret@api.example.com/v1",
        "The API address must not contain a user name or password; enter the token in its own field.",
      ],
      [
        "https://api.example.com/v1?token=abc",
        `The API address must not contain “?” or “#”; enter only the base address, ${EXAMPLE}.`,
      ],
      [
        "https://api.example.com/v1?",
        `The API address must not contain “?” or “#”; enter only the base address, ${EXAMPLE}.`,
      ],
      [
        "https://api.example.com/v1#top",
        `The API address must not contain “?” or “#”; enter only the base address, ${EXAMPLE}.`,
      ],
      [
        "https://api.example.com/api/v1",
        "The API address must end in the version, /v1 or /rc-1, but its path starts with “/api”. " +
          `Enter the base address, ${EXAMPLE}.`,
      ],
      [
        "https://api.example.com/v2",
        "The API address must end in the version, /v1 or /rc-1, but its path starts with “/v2”. " +
          `Enter the base address, ${EXAMPLE}.`,
      ],
      [
        "https://api.example.com/V1",
        "The API address must end in the version, /v1 or /rc-1, but its path starts with “/V1”. " +
          `Enter the base address, ${EXAMPLE}.`,
      ],
      [
        "https://api.example.com/v1/payments",
        "The API address must end after the version, but it continues with “/payments”. " +
          `Enter the base address, ${EXAMPLE}.`,
      ],
    ])("refuses %j with a config error saying what to do", (address, message) => {
      const error = configFailure(() => resolveBaseUrl(address, "v1"));
      expect(error.message).toBe(message);
    });

    it("does not repeat back text that is not a web address (it may be a misplaced token)", () => {
      const error = configFailure(() => resolveBaseUrl("eyJhbGciOiJIUzI1NiJ9.c2VjcmV0", "v1"));
      expect(error.message).not.toContain("eyJhbGciOiJIUzI1NiJ9");
    });

    it("refuses a version other than v1 and rc-1", () => {
      const error = configFailure(() =>
        resolveBaseUrl("https://api.example.com/v1", "v2" as unknown as ApiVersion),
      );
      expect(error.message).toBe("The API version must be v1 or rc-1.");
    });
  });

  describe("resolveConnection()", () => {
    const valid = {
      apiAddress: "https://api.example.com/v1",
      version: "rc-1" as const,
      token: "abc.DEF-123_456+/=",
      identity: "acme-ltd",
    };

    it("resolves the base URL and origin and keeps token and identity", () => {
      expect(resolveConnection(valid)).toEqual({
        baseUrl: "https://api.example.com/rc-1",
        origin: "https://api.example.com",
        version: "rc-1",
        token: "abc.DEF-123_456+/=",
        identity: "acme-ltd",
      });
    });

    it("trims a token and an identity pasted with spaces or a line break", () => {
      const resolved = resolveConnection({ ...valid, token: "  abc\n", identity: " acme-ltd\t" });
      expect([resolved.token, resolved.identity]).toEqual(["abc", "acme-ltd"]);
    });

    it.each([
      [{ token: "" }, "Enter the access token."],
      [{ token: "   " }, "Enter the access token."],
      [{ identity: "" }, "Enter the project identity."],
      [
        { token: "abc def-secret" },
        "The access token contains spaces, line breaks or non-ASCII characters. " +
          "Paste the token exactly as it was issued.",
      ],
      [
        { token: "abc\ndef-secret" },
        "The access token contains spaces, line breaks or non-ASCII characters. " +
          "Paste the token exactly as it was issued.",
      ],
      [
        { token: "tökén-secret" },
        "The access token contains spaces, line breaks or non-ASCII characters. " +
          "Paste the token exactly as it was issued.",
      ],
      [
        { identity: "acme\nltd" },
        "The project identity contains line breaks or non-ASCII characters. " +
          "Paste the identity exactly as it was issued.",
      ],
    ])("refuses %j with a config error", (change, message) => {
      const error = configFailure(() => resolveConnection({ ...valid, ...change }));
      expect(error.message).toBe(message);
      expect(error.message).not.toContain("secret");
    });
  });

  describe("resolveOptions()", () => {
    it("defaults to a 30 s timeout and 4 attempts within 60 s", () => {
      const options = resolveOptions({ fetch: () => Promise.reject(new Error("unused")) });
      expect(options.timeoutMs).toBe(30_000);
      expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
      expect(options.retry).toEqual({
        maxAttempts: 4,
        baseDelayMs: 500,
        maxDelayMs: 8_000,
        totalTimeMs: 60_000,
        maxRetryAfterMs: 60_000,
        retryServerErrors: false,
      });
      expect(options.retry).toEqual(DEFAULT_RETRY_POLICY);
    });

    it("keeps the defaults of retry settings that are not given", () => {
      expect(resolveOptions({ retry: { maxAttempts: 2 } }).retry).toEqual({
        ...DEFAULT_RETRY_POLICY,
        maxAttempts: 2,
      });
    });

    it.each([
      [{ timeoutMs: 0 }, "The client option timeoutMs must be a positive number."],
      [{ timeoutMs: NaN }, "The client option timeoutMs must be a positive number."],
      [
        { retry: { maxAttempts: 0 } },
        "The client option retry.maxAttempts must be a positive whole number.",
      ],
      [
        { retry: { maxAttempts: 1.5 } },
        "The client option retry.maxAttempts must be a positive whole number.",
      ],
      [{ retry: { baseDelayMs: -1 } }, "The client option retry.baseDelayMs must be zero or more."],
    ])("refuses %j", (options, message) => {
      expect(configFailure(() => resolveOptions(options)).message).toBe(message);
    });
  });
});
