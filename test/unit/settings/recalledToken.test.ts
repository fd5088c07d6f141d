import { recalledTokenStays } from "../../../src/settings/recalledToken";

const RECALLED = { origin: "https://api.example.com", identity: "acme-ltd" };

describe("recalledTokenStays()", () => {
  it("stays while the form names the same server and identity", () => {
    expect(recalledTokenStays(RECALLED, "https://api.example.com", "acme-ltd")).toBe(true);
    expect(recalledTokenStays(RECALLED, "https://api.example.com", " acme-ltd ")).toBe(true);
  });

  it("goes when the origin changes, even by port or scheme, or stops being an address", () => {
    for (const origin of [
      "https://api.example.com.evil.example",
      "https://api.example.com:8443",
      "http://api.example.com",
      undefined,
    ]) {
      expect(recalledTokenStays(RECALLED, origin, "acme-ltd")).toBe(false);
    }
  });

  it("goes when the identity changes", () => {
    expect(recalledTokenStays(RECALLED, "https://api.example.com", "other-co")).toBe(false);
    expect(recalledTokenStays(RECALLED, "https://api.example.com", "")).toBe(false);
  });
});
