import { LedgerFormulas } from "../../../src/formulas";
import {
  checkCacheSecondsInput,
  cacheSecondsOf,
  DEFAULT_CACHE_SECONDS,
  FORMULA_CACHE_SETTING,
  loadFormulaCacheSeconds,
  MAX_CACHE_SECONDS,
  saveFormulaCacheSeconds,
} from "../../../src/settings/formulaCacheTime";
import { MemoryDocumentSettings } from "../../doubles/memoryStores";
import { FakeTime } from "../api/fakeTime";
import { collectionRecords } from "../sheets/sandboxRecords";

describe("formulaCacheTime.ts", () => {
  describe("checkCacheSecondsInput()", () => {
    it("takes a whole number of seconds from 0 to 600, spaces aside", () => {
      expect(checkCacheSecondsInput("0")).toEqual({ ok: true, seconds: 0 });
      expect(checkCacheSecondsInput(" 45 ")).toEqual({ ok: true, seconds: 45 });
      expect(checkCacheSecondsInput("600")).toEqual({ ok: true, seconds: MAX_CACHE_SECONDS });
    });

    it("reads an empty field as the default of 30 seconds", () => {
      expect(checkCacheSecondsInput("  ")).toEqual({ ok: true, seconds: 30 });
      expect(DEFAULT_CACHE_SECONDS).toBe(30);
    });

    it.each(["601", "-1", "1.5", "2e1", "abc", "99999999999999999999"])(
      "refuses %p, saying what it takes",
      (text) => {
        expect(checkCacheSecondsInput(text)).toEqual({
          ok: false,
          message: "Enter a whole number of seconds from 0 to 600 (0 keeps nothing).",
        });
      },
    );
  });

  describe("loadFormulaCacheSeconds() and saveFormulaCacheSeconds()", () => {
    it("saves the time in the workbook and reads it back", async () => {
      const store = new MemoryDocumentSettings();
      await saveFormulaCacheSeconds(store, 0);
      expect(store.saved.get(FORMULA_CACHE_SETTING)).toBe(0);
      expect(await loadFormulaCacheSeconds(store)).toBe(0);
      await saveFormulaCacheSeconds(store, 120);
      expect(await loadFormulaCacheSeconds(store)).toBe(120);
    });

    it("saves the default as no setting at all", async () => {
      const store = new MemoryDocumentSettings({ [FORMULA_CACHE_SETTING]: 5 });
      await saveFormulaCacheSeconds(store, DEFAULT_CACHE_SECONDS);
      expect(store.saved.has(FORMULA_CACHE_SETTING)).toBe(false);
      expect(await loadFormulaCacheSeconds(store)).toBe(30);
    });

    it.each([["ten"], [-5], [2.5], [null]])(
      "reads an unusable saved value (%p) as the default",
      async (value) => {
        const store = new MemoryDocumentSettings({ [FORMULA_CACHE_SETTING]: value });
        expect(await loadFormulaCacheSeconds(store)).toBe(30);
      },
    );

    it("reads a saved value past the maximum as the maximum", async () => {
      const store = new MemoryDocumentSettings({ [FORMULA_CACHE_SETTING]: 86_400 });
      expect(await loadFormulaCacheSeconds(store)).toBe(600);
    });
  });

  describe("applied to LedgerFormulas", () => {
    it("keeps answers for the time the workbook says, read on every call", async () => {
      const time = new FakeTime();
      const store = new MemoryDocumentSettings({ [FORMULA_CACHE_SETTING]: 60 });
      let requests = 0;
      const formulas = new LedgerFormulas({
        connection: () => ({
          api: {
            listCollectionPage: async () => {
              requests += 1;
              return {
                data: collectionRecords("invoices", 0, 1),
                lastId: null,
                keyset: "",
                status: true,
                message: "OK",
              };
            },
            listPayments: () => Promise.reject(new Error("not used")),
            getJournal: () => Promise.reject(new Error("not used")),
          },
        }),
        cacheTtlMs: () => cacheSecondsOf(store.saved.get(FORMULA_CACHE_SETTING)) * 1000,
        clock: time.clock,
        sleep: time.sleep,
      });
      await formulas.list("invoices", 1);
      await time.advance(45_000);
      await formulas.list("invoices", 1);
      expect(requests).toBe(1);
      await saveFormulaCacheSeconds(store, 0);
      await formulas.list("invoices", 1);
      await formulas.list("invoices", 1);
      expect(requests).toBe(3);
    });
  });
});
