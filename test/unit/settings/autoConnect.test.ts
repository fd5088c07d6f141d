// What opening a workbook does with each project it names (pure: the keys come in).
import { KnownIdentity, startingProject } from "../../../src/settings/autoConnect";
import type { SavedConnection } from "../../../src/settings/connectionSettings";
import type { DocumentRecord } from "../../../src/settings/documentBinding";
import type { WorkbookProject } from "../../../src/settings/projects";

const MINE: SavedConnection = {
  apiAddress: "https://api.example.com/v1",
  version: "v1",
  identity: "acme-ltd",
};
const MINE_KEY = `hmac-sha256:${"0123abcd".repeat(4)}:${"a".repeat(64)}:${"c".repeat(16)}`;
const OTHER_KEY = `hmac-sha256:${"0123abcd".repeat(4)}:${"b".repeat(64)}:${"c".repeat(16)}`;
const KNOWN: KnownIdentity[] = [{ connection: MINE, key: MINE_KEY }];
const DOCUMENT: DocumentRecord = {
  id: "0".repeat(32),
  url: "https://contoso.sharepoint.com/Book.xlsx",
  projects: [{ ...MINE, label: "Acme" }],
};

function project(fields: Partial<WorkbookProject> = {}): WorkbookProject {
  return { label: "Acme", apiAddress: MINE.apiAddress, version: "v1", ...fields };
}

describe("startingProject()", () => {
  it("connects by itself a project this computer bound in this document", () => {
    expect(startingProject(project(), DOCUMENT, [])).toEqual({ kind: "bound", connection: MINE });
    // The name is compared as Excel compares sheet names; the key plays no part.
    expect(
      startingProject(project({ label: "ACME", identityKey: OTHER_KEY }), DOCUMENT, []),
    ).toEqual({ kind: "bound", connection: MINE });
  });

  it("does not bind a project whose address or version the workbook changed since", () => {
    expect(startingProject(project({ version: "rc-1" }), DOCUMENT, KNOWN).kind).toBe("unknown");
    expect(
      startingProject(project({ apiAddress: "https://evil.example.net/v1" }), DOCUMENT, KNOWN).kind,
    ).toBe("unknown");
    expect(startingProject(project({ label: "Other" }), DOCUMENT, KNOWN).kind).toBe("unknown");
  });

  it("fills in a known identity its key stands for, but waits for a click, in the workbook's version", () => {
    expect(
      startingProject(project({ identityKey: MINE_KEY, version: "rc-1" }), undefined, KNOWN),
    ).toEqual({ kind: "recognised", connection: { ...MINE, version: "rc-1" } });
  });

  it("leaves the identity empty for a key it does not know, or at another address", () => {
    const empty = { ...MINE, identity: "" };
    expect(startingProject(project({ identityKey: OTHER_KEY }), undefined, KNOWN)).toEqual({
      kind: "unknown",
      connection: empty,
    });
    expect(startingProject(project(), undefined, KNOWN)).toEqual({
      kind: "unknown",
      connection: empty,
    });
    expect(
      startingProject(
        project({ apiAddress: "https://evil.example.net/v1", identityKey: MINE_KEY }),
        undefined,
        KNOWN,
      ).connection.identity,
    ).toBe("");
  });
});
