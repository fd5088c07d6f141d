import { approvalKeeping } from "../../../src/settings/approvalKeeping";
import {
  boundDocument,
  DOCUMENT_SETTING,
  loadDocumentRecords,
  saveDocumentRecords,
  withBoundProject,
} from "../../../src/settings/documentBinding";
import { claimsDigest, readWorkbookClaims } from "../../../src/settings/workbookClaims";
import { MemoryDocumentSettings, MemorySecretStore } from "../../doubles/memoryStores";

const URL_1 = "https://contoso.sharepoint.com/Shared/Book1.xlsx";
const ID = "0123456789abcdef0123456789abcdef";
const ACME = {
  label: "Acme",
  apiAddress: "https://api.example.com/v1",
  version: "v1" as const,
  identity: "acme-ltd",
};

async function setup() {
  const workbook = new MemoryDocumentSettings({
    [DOCUMENT_SETTING]: ID,
    "ledgerSheets.projects": { default: "Acme", projects: [ACME] },
  });
  const device = new MemorySecretStore();
  const digest = await claimsDigest(await readWorkbookClaims(workbook));
  await saveDocumentRecords(device, withBoundProject([], ID, URL_1, ACME, digest));
  return { workbook, device };
}

async function stillAllowed(
  workbook: MemoryDocumentSettings,
  device: MemorySecretStore,
): Promise<boolean> {
  const document = boundDocument(await loadDocumentRecords(device), ID, URL_1);
  return document?.approved === (await claimsDigest(await readWorkbookClaims(workbook)));
}

describe("approvalKeeping()", () => {
  it("keeps a workbook allowed through a change the pane makes", async () => {
    const { workbook, device } = await setup();
    const store = approvalKeeping(workbook, device, URL_1);
    await store.set("ledgerSheets.autoRefresh", { minutes: 5, mode: "new" });
    await store.set("ledgerSheets.collectionPaths", { invoices: "/sales/invoices" });
    await store.remove("ledgerSheets.autoRefresh");
    expect(await stillAllowed(workbook, device)).toBe(true);
  });

  it("does not allow a change made to the file elsewhere, even when the pane writes next", async () => {
    const { workbook, device } = await setup();
    await workbook.set("ledgerSheets.autoRefresh", { minutes: 5, mode: "full" });
    expect(await stillAllowed(workbook, device)).toBe(false);
    const store = approvalKeeping(workbook, device, URL_1);
    await store.set("ledgerSheets.refreshOnOpen", "new");
    expect(await stillAllowed(workbook, device)).toBe(false);
  });

  it("allows nothing for a document bound elsewhere, and passes other settings through", async () => {
    const { workbook, device } = await setup();
    const store = approvalKeeping(workbook, device, "https://attacker.example/Book1.xlsx");
    await store.set("ledgerSheets.refreshOnOpen", "full");
    expect(await stillAllowed(workbook, device)).toBe(false);
    await store.set("ledgerSheets.formulaCacheSeconds", 60);
    expect(await store.get("ledgerSheets.formulaCacheSeconds")).toBe(60);
  });
});
