import { globalFetch, timerSleep } from "../../../src/api";

describe("environment.ts", () => {
  describe("timerSleep()", () => {
    it("ends at once, rejecting, when its signal aborts", async () => {
      const controller = new AbortController();
      const wait = timerSleep(60 * 60 * 1000, controller.signal);
      controller.abort(new Error("stop"));
      await expect(wait).rejects.toThrow("stop");
    });

    it("refuses to start when its signal is already aborted", async () => {
      await expect(
        timerSleep(60 * 60 * 1000, AbortSignal.abort(new Error("gone"))),
      ).rejects.toThrow("gone");
    });

    it("resolves after a zero wait", async () => {
      await expect(timerSleep(0)).resolves.toBeUndefined();
    });
  });

  describe("globalFetch()", () => {
    it("calls the global fetch of the moment as a plain function", async () => {
      const original = globalThis.fetch;
      const calls: Array<[unknown, unknown]> = [];
      globalThis.fetch = function (this: unknown, url: unknown) {
        calls.push([this, url]);
        return Promise.resolve(new Response("{}"));
      } as typeof fetch;
      try {
        const signal = new AbortController().signal;
        await globalFetch("https://api.example.com/v1/payments", {
          method: "GET",
          headers: {},
          signal,
          redirect: "error",
        });
      } finally {
        globalThis.fetch = original;
      }
      expect(calls).toEqual([[globalThis, "https://api.example.com/v1/payments"]]);
    });
  });
});
