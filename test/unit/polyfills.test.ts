// The polyfills install what an ES2017 engine (Edge Legacy) lacks, and only where it is missing.
describe("src/polyfills", () => {
  it("puts back the ES2019+ built-ins the add-in uses when the engine has none", () => {
    const saved = {
      flatMap: Object.getOwnPropertyDescriptor(Array.prototype, "flatMap"),
      at: Object.getOwnPropertyDescriptor(Array.prototype, "at"),
      fromEntries: Object.getOwnPropertyDescriptor(Object, "fromEntries"),
    };
    const proto = Array.prototype as unknown as Record<string, unknown>;
    const object = Object as unknown as Record<string, unknown>;
    try {
      delete proto["flatMap"];
      delete proto["at"];
      delete object["fromEntries"];
      expect(typeof proto["flatMap"]).toBe("undefined");
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy, after the built-ins are gone
        require("../../src/polyfills");
      });
      expect([1, 2].flatMap((n) => [n, n * 10])).toEqual([1, 10, 2, 20]);
      expect([1, 2, 3].at(-1)).toBe(3);
      expect(Object.fromEntries([["a", 1]])).toEqual({ a: 1 });
    } finally {
      for (const [name, descriptor] of Object.entries(saved)) {
        if (!descriptor) continue;
        Object.defineProperty(name === "fromEntries" ? Object : Array.prototype, name, descriptor);
      }
    }
  });
});
