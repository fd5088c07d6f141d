import fc from "fast-check";
import { count } from "../../../src/util/plural";

describe("count()", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(count(1, "page")).toBe("1 page");
    expect(count(0, "page")).toBe("0 pages");
    expect(count(2, "page")).toBe("2 pages");
  });

  it("takes an irregular plural", () => {
    expect(count(1, "entry", "entries")).toBe("1 entry");
    expect(count(3, "entry", "entries")).toBe("3 entries");
  });

  it("groups thousands with commas whatever the runtime's locale", () => {
    expect(count(1234567, "record")).toBe("1,234,567 records");
  });

  it("writes every whole number as en-US does, and other numbers through it", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.maxSafeInteger().map((n) => -n),
        ),
        (n) => {
          expect(count(n, "x", "x")).toBe(`${n.toLocaleString("en-US")} x`);
        },
      ),
      { numRuns: 5000 },
    );
    expect(count(1234.5678, "x", "x")).toBe("1,234.568 x");
  });
});
