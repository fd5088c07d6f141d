import { deviceKey, identityKey } from "../../../src/settings/deviceKey";
import { MemorySecretStore } from "../../doubles/memoryStores";
import {
  JournalSeen,
  journalNotKept,
  loadRecentJournals,
  MAX_RECENT_ON_DEVICE,
  MAX_RECENT_PER_PROJECT,
  MAX_SERVER_TEXT,
  parseRecentJournals,
  recalledByReference,
  RECENT_JOURNALS_KEY,
  recentOfProject,
  recentProjectKey,
  saveRecentJournals,
  withOpened,
  withoutProjectJournals,
  withStatus,
} from "../../../src/settings/recentJournals";
import { RecentJournalsOnDevice } from "../../../src/settings/recentJournalsOnDevice";

const ACME = {
  key: "https://api.example.com hmac-sha256:0000aaaa:" + "a".repeat(64),
  label: "Acme",
};
const OTHER = {
  key: "https://api.example.com hmac-sha256:0000aaaa:" + "b".repeat(64),
  label: "Other",
};

function seen(n: number, status = "DRAFT"): JournalSeen {
  const digits = String(n).padStart(4, "0");
  return {
    journalId: `mj_${digits}`,
    reference: `JNL-${digits}`,
    transactionReference: `TRX-2026-${digits}`,
    status,
  };
}

const T1 = new Date("2026-11-26T09:00:00.000Z");
const T2 = new Date("2026-11-26T10:30:00.000Z");
const T3 = new Date("2026-11-26T11:45:00.000Z");

describe("recentJournals.ts", () => {
  it("lists the journal opened last first, once, with its fields and when", () => {
    let list = withOpened([], ACME, seen(1), T1);
    list = withOpened(list, ACME, seen(2, "POSTED"), T2);
    expect(recentOfProject(list, ACME.key)).toEqual([
      {
        projectKey: ACME.key,
        projectLabel: "Acme",
        journalId: "mj_0002",
        reference: "JNL-0002",
        transactionReference: "TRX-2026-0002",
        status: "POSTED",
        openedAt: T2.toISOString(),
        statusAt: T2.toISOString(),
      },
      expect.objectContaining({ journalId: "mj_0001", openedAt: T1.toISOString() }),
    ]);
    // Opened again: it moves to the top, not twice in the list.
    list = withOpened(list, ACME, seen(1, "POSTED"), T3);
    expect(list.map((e) => [e.journalId, e.status, e.openedAt])).toEqual([
      ["mj_0001", "POSTED", T3.toISOString()],
      ["mj_0002", "POSTED", T2.toISOString()],
    ]);
  });

  it("keeps the projects apart: the same journal id in two projects is two entries", () => {
    let list = withOpened([], ACME, seen(1), T1);
    list = withOpened(list, OTHER, seen(1), T2);
    expect(recentOfProject(list, ACME.key).map((e) => e.projectLabel)).toEqual(["Acme"]);
    expect(recentOfProject(list, OTHER.key).map((e) => e.projectLabel)).toEqual(["Other"]);
    expect(withoutProjectJournals(list, ACME.key)).toEqual(recentOfProject(list, OTHER.key));
  });

  it("updates the status of a listed journal in its place, with when it was read", () => {
    let list = withOpened([], ACME, seen(1), T1);
    list = withOpened(list, ACME, seen(2), T2);
    list = withStatus(list, ACME.key, seen(1, "POSTED"), T3);
    expect(list.map((e) => [e.journalId, e.status, e.openedAt, e.statusAt])).toEqual([
      ["mj_0002", "DRAFT", T2.toISOString(), T2.toISOString()],
      ["mj_0001", "POSTED", T1.toISOString(), T3.toISOString()],
    ]);
    // A journal never opened here is not added by a status, nor one of another project changed.
    expect(withStatus(list, ACME.key, seen(9), T3)).toEqual(list);
    expect(withStatus(list, OTHER.key, seen(1, "VOIDED"), T3)).toEqual(list);
  });

  it("keeps at most 50 per project and 200 on the computer, dropping the oldest", () => {
    let list = withOpened([], OTHER, seen(9999), T1);
    for (let n = 1; n <= MAX_RECENT_PER_PROJECT + 5; n++)
      list = withOpened(list, ACME, seen(n), T2);
    expect(recentOfProject(list, ACME.key)).toHaveLength(MAX_RECENT_PER_PROJECT);
    expect(recentOfProject(list, ACME.key)[0]!.journalId).toBe("mj_0055");
    expect(recentOfProject(list, ACME.key).at(-1)!.journalId).toBe("mj_0006");
    expect(recentOfProject(list, OTHER.key)).toHaveLength(1);

    let many = list;
    for (let p = 0; p < 5; p++) {
      const project = { key: `https://p${p}.example.com k`, label: `P${p}` };
      for (let n = 1; n <= MAX_RECENT_PER_PROJECT; n++)
        many = withOpened(many, project, seen(n), T3);
    }
    expect(many).toHaveLength(MAX_RECENT_ON_DEVICE);
    expect(recentOfProject(many, OTHER.key)).toHaveLength(0);
  });

  it("finds a journal by its own reference, ignoring case, in its project only", () => {
    const list = withOpened(withOpened([], ACME, seen(4, "POSTED"), T1), OTHER, seen(5), T2);
    expect(recalledByReference(list, ACME.key, " jnl-0004 ")?.transactionReference).toBe(
      "TRX-2026-0004",
    );
    expect(recalledByReference(list, ACME.key, "JNL-0005")).toBeUndefined();
    expect(recalledByReference(list, ACME.key, "")).toBeUndefined();
  });

  it("reads storage as untrusted: junk, wrong types, extra fields and repeats are dropped", () => {
    const good = withOpened([], ACME, seen(1), T1)[0]!;
    const text = JSON.stringify([
      { ...good, identity: "acme-secret", token: "tok" },
      good,
      { ...good, journalId: "" },
      { ...good, journalId: "mj_2", status: 3 },
      { ...good, journalId: "mj_3", openedAt: "yesterday" },
      "JNL-0007",
      null,
    ]);
    expect(parseRecentJournals(text)).toEqual([good]);
    expect(Object.keys(parseRecentJournals(text)[0]!)).not.toContain("identity");
    for (const bad of [null, "", "{", "{}", "42"]) expect(parseRecentJournals(bad)).toEqual([]);
  });

  it("saves in this computer's storage, and removes the key when the list is empty", async () => {
    const store = new MemorySecretStore();
    const list = withOpened([], ACME, seen(1), T1);
    await saveRecentJournals(store, list);
    expect(await loadRecentJournals(store)).toEqual(list);
    await saveRecentJournals(store, []);
    expect(store.items.has(RECENT_JOURNALS_KEY)).toBe(false);
  });
});

describe("RecentJournalsOnDevice", () => {
  const acme = {
    origin: "https://api.example.com",
    apiAddress: "https://api.example.com/v1",
    identity: "acme-ltd",
    project: "Acme",
  };
  const other = { ...acme, identity: "other-co", project: "Other" };

  function clock(): () => Date {
    let minutes = 0;
    return () => new Date(Date.UTC(2026, 10, 26, 9, minutes++));
  }

  it("keys the list by origin and identity key, and never writes the identity", async () => {
    const store = new MemorySecretStore();
    const recent = new RecentJournalsOnDevice(store, clock());
    await recent.opened(acme, seen(1));
    const text = store.items.get(RECENT_JOURNALS_KEY) ?? "";
    expect(text).not.toContain("acme-ltd");
    const key = await identityKey(await deviceKey(store), acme.apiAddress, acme.identity);
    expect(JSON.parse(text)).toEqual([
      expect.objectContaining({
        projectKey: recentProjectKey(acme.origin, key),
        reference: "JNL-0001",
      }),
    ]);
    // Another identity at the same server is another project; so is the same one elsewhere.
    expect(await recent.list(other)).toEqual([]);
    expect(await recent.list({ ...acme, origin: "https://other.example.com" })).toEqual([]);
    // A project renamed in the workbook is still the same project.
    expect(await recent.list({ ...acme, project: "Acme Ltd" })).toHaveLength(1);
  });

  it("lists, updates and recalls a project's journals; forgets them on request only", async () => {
    const store = new MemorySecretStore();
    const recent = new RecentJournalsOnDevice(store, clock());
    // Not awaited one by one: the changes go one after another all the same.
    await Promise.all([
      recent.opened(acme, seen(1)),
      recent.opened(acme, seen(2)),
      recent.statusSeen(acme, seen(1, "POSTED")),
      recent.opened(other, seen(3)),
    ]);
    expect((await recent.list(acme)).map((e) => [e.reference, e.status])).toEqual([
      ["JNL-0002", "DRAFT"],
      ["JNL-0001", "POSTED"],
    ]);
    expect((await recent.recall(acme, "JNL-0001"))?.transactionReference).toBe("TRX-2026-0001");
    expect(await recent.recall(other, "JNL-0001")).toBeUndefined();

    // A new pane on the same computer reads the same list.
    expect(await new RecentJournalsOnDevice(store).list(acme)).toHaveLength(2);

    await recent.forget(acme);
    expect(await recent.list(acme)).toEqual([]);
    expect((await recent.list(other)).map((e) => e.reference)).toEqual(["JNL-0003"]);
    await recent.forget(other);
    expect(store.items.has(RECENT_JOURNALS_KEY)).toBe(false);
  });
});

describe("what a server can make this computer keep", () => {
  const HUGE = "J".repeat(8_000_000);
  const project = {
    origin: "https://api.example.com",
    apiAddress: "https://api.example.com/v1",
    identity: "acme-ltd",
    project: "Acme",
  };

  it("keeps no journal with a server text over its cap, and says why", () => {
    for (const field of ["journalId", "reference", "transactionReference", "status"] as const) {
      const long = { ...seen(1), [field]: "x".repeat(MAX_SERVER_TEXT + 1) };
      expect(journalNotKept(long)).toMatch(/not listed under Recent journals/);
      expect(withOpened([], ACME, long, T1)).toEqual([]);
    }
    expect(journalNotKept(seen(1))).toBeUndefined();
    expect(withOpened([], ACME, { ...seen(1), reference: "x".repeat(200) }, T1)).toHaveLength(1);
  });

  it("leaves a listed journal as it was when the server's answer is over the cap", () => {
    const list = withOpened([], ACME, seen(1), T1);
    expect(withStatus(list, ACME.key, { ...seen(1), reference: HUGE }, T2)).toEqual(list);
  });

  it("never writes a huge reference into storage, and answers with the note", async () => {
    const store = new MemorySecretStore();
    const recent = new RecentJournalsOnDevice(store);
    await recent.opened(project, seen(1));
    const note = await recent.opened(project, { ...seen(2), reference: HUGE });
    await recent.statusSeen(project, { ...seen(1), transactionReference: HUGE });
    expect(note).toMatch(/not listed under Recent journals/);
    expect((store.items.get(RECENT_JOURNALS_KEY) ?? "").length).toBeLessThan(2_000);
    expect((await recent.list(project)).map((e) => e.reference)).toEqual(["JNL-0001"]);
  });

  it("reads back no over-long text from storage, and a bounded list", () => {
    const entry = withOpened([], ACME, seen(1), T1)[0];
    const long = { ...entry, journalId: "y".repeat(MAX_SERVER_TEXT + 1) };
    expect(parseRecentJournals(JSON.stringify([long, entry]))).toEqual([entry]);
    const many = Array.from({ length: 5_000 }, (_, i) => withOpened([], ACME, seen(i), T1)[0]);
    expect(parseRecentJournals(JSON.stringify(many)).length).toBeLessThanOrEqual(
      MAX_RECENT_ON_DEVICE,
    );
  });
});
