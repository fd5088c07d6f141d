import { DEFAULT_RETRY_POLICY } from "../../../src/api";
import { backoffDelayMs, parseRetryAfter } from "../../../src/api/retry";

describe("retry.ts", () => {
  describe("backoffDelayMs()", () => {
    it("draws from [0, base × 2^(failures-1)), capped at maxDelayMs", () => {
      const top = () => 0.999999;
      expect(
        [1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelayMs(n, DEFAULT_RETRY_POLICY, top)),
      ).toEqual([499, 999, 1999, 3999, 7999, 7999, 7999]);
      expect(backoffDelayMs(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
    });
  });

  describe("parseRetryAfter()", () => {
    const now = Date.UTC(2025, 0, 15, 12, 0, 0);

    it("reads delay-seconds", () => {
      expect(parseRetryAfter("120", now)).toBe(120_000);
      expect(parseRetryAfter(" 0 ", now)).toBe(0);
    });

    it("reads an HTTP-date relative to now", () => {
      expect(parseRetryAfter("Wed, 15 Jan 2025 12:00:45 GMT", now)).toBe(45_000);
    });

    it("treats a date in the past as no wait", () => {
      expect(parseRetryAfter("Wed, 15 Jan 2025 11:00:00 GMT", now)).toBe(0);
    });

    it.each([null, "", "soon", "-5", "1.5", "12abc"])("ignores %j", (header) => {
      expect(parseRetryAfter(header, now)).toBeUndefined();
    });
  });
});
