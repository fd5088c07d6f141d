import { ApiError, redactSecret } from "../../../src/api";
import { redactError, redactWord } from "../../../src/api/redaction";

const SECRET = "s3cr3t+/=tok";

describe("redaction.ts", () => {
  describe("redactSecret()", () => {
    it("removes the secret as is, URL-encoded and JSON-escaped", () => {
      expect(redactSecret(`a ${SECRET} b ${encodeURIComponent(SECRET)} c`, SECRET)).toBe(
        "a [redacted] b [redacted] c",
      );
      expect(redactSecret('say "q\\"x"', 'q"x')).toBe('say "[redacted]"');
    });

    it("leaves other text alone", () => {
      expect(redactSecret("nothing to hide", SECRET)).toBe("nothing to hide");
    });
  });

  describe("redactError()", () => {
    it("cleans message, server message, code, details, URL and a cause that mentions the secret", () => {
      const cause = new Error("outer", { cause: new Error(`inner ${SECRET}`) });
      const error = new ApiError("auth", `bad ${SECRET}`, {
        status: 401,
        serverMessage: `echo ${SECRET}`,
        serverCode: SECRET,
        details: [{ field: SECRET, message: `got ${SECRET}` }],
        url: `https://h/v1?x=${encodeURIComponent(SECRET)}`,
        cause,
      });
      const clean = redactError(error, SECRET);
      expect(clean).toMatchObject({
        kind: "auth",
        status: 401,
        message: "bad [redacted]",
        serverMessage: "echo [redacted]",
        serverCode: "[redacted]",
        details: [{ field: "[redacted]", message: "got [redacted]" }],
        url: "https://h/v1?x=[redacted]",
      });
      expect(clean.cause).toBeInstanceOf(Error);
      expect(String((clean.cause as Error).message)).not.toContain(SECRET);
      expect((clean.cause as Error).cause).toBeUndefined();
    });

    it("keeps a cause that does not mention the secret", () => {
      const cause = new TypeError("fetch failed");
      expect(redactError(new ApiError("network", "x", { cause }), SECRET).cause).toBe(cause);
    });
  });
});

describe("redaction whatever the case and URL encoding", () => {
  const TOKEN = "Tok en/Ab+c";
  const IDENTITY = "Acme Ltd/EU";

  it("removes an echo of the token in another case", () => {
    const echoed = `bad token ${TOKEN.toUpperCase()} and ${TOKEN.toLowerCase()}`;
    expect(redactSecret(echoed, TOKEN)).toBe("bad token [redacted] and [redacted]");
  });

  it("removes the token URL-encoded, with + for spaces, and with lower-case escapes", () => {
    const plus = encodeURIComponent(TOKEN).replace(/%20/g, "+");
    const lower = encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
    expect(redactSecret(`a=${plus}&b=${lower}`, TOKEN)).toBe("a=[redacted]&b=[redacted]");
  });

  it("removes the identity in another case and URL-encoded, still only as a word of its own", () => {
    const plus = encodeURIComponent(IDENTITY).replace(/%20/g, "+");
    const text = `no project ${IDENTITY.toUpperCase()}; q=${plus}; ${encodeURIComponent(IDENTITY)}`;
    expect(redactWord(text, IDENTITY)).toBe("no project [redacted]; q=[redacted]; [redacted]");
    expect(redactWord("DEMONSTRATE the DEMO", "demo")).toBe("DEMONSTRATE the [redacted]");
  });

  it("redactError() cleans an upper-cased echo of both", () => {
    const error = new ApiError("auth", "refused", {
      status: 401,
      serverMessage: `token ${TOKEN.toUpperCase()} is not valid for ${IDENTITY.toLowerCase()}`,
    });
    const clean = redactError(error, TOKEN, IDENTITY);
    expect(clean.serverMessage).toBe("token [redacted] is not valid for [redacted]");
  });
});
