import { claimsDigest, claimsOf, readWorkbookClaims } from "../../../src/settings/workbookClaims";
import { defaultCollectionPaths } from "../../../src/settings/collectionPaths";
import { parseProjectList } from "../../../src/settings/projects";
import { MemoryDocumentSettings } from "../../doubles/memoryStores";

const PROJECTS = {
  default: "Acme",
  projects: [{ label: "Acme", apiAddress: "https://api.example.com/v1", version: "v1" }],
};

async function digestOf(settings: Record<string, unknown>): Promise<string> {
  return await claimsDigest(await readWorkbookClaims(new MemoryDocumentSettings(settings)));
}

describe("workbookClaims.ts", () => {
  it("gives the same digest for the same claims, in SHA-256 hex", async () => {
    const one = await digestOf({ "ledgerSheets.projects": PROJECTS });
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(await digestOf({ "ledgerSheets.projects": PROJECTS })).toBe(one);
  });

  it("changes with each thing a workbook can ask for", async () => {
    const base = { "ledgerSheets.projects": PROJECTS };
    const allowed = await digestOf(base);
    const asked = [
      { ...base, "ledgerSheets.autoRefresh": { minutes: 5, mode: "full" } },
      { ...base, "ledgerSheets.collectionPaths": { invoices: "/sales/invoices" } },
      { ...base, "ledgerSheets.refreshOnOpen": "full" },
      {
        "ledgerSheets.projects": {
          projects: [{ ...PROJECTS.projects[0], apiAddress: "https://evil.example/v1" }],
        },
      },
      {
        "ledgerSheets.projects": {
          projects: [
            ...PROJECTS.projects,
            { label: "Other", apiAddress: "https://api.example.com/v1", version: "rc-1" },
          ],
        },
      },
    ];
    const digests = await Promise.all(asked.map(digestOf));
    expect(new Set([allowed, ...digests]).size).toBe(asked.length + 1);
  });

  it("does not count the default project or a path set to its default", async () => {
    const list = parseProjectList({
      default: "Other",
      projects: [
        ...PROJECTS.projects,
        { label: "Other", apiAddress: "https://api.example.com/v1", version: "v1" },
      ],
    });
    const first = claimsOf(list, defaultCollectionPaths(), "off", { kind: "off" });
    const second = claimsOf({ ...list, defaultLabel: "Acme" }, defaultCollectionPaths(), "off", {
      kind: "off",
    });
    expect(first.changedPaths).toEqual([]);
    expect(await claimsDigest(first)).toBe(await claimsDigest(second));
  });
});
