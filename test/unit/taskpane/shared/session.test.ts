import { loadKnownConnections } from "../../../../src/settings/connectionSettings";
import {
  DEVICE_SECRET_KEY,
  deviceKey,
  identityKey,
  isWorkbookKeyOf,
  workbookIdentityKey,
} from "../../../../src/settings/deviceKey";
import {
  DOCUMENT_SETTING,
  loadDocumentRecords,
  parseDocumentId,
} from "../../../../src/settings/documentBinding";
import { MemoryDocumentSettings, MemorySecretStore } from "../../../doubles/memoryStores";
import { RecentJournalsOnDevice } from "../../../../src/settings/recentJournalsOnDevice";
import {
  loadProjectList,
  PROJECTS_SETTING,
  saveProjectList,
} from "../../../../src/settings/projects";
import { recallToken, rememberToken } from "../../../../src/settings/rememberedToken";
import { ConnectionFormValues } from "../../../../src/taskpane/connection/text";
import { restoreSession } from "../../../../src/taskpane/connection/restore";
import {
  connect,
  disconnect,
  makeDefaultProject,
  originOf,
  removeProject,
  rememberChoiceChanged,
  SessionStores,
  UNSAVED_WORKBOOK_WARNING,
} from "../../../../src/taskpane/shared/session";
import { FakeFetch } from "../../api/fakeFetch";
import { paymentJson, paymentsPageJson } from "../../api/fixtures";

const TOKEN = "tok-Secret+/=123";
const ORIGIN = "https://api.example.com";
const VALUES: ConnectionFormValues = {
  apiAddress: "https://api.example.com/v1",
  version: "v1",
  token: TOKEN,
  identity: "acme-ltd",
  remember: false,
};

const URL_1 = "https://contoso.sharepoint.com/Shared/Book1.xlsx";
const URL_2 = "https://attacker.example/Book1.xlsx";

function setup(fetch = new FakeFetch()) {
  const workbook = new MemoryDocumentSettings();
  const device = new MemorySecretStore();
  const stores: SessionStores = {
    workbook,
    device,
    // random 0: retries wait no time.
    clientOptions: { fetch: fetch.fetch, random: () => 0 },
    documentUrl: URL_1,
  };
  return { workbook, device, stores, fetch };
}

/** The key this computer keeps for an identity at the test's address (tokens, journals). */
async function keyOf(device: MemorySecretStore, identity = VALUES.identity): Promise<string> {
  return await identityKey(await deviceKey(device), VALUES.apiAddress, identity);
}

/** The workbook's key of its one project, checked to be this computer's key of `identity`. */
async function expectWorkbookKeyOf(
  device: MemorySecretStore,
  workbook: MemoryDocumentSettings,
  identity = VALUES.identity,
): Promise<string> {
  const [project] = (await loadProjectList(workbook)).projects;
  const held = project?.identityKey ?? "";
  // A nonce per key: nothing in it is this computer's tag or its key for the identity.
  expect(held).toMatch(/^hmac-sha256:[0-9a-f]{32}:[0-9a-f]{64}:[0-9a-f]{16}$/);
  expect(held).not.toContain((await keyOf(device, identity)).slice("hmac-sha256:".length));
  const key = await deviceKey(device);
  expect(await isWorkbookKeyOf(key, held, VALUES.apiAddress, identity)).toBe(true);
  return held;
}

/** A new file holding every setting of `workbook`: what copying a file's settings gives. */
function copyOf(workbook: MemoryDocumentSettings): MemoryDocumentSettings {
  return new MemoryDocumentSettings(Object.fromEntries(workbook.saved));
}

/** What this computer keeps besides its secret. */
function deviceKeys(device: MemorySecretStore): string[] {
  return [...device.items.keys()].filter((key) => key !== DEVICE_SECRET_KEY);
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
      expect(deviceKeys(device)).toEqual([]);
    });

    it("says the project is unknown on 403, without naming the identity (an API key)", async () => {
      const { stores, fetch } = setup();
      fetch.reply({ status: 403, json: { status: false, message: "Unknown identity" } });
      const outcome = await connect(VALUES, stores);
      expect(outcome).toMatchObject({ ok: false, field: "identity" });
      if (!outcome.ok) {
        expect(outcome.message).toContain("not allowed for this project (403)");
        expect(outcome.message).not.toContain("acme-ltd");
      }
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

    it("keeps the project's name, address, version and identity key in the workbook, never the token or the identity", async () => {
      const { stores, fetch, workbook, device } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      const held = await expectWorkbookKeyOf(device, workbook);
      expect(workbook.saved.get(PROJECTS_SETTING)).toEqual({
        default: "example.com",
        projects: [
          {
            label: "example.com",
            apiAddress: "https://api.example.com/v1",
            version: "v1",
            identityKey: held,
          },
        ],
      });
      // Connecting again keeps the key the workbook holds: the file does not change.
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      expect((await loadProjectList(workbook)).projects[0]?.identityKey).toBe(held);
      expect(parseDocumentId(workbook.saved.get(DOCUMENT_SETTING))).toBeDefined();
      expect([...workbook.saved.keys()].sort()).toEqual([DOCUMENT_SETTING, PROJECTS_SETTING]);
      expect(JSON.stringify([...workbook.saved])).not.toContain(TOKEN);
      expect(JSON.stringify([...workbook.saved])).not.toContain("acme-ltd");
    });

    it("remembers the token on this computer only when asked", async () => {
      const remembered = setup();
      remembered.fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, remembered.stores);
      expect(await recallToken(remembered.device, ORIGIN, await keyOf(remembered.device))).toBe(
        TOKEN,
      );

      const notRemembered = setup();
      notRemembered.fetch.reply(OK_PAGE);
      await connect(VALUES, notRemembered.stores);
      expect(everythingKept(notRemembered.workbook, notRemembered.device)).not.toContain(TOKEN);
    });

    it("forgets the token, the pair and this document's binding when connecting without the box ticked", async () => {
      const { stores, fetch, device } = setup();
      fetch.reply(OK_PAGE, OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      await connect(VALUES, stores);
      expect(await recallToken(device, ORIGIN, await keyOf(device))).toBeUndefined();
      expect(deviceKeys(device)).toEqual([]);
    });

    it("does not rewrite unchanged workbook settings", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE, OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      const first = workbook.saves;
      await connect({ ...VALUES, remember: true }, stores);
      expect(workbook.saves).toBe(first);
    });

    it("writes nothing anywhere when it connects by itself as the workbook opens", async () => {
      const { stores, fetch, workbook, device } = setup();
      fetch.reply(OK_PAGE);
      const outcome = await connect({ ...VALUES, remember: true }, stores, { automatic: true });
      expect(outcome.ok).toBe(true);
      expect(workbook.saves).toBe(0);
      expect(deviceKeys(device)).toEqual([]);
    });

    it("binds this document on this computer with the pair, only when asked to remember", async () => {
      const { stores, fetch, workbook, device } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, label: "Acme", remember: true }, stores);
      const id = workbook.saved.get(DOCUMENT_SETTING);
      expect(await loadDocumentRecords(device)).toEqual([
        {
          id,
          url: URL_1,
          projects: [
            { label: "Acme", apiAddress: VALUES.apiAddress, version: "v1", identity: "acme-ltd" },
          ],
          approved: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
        },
      ]);
      expect(await loadKnownConnections(device)).toEqual([
        { apiAddress: VALUES.apiAddress, version: "v1", identity: "acme-ltd" },
      ]);

      const forgetful = setup();
      forgetful.fetch.reply(OK_PAGE);
      await connect(VALUES, forgetful.stores);
      expect(deviceKeys(forgetful.device)).toEqual([]);
      expect(forgetful.workbook.saved.has(DOCUMENT_SETTING)).toBe(false);
    });

    it("gives a copy of a bound workbook an id of its own when the user connects in it", async () => {
      const { stores, fetch, workbook, device } = setup();
      fetch.reply(OK_PAGE, OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      const copy = copyOf(workbook);
      await connect(
        { ...VALUES, remember: true },
        { ...stores, workbook: copy, documentUrl: URL_2 },
      );
      const ids = [workbook, copy].map((file) => file.saved.get(DOCUMENT_SETTING));
      expect(ids[1]).not.toBe(ids[0]);
      expect((await loadDocumentRecords(device)).map((entry) => [entry.id, entry.url])).toEqual([
        [ids[1], URL_2],
        [ids[0], URL_1],
      ]);
    });

    it("binds no workbook that has no url yet, and says it will ask next time", async () => {
      const { stores, fetch, workbook, device } = setup();
      fetch.reply(OK_PAGE);
      const outcome = await connect({ ...VALUES, remember: true }, { ...stores, documentUrl: "" });
      expect(outcome).toMatchObject({ ok: true, warnings: [UNSAVED_WORKBOOK_WARNING] });
      expect(await loadDocumentRecords(device)).toEqual([]);
      expect(workbook.saved.has(DOCUMENT_SETTING)).toBe(false);
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
        warnings: ["The project could not be saved in this workbook: The document is read-only."],
      });
    });

    it("works without the computer's storage, keeping nothing secret anywhere", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE);
      const outcome = await connect(
        { ...VALUES, remember: true },
        { workbook, clientOptions: stores.clientOptions!, documentUrl: URL_1 },
      );
      expect(outcome.ok).toBe(true);
      expect(everythingKept(workbook)).not.toContain(TOKEN);
      expect(everythingKept(workbook)).not.toContain("acme-ltd");
    });
  });

  describe("disconnect()", () => {
    const live = {
      origin: ORIGIN,
      apiAddress: VALUES.apiAddress,
      version: "v1" as const,
      identity: VALUES.identity,
      project: "example.com",
    };

    const JOURNAL = {
      journalId: "mj_1",
      reference: "JNL-0001",
      transactionReference: "TRX-2026-0001",
      status: "DRAFT",
    };

    it("keeps the token and the binding, so the workbook connects by itself next time", async () => {
      const { stores, fetch, device } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      await new RecentJournalsOnDevice(device).opened(live, JOURNAL);
      const kept = new Map(device.items);
      await disconnect(live, stores, { forget: false });
      expect(device.items).toEqual(kept);
      expect((await restoreSession(stores)).autoConnect).toBe(true);
    });

    it("forgets the token, the pair and this document's binding when asked", async () => {
      const { stores, fetch, device, workbook } = setup();
      fetch.reply(OK_PAGE, OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      // The same project bound in another workbook keeps its binding, with no token to use.
      const other = new MemoryDocumentSettings();
      await connect(
        { ...VALUES, remember: true },
        { ...stores, workbook: other, documentUrl: URL_2 },
      );
      const recent = new RecentJournalsOnDevice(device);
      await recent.opened(live, JOURNAL);
      const otherProject = { ...live, identity: "other-co", project: "Other" };
      await recent.opened(otherProject, JOURNAL);
      await disconnect(live, stores, { forget: true });
      // The journals of this project opened here are forgotten too; another project's stay.
      expect(await recent.list(live)).toEqual([]);
      expect(await recent.list(otherProject)).toHaveLength(1);
      expect(await recallToken(device, ORIGIN, await keyOf(device))).toBeUndefined();
      expect(await loadKnownConnections(device)).toEqual([]);
      expect((await loadDocumentRecords(device)).map((entry) => entry.url)).toEqual([URL_2]);
      expect((await restoreSession(stores)).autoConnect).toBe(false);
      expect(
        (await restoreSession({ ...stores, workbook: other, documentUrl: URL_2 })).autoConnect,
      ).toBe(false);
      expect(workbook.saved.has(PROJECTS_SETTING)).toBe(true);
    });
  });

  describe("rememberChoiceChanged()", () => {
    it("forgets the token for the form's project when the box is unticked", async () => {
      const { stores, device } = setup();
      await rememberToken(device, ORIGIN, await keyOf(device), TOKEN);
      await rememberToken(device, ORIGIN, await keyOf(device, "other-co"), "other-token");
      await rememberChoiceChanged({ ...VALUES, remember: false }, stores);
      expect(await recallToken(device, ORIGIN, await keyOf(device))).toBeUndefined();
      expect(await recallToken(device, ORIGIN, await keyOf(device, "other-co"))).toBe(
        "other-token",
      );
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
    const WANTS =
      "This workbook connects to api.example.com as project example.com. Nothing is requested " +
      "until you select Connect.";

    it("starts empty, on v1, without connecting, in a fresh workbook on a fresh computer", async () => {
      const { stores } = setup();
      expect(await restoreSession(stores)).toEqual({
        values: { apiAddress: "", version: "v1", token: "", identity: "", remember: false },
        autoConnect: false,
        projects: [],
      });
    });

    it("restores everything and connects in the document this computer bound, its token remembered", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, version: "rc-1", remember: true }, stores);
      const restored = await restoreSession(stores);
      expect(restored).toMatchObject({
        values: { ...VALUES, version: "rc-1", remember: true, label: "example.com" },
        autoConnect: true,
      });
      expect(restored.notice).toBeUndefined();
    });

    it("fills a new workbook with the last connection remembered, never its token, and waits for a click", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      const fresh = new MemoryDocumentSettings();
      expect(await restoreSession({ ...stores, workbook: fresh })).toEqual({
        values: { ...VALUES, token: "", remember: false },
        autoConnect: false,
        projects: [],
      });
    });

    it("does not connect a copy of a bound workbook (every setting, another url), and says what it wants", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      const copy = copyOf(workbook);
      await copy.set("ledgerSheets.refreshOnOpen", "full");
      await copy.set("ledgerSheets.collectionPaths", { invoices: "/sales/invoices" });
      const restored = await restoreSession({ ...stores, workbook: copy, documentUrl: URL_2 });
      // One click away: the identity this computer knows, and its token, are filled in.
      expect(restored).toMatchObject({
        values: { ...VALUES, remember: true, label: "example.com" },
        autoConnect: false,
        notice:
          "This workbook connects to api.example.com as project example.com and refreshes on " +
          "open. It reads invoices from /sales/invoices. Nothing is requested until you select " +
          "Connect.",
      });
      expect(fetch.requests).toHaveLength(1);
    });

    it("does not connect another file at the bound url, which lacks the document id", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      const other = copyOf(workbook);
      await other.remove(DOCUMENT_SETTING);
      const restored = await restoreSession({ ...stores, workbook: other });
      expect(restored.autoConnect).toBe(false);
      expect(restored.notice).toBe(WANTS);
    });

    it("never connects by itself a workbook without a url", async () => {
      const { stores, fetch } = setup();
      const unsaved = { ...stores, documentUrl: "" };
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, unsaved);
      expect(await restoreSession(unsaved)).toMatchObject({ autoConnect: false, notice: WANTS });
    });

    it("does not connect to a project a foreign workbook names, though the token is remembered", async () => {
      const { stores, fetch, device } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      // Written on another computer: same server, another project, a key made there.
      const foreign = new MemoryDocumentSettings();
      const elsewhere = await deviceKey(new MemorySecretStore());
      await saveProjectList(foreign, {
        defaultLabel: "Victim",
        projects: [
          {
            label: "Victim",
            apiAddress: VALUES.apiAddress,
            version: "v1",
            identityKey: await workbookIdentityKey(elsewhere, VALUES.apiAddress, "acme-ltd"),
          },
        ],
      });
      const restored = await restoreSession({ ...stores, workbook: foreign });
      expect(restored).toMatchObject({
        values: { ...VALUES, identity: "", token: "", remember: false, label: "Victim" },
        autoConnect: false,
      });
      expect(restored.notice).toMatch(
        /^This workbook connects to api.example.com as project Victim\./,
      );
      expect(deviceKeys(device).length).toBeGreaterThan(0);
    });

    it("never reads an identity in clear from a workbook", async () => {
      const { stores, device } = setup();
      await rememberToken(device, ORIGIN, await keyOf(device, "victim-co"), TOKEN);
      const foreign = new MemoryDocumentSettings({
        [PROJECTS_SETTING]: {
          projects: [
            { label: "Acme", apiAddress: VALUES.apiAddress, version: "v1", identity: "victim-co" },
          ],
        },
      });
      const restored = await restoreSession({ ...stores, workbook: foreign });
      expect(restored.autoConnect).toBe(false);
      expect(restored.values).toMatchObject({ identity: "", token: "" });
    });

    it("fills the form but waits for the token when none was remembered", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE);
      await connect(VALUES, stores);
      expect(await restoreSession(stores)).toMatchObject({
        values: { ...VALUES, identity: "", token: "", label: "example.com" },
        autoConnect: false,
      });
    });

    it("never hands a remembered token to a workbook that names another server", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, remember: true }, stores);
      const list = await loadProjectList(workbook);
      const evil = copyOf(workbook);
      await saveProjectList(evil, {
        ...list,
        projects: list.projects.map((p) => ({ ...p, apiAddress: "https://evil.example.net/v1" })),
      });
      for (const documentUrl of [URL_1, URL_2]) {
        const restored = await restoreSession({ ...stores, workbook: evil, documentUrl });
        expect(restored.values).toMatchObject({ identity: "", token: "" });
        expect(restored.autoConnect).toBe(false);
      }
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
      // Neither identity is in the workbook: only their keys.
      expect(everythingKept(workbook)).not.toContain("other-co");
    });

    it("names a project after its server when no name is given, and keeps the name it has", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE, OK_PAGE, OK_PAGE);
      const first = await connect(VALUES, stores);
      const second = await connect({ ...VALUES, identity: "other-co" }, stores);
      const again = await connect({ ...VALUES, version: "rc-1" }, stores);
      expect([first, second, again].map((o) => o.ok && o.connection.project)).toEqual([
        "example.com",
        "example.com 2",
        "example.com",
      ]);
    });

    it("keeps a project's own name over the form's suggestion, but not over a name typed", async () => {
      const { stores, fetch } = setup();
      fetch.reply(OK_PAGE, OK_PAGE, OK_PAGE);
      await connect({ ...VALUES, label: "Acme" }, stores);
      const suggested = await connect(
        { ...VALUES, label: "example.com", labelSuggested: true },
        stores,
      );
      expect(suggested.ok && suggested.connection.project).toBe("Acme");
      const typed = await connect({ ...VALUES, label: "Acme Ltd" }, stores);
      expect(typed).toMatchObject({ ok: false, field: "label" });
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

    it("asks again for every project when the file names a project added since it was allowed", async () => {
      const { stores, fetch, workbook } = setup();
      fetch.reply(OK_PAGE);
      await connect({ ...VALUES, label: "Acme", remember: true }, stores);
      // Someone adds a project this computer never connected to, and sends the workbook back.
      const list = await loadProjectList(workbook);
      await saveProjectList(workbook, {
        ...list,
        projects: [
          ...list.projects,
          { label: "Victim", apiAddress: VALUES.apiAddress, version: "v1" },
        ],
      });
      const restored = await restoreSession(stores);
      expect(restored.projects.map((p) => [p.label, p.isDefault, p.autoConnect])).toEqual([
        ["Acme", true, false],
        ["Victim", false, false],
      ]);
      expect(restored.notice).toMatch(/as project Acme and .* as project Victim/);
      expect(restored.projects[1]?.values).toMatchObject({ identity: "", token: "" });
    });

    it("lets this computer connect under its name a project another computer keyed", async () => {
      const { stores, fetch, workbook, device } = setup();
      const elsewhere = await deviceKey(new MemorySecretStore());
      await saveProjectList(workbook, {
        defaultLabel: "Acme",
        projects: [
          {
            label: "Acme",
            apiAddress: VALUES.apiAddress,
            version: "v1",
            identityKey: await workbookIdentityKey(elsewhere, VALUES.apiAddress, "acme-ltd"),
          },
        ],
      });
      fetch.reply(OK_PAGE);
      const outcome = await connect({ ...VALUES, label: "Acme" }, stores);
      expect(outcome.ok && outcome.connection.project).toBe("Acme");
      const held = await expectWorkbookKeyOf(device, workbook);
      expect((await loadProjectList(workbook)).projects).toEqual([
        { label: "Acme", apiAddress: VALUES.apiAddress, version: "v1", identityKey: held },
      ]);
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
