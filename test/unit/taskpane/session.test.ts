import {
  CONNECTION_SETTING,
  identityFingerprint,
  LAST_CONNECTION_KEY,
  loadKnownConnections,
  loadWorkbookConnection,
  saveWorkbookConnection,
} from "../../../src/settings/connectionSettings";
import { MemoryDocumentSettings, MemorySecretStore } from "../../../src/settings/memoryStores";
import { loadProjectList, saveProjectList } from "../../../src/settings/projects";
import { recallToken, rememberToken, tokenKey } from "../../../src/settings/rememberedToken";
import { ConnectionFormValues } from "../../../src/taskpane/connectionForm";
import {
  connect,
  disconnect,
  makeDefaultProject,
  originOf,
  removeProject,
  rememberChoiceChanged,
  restoreSession,
  SessionStores,
  UNKNOWN_CONNECTION_NOTICE,
} from "../../../src/taskpane/session";
import { FakeFetch } from "../api/fakeFetch";
import { paymentJson, paymentsPageJson } from "../api/fixtures";

const TOKEN = "tok-Secret+/=123";
const ORIGIN = "https://api.example.com";
const VALUES: ConnectionFormValues = {
  apiAddress: "https://api.example.com/v1",
  version: "v1",
  token: TOKEN,
  identity: "acme-ltd",
  remember: false,
};

function setup(fetch = new FakeFetch()) {
  const workbook = new MemoryDocumentSettings();
  const device = new MemorySecretStore();
  const stores: SessionStores = {
    workbook,
    device,
    // random 0: retries wait no time.
    clientOptions: { fetch: fetch.fetch, random: () => 0 },
  };
  return { workbook, device, stores, fetch };
}

const OK_PAGE = { status: 200, json: paymentsPageJson([paymentJson()]) };

/** Everything kept anywhere, as one text, to search for the token. */
function everythingKept(workbook: MemoryDocumentSettings, device?: MemorySecretStore): string {
  return JSON.stringify([[...workbook.saved], device === undefined ? [] : [...device.items]]);
}

describe("session.ts", () => {
  describe("connect()", () => {
    it("checks the connection with one request for a single payment", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      const outcome = await connect(VALUES, stores);
      expect(outcome.ok).toBe(true);
      expect(fetch.requests).toHaveLength(1);
      expect(fetch.requests[0]!.url).toBe("https://api.example.com/v1/payments?limit=1");
      expect(fetch.requests[0]!.headers).toMatchObject({
        Authorization: `Bearer ${TOKEN}`,
        identity: "acme-ltd",
      });
    });

    it("describes the live connection", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      const outcome = await connect({ ...VALUES, version: "rc-1" }, stores);
      expect(outcome).toMatchObject({
        ok: true,
        connection: {
          origin: ORIGIN,
          host: "api.example.com",
          version: "rc-1",
          identity: "acme-ltd",
        },
        warnings: [],
      });
      if (outcome.ok) expect(outcome.connection.api.baseUrl).toBe(`${ORIGIN}/rc-1`);
    });

    it("refuses a plain-http address before sending anything", async () => {
      const { stores, fetch } = setup();
      const outcome = await connect({ ...VALUES, apiAddress: "http://api.example.com/v1" }, stores);
      expect(outcome).toMatchObject({ ok: false, field: "apiAddress", cancelled: false });
      expect(fetch.requests).toHaveLength(0);
    });

    it("says the token was refused on 401 and keeps nothing", async () => {
      const { stores, fetch, workbook, device } = setup();
      fetch.reply({ status: 401, json: { status: false, message: "Invalid token" } });
      const outcome = await connect({ ...VALUES, remember: true }, stores);
      expect(outcome).toMatchObject({ ok: false, field: "token" });
      if (!outcome.ok) {
        expect(outcome.message).toMatch(/^The server refused the access token \(401\)/);
      }
      expect(workbook.saves).toBe(0);
      expect(device.items.size).toBe(0);
    });

    it("says the project is unknown on 403", async () => {
      const { stores, fetch } = setup();
      fetch.reply({ status: 403, json: { status: false, message: "Unknown identity" } });
      const outcome = await connect(VALUES, stores);
      expect(outcome).toMatchObject({ ok: false, field: "identity" });
      if (!outcome.ok) expect(outcome.message).toContain("“acme-ltd”");
    });

    it("says the server cannot be reached on a network error", async () => {
      const { stores, fetch } = setup();
      fetch.reply({ networkError: "Failed to fetch" }, { networkError: "Failed to fetch" });
      const outcome = await connect(VALUES, stores);
      expect(outcome).toMatchObject({ ok: false, cancelled: false });
      if (!outcome.ok) {
        expect(outcome.message).toBe(
          "Could not reach https://api.example.com (network error). " +
            "Check your connection and the API address. (Tried 2 times.)",
        );
      }
    });

    it("reports a cancelled check as cancelled", async () => {
      const { stores, fetch } = setup();
      fetch.reply({ hang: true });
      const controller = new AbortController();
      const pending = connect(VALUES, stores, { signal: controller.signal });
      controller.abort();
      expect(await pending).toMatchObject({ ok: false, cancelled: true });
    });

    it("keeps address, version and the identity's fingerprint in the workbook, never the token or the identity", async () => {
      const { stores, fetch, workbook, device } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      expect(workbook.saved.get(CONNECTION_SETTING)).toEqual({
        apiAddress: "https://api.example.com/v1",
        version: "v1",
        identityFingerprint: await identityFingerprint("https://api.example.com/v1", "acme-ltd"),
      });
      expect(JSON.stringify([...workbook.saved])).not.toContain(TOKEN);
      expect(JSON.stringify([...workbook.saved])).not.toContain("acme-ltd");
      expect(device.items.get(LAST_CONNECTION_KEY)).not.toContain(TOKEN);
    });

    it("remembers the token on this computer only when asked", async () => {
      const remembered = setup();
      remembered.fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, remembered.stores);
      const fingerprint = await identityFingerprint(VALUES.apiAddress, VALUES.identity);
      expect(await recallToken(remembered.device, ORIGIN, fingerprint)).toBe(TOKEN);

      const notRemembered = setup();
      notRemembered.fetch.reply(OK_PAGE);
      await connect(VALUES, notRemembered.stores);
      expect(everythingKept(notRemembered.workbook, notRemembered.device)).not.toContain(TOKEN);
    });

    it("forgets a previously remembered token when connecting without the box ticked", async () => {
      const { stores, fetch, device } = setup();
      await rememberToken(device, ORIGIN, "old-token");
      fetch.reply(OK_PAGE);
      await connect(VALUES, stores);
      expect(await recallToken(device, ORIGIN)).toBeUndefined();
    });

    it("does not rewrite unchanged workbook settings", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE, OK_PAGE);
      await connect(VALUES, stores);
      const first = workbook.saves;
      await connect(VALUES, stores);
      expect(workbook.saves).toBe(first);
    });

    it("rewrites an earlier version's workbook without the identity in clear when the user connects", async () => {
      const { stores, fetch, workbook } = setup();
      await workbook.set(CONNECTION_SETTING, {
        apiAddress: VALUES.apiAddress,
        version: "v1",
        identity: "acme-ltd",
      });
      fetch.reply(OK_PAGE);
      await connect(VALUES, stores);
      expect(JSON.stringify([...workbook.saved])).not.toContain("acme-ltd");
      expect(await loadWorkbookConnection(workbook)).toEqual({
        apiAddress: VALUES.apiAddress,
        version: "v1",
        identityFingerprint: await identityFingerprint(VALUES.apiAddress, "acme-ltd"),
      });
    });

    it("writes nothing anywhere when it connects by itself as the workbook opens", async () => {
      const { stores, fetch, workbook, device } = setup();
      const earlier = { apiAddress: VALUES.apiAddress, version: "v1", identity: "acme-ltd" };
      await workbook.set(CONNECTION_SETTING, earlier);
      const writes = workbook.saves;
      fetch.reply(OK_PAGE);
      const outcome = await connect({ ...VALUES, remember: true }, stores, { automatic: true });
      expect(outcome.ok).toBe(true);
      expect(workbook.saves).toBe(writes);
      expect(device.items.size).toBe(0);
    });

    it("remembers the pair on this computer, so the workbook connects by itself next time", async () => {
      const { stores, fetch, device } = setup();
      fetch.reply(OK_PAGE);
      await connect(VALUES, stores);
      expect(await loadKnownConnections(device)).toContainEqual({
        apiAddress: VALUES.apiAddress,
        version: "v1",
        identity: "acme-ltd",
      });
    });

    it("connects anyway, with a warning, when the workbook cannot be saved", async () => {
      const { stores, fetch, workbook } = setup();
      workbook.set = async () => {
        throw new Error("The document is read-only.");
      };
      fetch.reply(OK_PAGE);
      const outcome = await connect(VALUES, stores);
      expect(outcome).toMatchObject({
        ok: true,
        warnings: [
          "The address and identity could not be saved in this workbook: The document is read-only.",
        ],
      });
    });

    it("works without the computer's storage, keeping nothing secret anywhere", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE);
      const outcome = await connect(
        { ...VALUES, remember: true },
        { workbook, clientOptions: stores.clientOptions! },
      );
      expect(outcome.ok).toBe(true);
      expect(everythingKept(workbook)).not.toContain(TOKEN);
    });
  });

  describe("disconnect()", () => {
    it("forgets the token remembered for that server", async () => {
      const { stores, device } = setup();
      await rememberToken(device, ORIGIN, TOKEN);
      await disconnect(
        { origin: ORIGIN, apiAddress: VALUES.apiAddress, identity: VALUES.identity },
        stores,
      );
      expect(device.items.has(tokenKey(ORIGIN))).toBe(false);
    });
  });

  describe("rememberChoiceChanged()", () => {
    it("forgets the token for the form's server when the box is unticked", async () => {
      const { stores, device } = setup();
      await rememberToken(device, ORIGIN, TOKEN);
      await rememberChoiceChanged({ ...VALUES, remember: false }, stores);
      expect(await recallToken(device, ORIGIN)).toBeUndefined();
    });

    it("stores nothing when the box is ticked (only a successful connect does)", async () => {
      const { stores, device } = setup();
      await rememberChoiceChanged({ ...VALUES, remember: true }, stores);
      expect(device.items.size).toBe(0);
    });
  });

  describe("originOf()", () => {
    it("gives the origin of a valid address and undefined otherwise", () => {
      expect(originOf("http://127.0.0.1:4010/v1", "rc-1")).toBe("http://127.0.0.1:4010");
      expect(originOf("http://api.example.com/v1", "v1")).toBeUndefined();
      expect(originOf("https://api.example.com/v1", "v9")).toBeUndefined();
    });
  });

  describe("restoreSession()", () => {
    it("starts empty, on v1, without connecting, in a fresh workbook on a fresh computer", async () => {
      const { stores } = setup();
      expect(await restoreSession(stores)).toEqual({
        values: { apiAddress: "", version: "v1", token: "", identity: "", remember: false },
        autoConnect: false,
        projects: [],
      });
    });

    it("restores everything and connects when the workbook names a pair connected to here and its token was remembered", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, version: "rc-1", remember: true }, stores);
      const restored = await restoreSession(stores);
      expect(restored).toMatchObject({
        values: { ...VALUES, version: "rc-1", remember: true, label: "Project 1" },
        autoConnect: true,
      });
      // The project list, and the default's connection where earlier versions read it.
      expect([...workbook.saved.keys()].sort()).toEqual([
        CONNECTION_SETTING,
        "ledgerSheets.projects",
      ]);
    });

    it("fills a new workbook with the last connection but waits for a click", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      const fresh = new MemoryDocumentSettings();
      expect(await restoreSession({ ...stores, workbook: fresh })).toEqual({
        values: { ...VALUES, remember: true },
        autoConnect: false,
        projects: [],
      });
    });

    it("does not connect to a project a foreign workbook names, though the token is remembered", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      // Written by someone else: same server, another project.
      const foreign = new MemoryDocumentSettings();
      await saveWorkbookConnection(foreign, { ...VALUES, version: "v1", identity: "victim-co" });
      const restored = await restoreSession({ ...stores, workbook: foreign });
      // Tokens are kept per project: one for acme-ltd is not offered to an unknown project.
      expect(restored).toMatchObject({
        values: { ...VALUES, identity: "", token: "", remember: false, label: "Project 1" },
        autoConnect: false,
        notice: UNKNOWN_CONNECTION_NOTICE,
      });
    });

    it("does not connect to a project an earlier version's workbook names in clear, never used here", async () => {
      const { stores, device } = setup();
      await rememberToken(device, ORIGIN, TOKEN);
      const foreign = new MemoryDocumentSettings({
        [CONNECTION_SETTING]: {
          apiAddress: VALUES.apiAddress,
          version: "v1",
          identity: "victim-co",
        },
      });
      const restored = await restoreSession({ ...stores, workbook: foreign });
      expect(restored.autoConnect).toBe(false);
      expect(restored.values.identity).toBe("victim-co");
      expect(restored.notice).toBe(UNKNOWN_CONNECTION_NOTICE);
    });

    it("connects to an earlier version's workbook naming a pair connected to here", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      const earlier = new MemoryDocumentSettings({
        [CONNECTION_SETTING]: {
          apiAddress: VALUES.apiAddress,
          version: "v1",
          identity: "acme-ltd",
        },
      });
      expect(await restoreSession({ ...stores, workbook: earlier })).toMatchObject({
        values: { ...VALUES, remember: true, label: "Project 1" },
        autoConnect: true,
      });
    });

    it("fills the form but waits for the token when none was remembered", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      await connect(VALUES, stores);
      expect(await restoreSession(stores)).toMatchObject({
        values: { ...VALUES, token: "", label: "Project 1" },
        autoConnect: false,
      });
    });

    it("never hands a remembered token to a workbook that names another server", async () => {
      const { stores, device } = setup();
      await rememberToken(device, ORIGIN, TOKEN);
      const workbook = new MemoryDocumentSettings({
        [CONNECTION_SETTING]: {
          apiAddress: "https://evil.example.net/v1",
          version: "v1",
          identity: "acme-ltd",
        },
      });
      const restored = await restoreSession({ ...stores, workbook });
      expect(restored.values.token).toBe("");
      expect(restored.autoConnect).toBe(false);
    });
  });

  describe("several projects", () => {
    it("adds a project under its name beside the first, which stays the default", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE, OK_PAGE);
      const first = await connect({ ...VALUES, label: "Acme" }, stores);
      const second = await connect({ ...VALUES, identity: "other-co", label: "Other" }, stores);
      expect(first.ok && first.connection.project).toBe("Acme");
      expect(second.ok && second.connection.project).toBe("Other");
      expect(await loadProjectList(workbook)).toMatchObject({
        defaultLabel: "Acme",
        projects: [{ label: "Acme" }, { label: "Other" }],
      });
      // Neither identity is in the workbook: only their fingerprints.
      expect(everythingKept(workbook)).not.toContain("other-co");
    });

    it("names a project Project N when no name is given, and keeps the name it has", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE, OK_PAGE, OK_PAGE);
      const first = await connect(VALUES, stores);
      const second = await connect({ ...VALUES, identity: "other-co" }, stores);
      const again = await connect({ ...VALUES, version: "rc-1" }, stores);
      expect([first, second, again].map((o) => o.ok && o.connection.project)).toEqual([
        "Project 1",
        "Project 2",
        "Project 1",
      ]);
    });

    it("refuses a name that another project has, or a second name for the same project, before any request", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, label: "Acme" }, stores);
      const taken = await connect({ ...VALUES, identity: "other-co", label: "ACME" }, stores);
      expect(taken).toEqual({
        ok: false,
        field: "label",
        cancelled: false,
        message:
          "“Acme” already names another project in this workbook. Choose another name for this one.",
      });
      const renamed = await connect({ ...VALUES, label: "Acme Ltd" }, stores);
      expect(renamed).toMatchObject({
        ok: false,
        field: "label",
        message: "This project is already in this workbook as “Acme”. Use that name.",
      });
      expect(fetch.requests).toHaveLength(1);
    });

    it("makes the project connected while the default is not the default, when asked", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE, OK_PAGE);
      await connect({ ...VALUES, label: "Acme" }, stores);
      await connect({ ...VALUES, identity: "other-co", label: "Other" }, stores, {
        makeDefault: true,
      });
      expect((await loadProjectList(workbook)).defaultLabel).toBe("Other");
    });

    it("connects by itself only the projects connected to on this computer", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, label: "Acme", remember: true }, stores);
      // Someone adds a project this computer never connected to, and sends the workbook back.
      const list = await loadProjectList(workbook);
      await saveProjectList(workbook, {
        ...list,
        projects: [
          ...list.projects,
          {
            label: "Victim",
            apiAddress: VALUES.apiAddress,
            version: "v1",
            identityFingerprint: await identityFingerprint(VALUES.apiAddress, "victim-co"),
          },
        ],
      });
      const restored = await restoreSession(stores);
      expect(restored.projects.map((p) => [p.label, p.isDefault, p.autoConnect])).toEqual([
        ["Acme", true, true],
        ["Victim", false, false],
      ]);
      expect(restored.projects[1]?.values).toMatchObject({ identity: "", token: "" });
    });

    it("makes another project the default, and removes one", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE, OK_PAGE);
      await connect({ ...VALUES, label: "Acme" }, stores);
      await connect({ ...VALUES, identity: "other-co", label: "Other" }, stores);
      await makeDefaultProject(stores, "other");
      expect((await loadProjectList(workbook)).defaultLabel).toBe("Other");
      const left = await removeProject(stores, "Other");
      expect(left).toMatchObject({ defaultLabel: "Acme", projects: [{ label: "Acme" }] });
    });
  });
});
