import { ApiError, redactSecret } from "../../../src/api";
import { redactError } from "../../../src/api/redaction";

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
