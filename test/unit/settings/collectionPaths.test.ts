import { COLLECTIONS, CURSOR_COLLECTIONS } from "../../../src/domain/collections";
import {
  checkPathInput,
  COLLECTION_PATHS_SETTING,
  defaultCollectionPaths,
  loadCollectionPaths,
  saveCollectionPaths,
} from "../../../src/settings/collectionPaths";
import { MemoryDocumentSettings } from "../../doubles/memoryStores";

const invoices = COLLECTIONS.find((collection) => collection.id === "invoices")!;

describe("collectionPaths.ts", () => {
  it("offers a path for every collection except payments", () => {
    expect(CURSOR_COLLECTIONS.map((collection) => collection.label)).toEqual([
      "Invoices",
      "Receipts",
      "Bills",
      "Credit notes",
      "Debit notes",
      "Expenses",
    ]);
  });

  describe("checkPathInput()", () => {
    it("takes an empty field as the collection's default path", () => {
      expect(checkPathInput("  ", invoices)).toEqual({ ok: true, path: "/invoices" });
    });

    it("trims and drops a trailing slash", () => {
      expect(checkPathInput(" /sales/invoices/ ", invoices)).toEqual({
        ok: true,
        path: "/sales/invoices",
      });
    });

    it.each(["invoices", "/invoices?size=50", "/../admin", "/in voices", "https://x/invoices"])(
      "refuses %s with the client's message",
      (text) => {
        const check = checkPathInput(text, invoices);
        expect(check.ok).toBe(false);
        if (!check.ok) expect(check.message).toContain("must look like /invoices");
      },
    );
  });

  describe("loadCollectionPaths()", () => {
    it("gives the defaults for a workbook without the setting", async () => {
      expect(await loadCollectionPaths(new MemoryDocumentSettings())).toEqual(
        defaultCollectionPaths(),
      );
    });

    it("overlays valid saved paths and ignores invalid ones and payments", async () => {
      const workbook = new MemoryDocumentSettings({
        [COLLECTION_PATHS_SETTING]: {
          invoices: "/sales/invoices",
          bills: "/../etc",
          payments: "/elsewhere",
          expenses: 42,
        },
      });
      const paths = await loadCollectionPaths(workbook);
      expect(paths.invoices).toBe("/sales/invoices");
      expect(paths.bills).toBe("/bills");
      expect(paths.payments).toBe("/payments");
      expect(paths.expenses).toBe("/expenses");
    });
  });

  describe("saveCollectionPaths()", () => {
    it("saves only the paths that differ from the defaults", async () => {
      const workbook = new MemoryDocumentSettings();
      await saveCollectionPaths(workbook, {
        ...defaultCollectionPaths(),
        receipts: "/sales/receipts",
      });
      expect(workbook.saved.get(COLLECTION_PATHS_SETTING)).toEqual({
        receipts: "/sales/receipts",
      });
    });

    it("removes the setting when every path is the default again", async () => {
      const workbook = new MemoryDocumentSettings({
        [COLLECTION_PATHS_SETTING]: { receipts: "/sales/receipts" },
      });
      await saveCollectionPaths(workbook, defaultCollectionPaths());
      expect(workbook.saved.has(COLLECTION_PATHS_SETTING)).toBe(false);
    });
  });
});
