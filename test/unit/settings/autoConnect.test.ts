// The decision to connect by itself when a workbook opens (pure: fingerprints given).
import { KnownConnection, startingConnection } from "../../../src/settings/autoConnect";
import type { SavedConnection, WorkbookConnection } from "../../../src/settings/connectionSettings";

const MINE: SavedConnection = {
  apiAddress: "https://api.example.com/v1",
  version: "v1",
  identity: "acme-ltd",
};
const MINE_PRINT = `sha256:${"a".repeat(64)}`;
const OTHER_PRINT = `sha256:${"b".repeat(64)}`;
const KNOWN: KnownConnection[] = [{ connection: MINE, fingerprint: MINE_PRINT }];

function workbook(fields: Partial<WorkbookConnection>): WorkbookConnection {
  return { apiAddress: MINE.apiAddress, version: "v1", ...fields };
}

describe("startingConnection()", () => {
  it("connects by itself to a pair made on this computer that the workbook names", () => {
    expect(startingConnection(workbook({ identityFingerprint: MINE_PRINT }), KNOWN)).toEqual({
      kind: "known",
      connection: MINE,
    });
  });

  it("takes the workbook's version for a known pair", () => {
    const start = startingConnection(
      workbook({ version: "rc-1", identityFingerprint: MINE_PRINT }),
      KNOWN,
    );
    expect(start).toEqual({ kind: "known", connection: { ...MINE, version: "rc-1" } });
  });

  it("waits for a click on a workbook naming an identity never used here", () => {
    expect(startingConnection(workbook({ identityFingerprint: OTHER_PRINT }), KNOWN)).toEqual({
      kind: "unknown",
      connection: { apiAddress: MINE.apiAddress, version: "v1", identity: "" },
    });
  });

  it("waits for a click on a known identity at another address", () => {
    const start = startingConnection(
      workbook({ apiAddress: "https://evil.example.net/v1", identityFingerprint: MINE_PRINT }),
      KNOWN,
    );
    expect(start.kind).toBe("unknown");
  });

  it("waits for a click on an earlier version's workbook (identity in clear) never used here", () => {
    expect(startingConnection(workbook({ identity: "victim-company" }), KNOWN)).toEqual({
      kind: "unknown",
      connection: { apiAddress: MINE.apiAddress, version: "v1", identity: "victim-company" },
    });
  });

  it("recognises an earlier version's workbook naming a pair made here", () => {
    expect(startingConnection(workbook({ identity: "acme-ltd" }), KNOWN)).toEqual({
      kind: "known",
      connection: MINE,
    });
  });

  it("fills a workbook naming nothing with the last connection, without connecting", () => {
    expect(startingConnection(undefined, KNOWN)).toEqual({
      kind: "new-workbook",
      connection: MINE,
    });
  });

  it("connects to nothing on a computer that never connected", () => {
    expect(startingConnection(workbook({ identityFingerprint: MINE_PRINT }), [])).toMatchObject({
      kind: "unknown",
    });
    expect(startingConnection(undefined, [])).toEqual({ kind: "none" });
  });
});
