// Which of a workbook's projects this computer keyed, and for which identity: found by checking
// each key, since no two workbooks share one.
import { deviceKey, workbookIdentityKey } from "../../../src/settings/deviceKey";
import { keyFor, knownInWorkbook } from "../../../src/settings/workbookKeys";
import { MemorySecretStore } from "../../doubles/memoryStores";

const ADDRESS = "https://api.example.com/v1";

describe("workbook keys", () => {
  it("finds the project keyed here for an identity at its address, and no other", async () => {
    const here = await deviceKey(new MemorySecretStore());
    const there = await deviceKey(new MemorySecretStore());
    const mine = await workbookIdentityKey(here, ADDRESS, "acme-ltd");
    const theirs = await workbookIdentityKey(there, ADDRESS, "acme-ltd");
    const projects = [
      { apiAddress: ADDRESS, identityKey: theirs },
      { apiAddress: "https://other.example.com/v1", identityKey: mine },
      { apiAddress: ADDRESS, identityKey: mine },
      { apiAddress: ADDRESS },
    ];
    expect(await keyFor(here, projects, ADDRESS, "acme-ltd")).toBe(mine);
    expect(await keyFor(here, projects, ADDRESS, "other-co")).toBeUndefined();
    expect(await keyFor(there, projects, ADDRESS, "acme-ltd")).toBe(theirs);
  });

  it("pairs each identity this computer knows with the key a project holds for it", async () => {
    const here = await deviceKey(new MemorySecretStore());
    const key = await workbookIdentityKey(here, ADDRESS, "acme-ltd");
    const acme = { apiAddress: ADDRESS, version: "v1", identity: "acme-ltd" } as const;
    const other = { apiAddress: ADDRESS, version: "v1", identity: "other-co" } as const;
    const known = await knownInWorkbook(
      here,
      [other, acme],
      [{ apiAddress: ADDRESS, identityKey: key }],
    );
    expect(known).toEqual([{ connection: acme, key }]);
  });
});
