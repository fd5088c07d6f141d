import {
  approvedDocument,
  boundDocument,
  DOCUMENTS_KEY,
  DocumentRecord,
  documentIdToBind,
  loadDocumentRecords,
  MAX_DOCUMENTS,
  newDocumentId,
  parseDocumentId,
  parseDocumentRecords,
  saveDocumentRecords,
  withApproval,
  withBoundProject,
  withoutBoundProject,
} from "../../../src/settings/documentBinding";
import { MemorySecretStore } from "../../doubles/memoryStores";

const URL_1 = "https://contoso.sharepoint.com/Shared/Book1.xlsx";
const URL_2 = "https://contoso.sharepoint.com/Shared/Copy of Book1.xlsx";
const ID = "0123456789abcdef0123456789abcdef";
const ACME = {
  label: "Acme",
  apiAddress: "https://api.example.com/v1",
  version: "v1" as const,
  identity: "acme-ltd",
};
const OTHER = { ...ACME, label: "Other", identity: "other-co" };
const DIGEST = "d".repeat(64);

describe("documentBinding.ts", () => {
  it("makes random 128-bit ids, and reads only ids of that form", () => {
    const one = newDocumentId();
    expect(one).toMatch(/^[0-9a-f]{32}$/);
    expect(newDocumentId()).not.toBe(one);
    expect(parseDocumentId(ID)).toBe(ID);
    for (const bad of [ID.toUpperCase(), `${ID}0`, 42, null, undefined, ""]) {
      expect(parseDocumentId(bad)).toBeUndefined();
    }
  });

  describe("boundDocument()", () => {
    const records = withBoundProject([], ID, URL_1, ACME, DIGEST);

    it("finds the document only when both its id and its url match", () => {
      expect(boundDocument(records, ID, URL_1)?.projects).toEqual([ACME]);
      // A copy: same id (copied with the settings), another place.
      expect(boundDocument(records, ID, URL_2)).toBeUndefined();
      // Another file at that place, which never held the id.
      expect(boundDocument(records, undefined, URL_1)).toBeUndefined();
      expect(boundDocument(records, newDocumentId(), URL_1)).toBeUndefined();
    });

    it("never finds a document without a url, even one whose id matches", () => {
      const unsaved: DocumentRecord[] = [{ id: ID, url: "", projects: [ACME] }];
      expect(boundDocument(unsaved, ID, "")).toBeUndefined();
      expect(boundDocument(unsaved, ID, undefined)).toBeUndefined();
    });
  });

  describe("documentIdToBind()", () => {
    it("keeps the workbook's id only when this computer made it for this very file", () => {
      const records = withBoundProject([], ID, URL_1, ACME, DIGEST);
      expect(documentIdToBind(records, ID, URL_1)).toBe(ID);
      const forCopy = documentIdToBind(records, ID, URL_2);
      expect(forCopy).not.toBe(ID);
      expect(parseDocumentId(forCopy)).toBe(forCopy);
      expect(parseDocumentId(documentIdToBind(records, undefined, URL_2))).toBeDefined();
    });

    it("never keeps an id a file brings that this computer did not make", () => {
      // A crafted file presets the id: binding it would let a second file with the same id at
      // the same place connect by itself.
      const bound = documentIdToBind([], ID, URL_1);
      expect(bound).not.toBe(ID);
      expect(parseDocumentId(bound)).toBe(bound);
      const elsewhere = withBoundProject([], "e".repeat(32), URL_2, ACME, DIGEST);
      expect(documentIdToBind(elsewhere, ID, URL_1)).not.toBe(ID);
    });
  });

  describe("approvedDocument() and withApproval()", () => {
    it("is the bound document only while the workbook claims exactly what was allowed", () => {
      const records = withBoundProject([], ID, URL_1, ACME, DIGEST);
      const document = boundDocument(records, ID, URL_1);
      expect(approvedDocument(document, DIGEST)).toBe(document);
      expect(approvedDocument(document, "e".repeat(64))).toBeUndefined();
      expect(approvedDocument(undefined, DIGEST)).toBeUndefined();
      const again = withApproval(records, document!, "e".repeat(64));
      expect(approvedDocument(boundDocument(again, ID, URL_1), "e".repeat(64))).toBeDefined();
    });

    it("keeps the approval through storage, and drops one of the wrong form", () => {
      const records = withBoundProject([], ID, URL_1, ACME, DIGEST);
      expect(parseDocumentRecords(JSON.stringify(records))[0]?.approved).toBe(DIGEST);
      const bad = [{ ...records[0], approved: "not a digest" }];
      expect(parseDocumentRecords(JSON.stringify(bad))[0]?.approved).toBeUndefined();
    });
  });

  describe("withBoundProject() and withoutBoundProject()", () => {
    it("keeps one entry per project name and pair, the document made the most recent", () => {
      let records = withBoundProject([], ID, URL_1, ACME, DIGEST);
      records = withBoundProject(records, "f".repeat(32), URL_2, ACME, DIGEST);
      records = withBoundProject(records, ID, URL_1, OTHER, DIGEST);
      records = withBoundProject(records, ID, URL_1, { ...ACME, version: "rc-1" }, DIGEST);
      expect(records.map((entry) => entry.url)).toEqual([URL_1, URL_2]);
      expect(records[0]!.projects).toEqual([OTHER, { ...ACME, version: "rc-1" }]);
    });

    it("drops a record of the same place under an id the file no longer holds", () => {
      let records = withBoundProject([], ID, URL_1, ACME, DIGEST);
      records = withBoundProject(records, "f".repeat(32), URL_1, OTHER, DIGEST);
      expect(records).toEqual([
        { id: "f".repeat(32), url: URL_1, projects: [OTHER], approved: DIGEST },
      ]);
    });

    it("keeps at most the newest documents", () => {
      let records: DocumentRecord[] = [];
      for (let i = 0; i <= MAX_DOCUMENTS; i++) {
        records = withBoundProject(records, newDocumentId(), `${URL_1}?${i}`, ACME, DIGEST);
      }
      expect(records).toHaveLength(MAX_DOCUMENTS);
      expect(records[0]!.url).toBe(`${URL_1}?${MAX_DOCUMENTS}`);
    });

    it("forgets one project of the document, and the document with its last", () => {
      let records = withBoundProject(
        withBoundProject([], ID, URL_1, ACME, DIGEST),
        ID,
        URL_1,
        OTHER,
        DIGEST,
      );
      records = withoutBoundProject(records, records[0]!, "ACME");
      expect(records[0]!.projects).toEqual([OTHER]);
      expect(withoutBoundProject(records, records[0]!, "Other")).toEqual([]);
    });
  });

  it("stores the records on this computer, reading untrusted text safely", async () => {
    const device = new MemorySecretStore();
    const records = withBoundProject([], ID, URL_1, ACME, DIGEST);
    await saveDocumentRecords(device, records);
    expect(await loadDocumentRecords(device)).toEqual(records);
    expect(parseDocumentRecords("{not json")).toEqual([]);
    expect(
      parseDocumentRecords(
        JSON.stringify([
          { id: "x", url: URL_1, projects: [] },
          { id: ID, url: "", projects: [] },
        ]),
      ),
    ).toEqual([]);
    await saveDocumentRecords(device, []);
    expect(device.items.has(DOCUMENTS_KEY)).toBe(false);
  });
});
