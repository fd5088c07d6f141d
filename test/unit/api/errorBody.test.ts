import { readErrorBody } from "../../../src/api/errorBody";

describe("errorBody.ts", () => {
  describe("readErrorBody()", () => {
    it("reads the sandbox's shape: message, error.code and error.details", () => {
      const body = JSON.stringify({
        status: false,
        message: "Total debits 10.00 do not equal total credits 9.00.",
        error: {
          code: "unbalanced_journal",
          details: [{ field: "lines", message: "differ by 1.00" }],
        },
      });
      expect(readErrorBody(body)).toEqual({
        message: "Total debits 10.00 do not equal total credits 9.00.",
        code: "unbalanced_journal",
        details: [{ field: "lines", message: "differ by 1.00" }],
      });
    });

    it.each([
      [{ error: "invalid_token" }, "invalid_token"],
      [{ error: { message: "Nested message" } }, "Nested message"],
      [{ detail: "Problem detail" }, "Problem detail"],
      [{ title: "Not Found", status: 404 }, "Not Found"],
      ["Just a JSON string", "Just a JSON string"],
    ])("finds the message in %j", (json, message) => {
      expect(readErrorBody(JSON.stringify(json)).message).toBe(message);
    });

    it("reads details given as strings, as {loc, msg} and as a field map", () => {
      const body = JSON.stringify({
        details: ["first problem"],
        detail: [{ loc: ["body", "lines", 0, "amount"], msg: "not a number" }],
        errors: { currency_code: ["is required", "must be 3 letters"] },
      });
      expect(readErrorBody(body).details).toEqual([
        { message: "first problem" },
        { field: "currency_code", message: "is required" },
        { field: "currency_code", message: "must be 3 letters" },
        { field: "body.lines.0.amount", message: "not a number" },
      ]);
    });

    it("uses the title of an HTML error page and nothing else from it", () => {
      const html =
        "<html><head><title>502 Bad Gateway</title></head><body><pre>stack</pre></body></html>";
      expect(readErrorBody(html)).toEqual({ message: "502 Bad Gateway", details: [] });
      expect(readErrorBody("<html><body>no title</body></html>")).toEqual({ details: [] });
    });

    it("uses plain text, whitespace collapsed and cut to 300 characters", () => {
      expect(readErrorBody("  Service\n  unavailable  ").message).toBe("Service unavailable");
      const long = readErrorBody("x".repeat(1000)).message ?? "";
      expect(long).toHaveLength(300);
      expect(long.endsWith("…")).toBe(true);
    });

    it("gives nothing for an empty body or JSON without a message", () => {
      expect(readErrorBody("")).toEqual({ details: [] });
      expect(readErrorBody('{"status": false}')).toEqual({ details: [] });
      expect(readErrorBody("[1, 2]")).toEqual({ details: [] });
      expect(readErrorBody('{"message": 42}')).toEqual({ details: [] });
    });

    it("keeps at most 20 details", () => {
      const details = Array.from({ length: 30 }, (_, n) => ({ field: `f${n}`, message: "bad" }));
      expect(readErrorBody(JSON.stringify({ details })).details).toHaveLength(20);
    });
  });
});
