// Connecting and disconnecting: checks the form, proves the connection with one real request,
// then keeps the token where the user chose and the rest in the workbook. No DOM, no Office
// globals: the stores and the client options come in, so all of it runs under unit tests.

import {
  ApiConnection,
  ClientOptions,
  isApiError,
  LedgerApi,
  resolveBaseUrl,
  ResolvedConnection,
} from "../api";
import type { ActiveConnection } from "../settings/activeConnection";
import { KnownConnection, StartingConnection, startingConnection } from "../settings/autoConnect";
import {
  identityFingerprint,
  loadKnownConnections,
  rememberConnection,
  SavedConnection,
  saveLastConnection,
} from "../settings/connectionSettings";
import {
  checkProjectLabel,
  findProject,
  loadProjectList,
  nextProjectLabel,
  projectAt,
  ProjectList,
  projectListValue,
  sameLabel,
  saveProjectList,
  withDefault,
  withProject,
  withoutProject,
  WorkbookProject,
  PROJECTS_SETTING,
} from "../settings/projects";
import { forgetToken, recallToken, rememberToken } from "../settings/rememberedToken";
import type { DocumentSettingsStore, SecretStore } from "../settings/stores";
import {
  checkConnectionForm,
  ConnectionField,
  ConnectionFormValues,
  describeConnectFailure,
  hostOf,
  isApiVersion,
} from "./connectionForm";

export interface SessionStores {
  /** The workbook's settings. */
  readonly workbook: DocumentSettingsStore;
  /** The add-in's storage on this computer; absent where the host has none (remembering is off). */
  readonly device?: SecretStore;
  /** Client options for every request (tests pass a fake fetch). */
  readonly clientOptions?: ClientOptions;
}

/** The connection check is one small request: it should answer fast or fail fast. */
export const CHECK_OPTIONS: Readonly<ClientOptions> = {
  timeoutMs: 15_000,
  retry: { maxAttempts: 2 },
};

export type ConnectOutcome =
  | {
      readonly ok: true;
      readonly connection: ActiveConnection;
      /** Settings that could not be kept (the connection itself works). */
      readonly warnings: readonly string[];
    }
  | {
      readonly ok: false;
      readonly message: string;
      readonly field?: ConnectionField;
      readonly cancelled: boolean;
    };

function problem(error: unknown): string {
  return error instanceof Error && error.message !== "" ? error.message : "no reason given";
}

export interface ConnectOptions {
  readonly signal?: AbortSignal;
  /**
   * True when the pane connects by itself to the connection the workbook names (the user did
   * not click): nothing is written anywhere, since opening a workbook must not modify it.
   */
  readonly automatic?: boolean;
  /** The workbook's default project becomes this one (else only a workbook's first is). */
  readonly makeDefault?: boolean;
}

/** The project name a connection takes, or why the form's name cannot be used. */
function chooseLabel(
  typed: string | undefined,
  list: ProjectList,
  existing: WorkbookProject | undefined,
): { ok: true; label: string } | { ok: false; message: string } {
  const text = typed?.trim() ?? "";
  if (text === "") return { ok: true, label: existing?.label ?? nextProjectLabel(list) };
  const check = checkProjectLabel(text);
  if (!check.ok) return check;
  if (existing !== undefined && !sameLabel(existing.label, check.label)) {
    return {
      ok: false,
      message: `This project is already in this workbook as “${existing.label}”. Use that name.`,
    };
  }
  const named = findProject(list, check.label);
  if (existing === undefined && named !== undefined) {
    // Its tables and journals would be refreshed and sent to this other project.
    return {
      ok: false,
      message:
        `“${named.label}” already names another project in this workbook. Choose another ` +
        "name for this one.",
    };
  }
  return { ok: true, label: check.label };
}

/**
 * Connects: checks the form (a bad address is refused before any request), asks the server for
 * one payment to prove address, token and identity, then remembers or forgets the token on this
 * computer as the box says, remembers that this pair was connected to on this computer, and
 * keeps address, version and the identity's fingerprint in the workbook.
 */
export async function connect(
  values: ConnectionFormValues,
  stores: SessionStores,
  options: ConnectOptions = {},
): Promise<ConnectOutcome> {
  const { signal, automatic = false } = options;
  const check = checkConnectionForm(values);
  if (!check.ok) {
    return { ok: false, message: check.message, field: check.field, cancelled: false };
  }
  const { connection, resolved } = check;
  const apiAddress = connection.apiAddress.trim();
  const fingerprint = await identityFingerprint(apiAddress, resolved.identity);
  let list: ProjectList;
  try {
    list = await loadProjectList(stores.workbook);
  } catch (error) {
    return {
      ok: false,
      message: `The workbook's projects could not be read: ${problem(error)} Try again.`,
      cancelled: false,
    };
  }
  const target = { apiAddress, version: connection.version, identityFingerprint: fingerprint };
  const existing = projectAt(list, target, resolved.identity);
  const chosen = chooseLabel(values.label, list, existing);
  if (!chosen.ok) return { ok: false, message: chosen.message, field: "label", cancelled: false };
  const { label } = chosen;
  try {
    const probe = new LedgerApi(connection, { ...stores.clientOptions, ...CHECK_OPTIONS });
    await probe.listPayments({ limit: 1, ...(signal === undefined ? {} : { signal }) });
  } catch (error) {
    return { ok: false, ...describeConnectFailure(error) };
  }

  const warnings: string[] = [];
  const saved: SavedConnection = {
    apiAddress,
    version: connection.version,
    identity: resolved.identity,
  };
  const active = activeOf(connection, resolved, stores, label);
  if (automatic) return { ok: true, connection: active, warnings };
  if (stores.device !== undefined) {
    try {
      if (values.remember) {
        await rememberToken(stores.device, resolved.origin, resolved.token, fingerprint);
      } else await forgetToken(stores.device, resolved.origin, fingerprint);
    } catch (error) {
      warnings.push(`The token could not be remembered on this computer: ${problem(error)}`);
    }
    try {
      await rememberConnection(stores.device, saved);
    } catch (error) {
      warnings.push(
        `This connection could not be remembered on this computer: ${problem(error)} ` +
          "Opening this workbook will ask you to connect again.",
      );
    }
    try {
      await saveLastConnection(stores.device, saved);
    } catch {
      // Only a convenience for the next new workbook; the connection works without it.
    }
  }
  try {
    let next = withProject(list, { ...target, label });
    if (options.makeDefault === true) next = withDefault(next, label);
    // Unchanged settings are not written again; a workbook with the identity in clear (an
    // earlier version's) or with no project list yet is rewritten.
    const unchanged =
      JSON.stringify(projectListValue(next)) === JSON.stringify(projectListValue(list)) &&
      (await stores.workbook.get(PROJECTS_SETTING)) !== undefined;
    if (!unchanged) await saveProjectList(stores.workbook, next);
  } catch (error) {
    warnings.push(
      `The address and identity could not be saved in this workbook: ${problem(error)}`,
    );
  }

  return { ok: true, connection: active, warnings };
}

function activeOf(
  connection: ApiConnection,
  resolved: ResolvedConnection,
  stores: SessionStores,
  project: string,
): ActiveConnection {
  return {
    project,
    apiAddress: connection.apiAddress.trim(),
    api: new LedgerApi(connection, stores.clientOptions),
    origin: resolved.origin,
    host: hostOf(resolved.origin),
    version: resolved.version,
    identity: resolved.identity,
  };
}

/** Disconnects: the token remembered for this project on this server is forgotten too. */
export async function disconnect(
  connection: Pick<ActiveConnection, "origin" | "identity" | "apiAddress">,
  stores: SessionStores,
): Promise<void> {
  if (stores.device === undefined) return;
  await forgetToken(
    stores.device,
    connection.origin,
    await identityFingerprint(connection.apiAddress, connection.identity),
  );
}

/** The server origin the form's address points at, if the address is valid. */
export function originOf(apiAddress: string, version: string): string | undefined {
  if (!isApiVersion(version)) return undefined;
  try {
    return new URL(resolveBaseUrl(apiAddress, version)).origin;
  } catch (error) {
    if (isApiError(error)) return undefined;
    throw error;
  }
}

/** Applies the Remember box at once when it is unticked: the token is forgotten. */
export async function rememberChoiceChanged(
  values: Pick<ConnectionFormValues, "apiAddress" | "version" | "remember" | "identity">,
  stores: SessionStores,
): Promise<void> {
  if (values.remember || stores.device === undefined) return;
  const origin = originOf(values.apiAddress, values.version);
  if (origin === undefined) return;
  const identity = values.identity.trim();
  const fingerprint =
    identity === "" ? undefined : await identityFingerprint(values.apiAddress.trim(), identity);
  await forgetToken(stores.device, origin, fingerprint);
}

/** Makes `label` the workbook's default project (formulas without a project use it). */
export async function makeDefaultProject(stores: SessionStores, label: string): Promise<void> {
  const list = await loadProjectList(stores.workbook);
  await saveProjectList(stores.workbook, withDefault(list, label));
}

/**
 * Removes `label` from the workbook's projects: its tables and journal sheets stay as they are,
 * but cannot be refreshed or sent until a project of that name is added again.
 */
export async function removeProject(stores: SessionStores, label: string): Promise<ProjectList> {
  const next = withoutProject(await loadProjectList(stores.workbook), label);
  await saveProjectList(stores.workbook, next);
  return next;
}

/** One project of the workbook as the pane starts: the form for it, and whether it connects. */
export interface RestoredProject {
  readonly label: string;
  readonly isDefault: boolean;
  /** Address, version, name; identity when known on this computer; the token if remembered. */
  readonly values: ConnectionFormValues;
  /**
   * True only when the workbook names an (address, identity) pair connected to on this
   * computer and its token is remembered: the pane connects at once, showing that it does.
   */
  readonly autoConnect: boolean;
  /** Why the pane waits for a click although the workbook names this project. */
  readonly notice?: string;
}

export interface RestoredSession {
  /**
   * The form as it was left: the default project's address, version and identity (a new
   * workbook: the last connection used here), with the token if it was remembered.
   */
  readonly values: ConnectionFormValues;
  /** The default project connects by itself (see {@link RestoredProject.autoConnect}). */
  readonly autoConnect: boolean;
  /** Why the pane waits for a click although the workbook names a connection. */
  readonly notice?: string;
  /** Every project of the workbook, the default among them, in the workbook's order. */
  readonly projects: readonly RestoredProject[];
}

/** Said when a workbook names a connection never made on this computer. */
export const UNKNOWN_CONNECTION_NOTICE =
  "This workbook names a connection not used on this computer, so Ledger Sheets did not " +
  "connect. Check the address and project identity, then select Connect.";

async function knownConnections(device: SecretStore): Promise<KnownConnection[]> {
  const connections = await loadKnownConnections(device);
  return await Promise.all(
    connections.map(async (connection) => ({
      connection,
      fingerprint: await identityFingerprint(connection.apiAddress, connection.identity),
    })),
  );
}

const EMPTY_FORM: ConnectionFormValues = {
  apiAddress: "",
  version: "v1",
  token: "",
  identity: "",
  remember: false,
};

/** The form for `start`, with the token remembered for it; and whether it may connect itself. */
async function restoredValues(
  start: Exclude<StartingConnection, { kind: "none" }>,
  stores: SessionStores,
  label: string | undefined,
): Promise<{ values: ConnectionFormValues; autoConnect: boolean; notice?: string }> {
  const saved = start.connection;
  const origin = originOf(saved.apiAddress, saved.version);
  let token: string | undefined;
  if (origin !== undefined && stores.device !== undefined) {
    try {
      const fingerprint =
        saved.identity === ""
          ? undefined
          : await identityFingerprint(saved.apiAddress, saved.identity);
      token = await recallToken(stores.device, origin, fingerprint);
    } catch {
      token = undefined;
    }
  }
  const values: ConnectionFormValues = {
    ...saved,
    token: token ?? "",
    remember: token !== undefined,
    ...(label === undefined ? {} : { label }),
  };
  const autoConnect =
    start.kind === "known" && token !== undefined && checkConnectionForm(values).ok;
  return {
    values,
    autoConnect,
    ...(start.kind === "unknown" ? { notice: UNKNOWN_CONNECTION_NOTICE } : {}),
  };
}

/**
 * What the form starts with, which projects connect by themselves (see
 * src/settings/autoConnect.ts), and the token remembered for each, so connecting takes one click.
 */
export async function restoreSession(stores: SessionStores): Promise<RestoredSession> {
  let list: ProjectList;
  try {
    list = await loadProjectList(stores.workbook);
  } catch {
    list = { projects: [], defaultLabel: undefined };
  }
  let known: KnownConnection[] = [];
  if (stores.device !== undefined) {
    try {
      known = await knownConnections(stores.device);
    } catch {
      known = [];
    }
  }
  const projects: RestoredProject[] = [];
  for (const project of list.projects) {
    const start = startingConnection(project, known);
    if (start.kind === "none" || start.kind === "new-workbook") continue;
    const restored = await restoredValues(start, stores, project.label);
    const isDefault =
      list.defaultLabel !== undefined && sameLabel(project.label, list.defaultLabel);
    projects.push({ label: project.label, isDefault, ...restored });
  }
  const chosen = projects.find((project) => project.isDefault);
  if (chosen !== undefined) {
    return {
      values: chosen.values,
      autoConnect: chosen.autoConnect,
      ...(chosen.notice === undefined ? {} : { notice: chosen.notice }),
      projects,
    };
  }
  const start = startingConnection(undefined, known);
  if (start.kind === "none") return { values: EMPTY_FORM, autoConnect: false, projects };
  const restored = await restoredValues(start, stores, undefined);
  return { values: restored.values, autoConnect: false, projects };
}
