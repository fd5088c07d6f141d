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
} from "../../api/index";
import type { ActiveConnection } from "../../settings/activeConnection";
import { SavedConnection } from "../../settings/connectionSettings";
import { sameLabel } from "../../domain/projectLabels";
import {
  deviceKey,
  DeviceKey,
  identityKey,
  isWorkbookKeyMadeHere,
  isWorkbookKeyOf,
  workbookIdentityKey,
} from "../../settings/deviceKey";
import { keyFor } from "../../settings/workbookKeys";
import {
  Approval,
  DeviceConnection,
  forgetOnDevice,
  rememberOnDevice,
} from "../../settings/deviceMemory";
import { DOCUMENT_SETTING, parseDocumentId } from "../../settings/documentBinding";
import {
  checkProjectLabel,
  findProject,
  loadProjectList,
  projectAt,
  ProjectList,
  projectListValue,
  saveProjectList,
  withDefault,
  withProject,
  withoutProject,
  WorkbookProject,
  PROJECTS_SETTING,
} from "../../settings/projects";
import { suggestProjectLabel } from "../../settings/projectNameSuggestion";
import { RecentJournalsOnDevice } from "../../settings/recentJournalsOnDevice";
import { forgetToken } from "../../settings/rememberedToken";
import type { DocumentSettingsStore, SecretStore } from "../../settings/stores";
import { loadCollectionPaths } from "../../settings/collectionPaths";
import { readRefreshOnOpen } from "../../settings/refreshOnOpen";
import { readAutoRefresh } from "../../settings/autoRefresh";
import { claimsDigest, claimsOf } from "../../settings/workbookClaims";
import {
  checkConnectionForm,
  ConnectionField,
  ConnectionFormValues,
  describeConnectFailure,
  hostOf,
  isApiVersion,
} from "../connection/text";
import type { Result } from "../../util/result";

export interface SessionStores {
  /** The workbook's settings. */
  readonly workbook: DocumentSettingsStore;
  /** The add-in's storage on this computer; absent where the host has none (remembering is off). */
  readonly device?: SecretStore;
  /** Client options for every request (tests pass a fake fetch). */
  readonly clientOptions?: ClientOptions;
  /**
   * Where the workbook file is (`Office.context.document.url`): with the document id, what
   * binds a workbook to this computer (src/settings/documentBinding.ts). Empty or absent for a
   * workbook not saved yet: then it never connects by itself.
   */
  readonly documentUrl?: string;
}

/** The connection check is one small request: it should answer fast or fail fast. */
const CHECK_OPTIONS: Readonly<ClientOptions> = {
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

/**
 * The workbook's projects that may not be taken to be the one connecting as `identity` at
 * `apiAddress`: those at another address, and those holding a key this computer made for another
 * identity. A key made elsewhere cannot be checked here: whoever connects the project on this
 * computer says which identity it is.
 */
async function notClaimable(
  list: ProjectList,
  apiAddress: string,
  identity: string,
  key: DeviceKey | undefined,
): Promise<Set<WorkbookProject>> {
  const refused = new Set<WorkbookProject>();
  for (const named of list.projects) {
    const held = named.identityKey;
    if (named.apiAddress !== apiAddress) refused.add(named);
    else if (
      key !== undefined &&
      held !== undefined &&
      (await isWorkbookKeyMadeHere(key, held)) &&
      !(await isWorkbookKeyOf(key, held, apiAddress, identity))
    ) {
      refused.add(named);
    }
  }
  return refused;
}

/** The project name a connection takes, or why the form's name cannot be used. */
function chooseLabel(
  values: Pick<ConnectionFormValues, "label" | "labelSuggested">,
  apiAddress: string,
  list: ProjectList,
  existing: WorkbookProject | undefined,
  mayClaim: (named: WorkbookProject) => boolean,
): Result<{ label: string }> {
  const text = values.label?.trim() ?? "";
  if (existing !== undefined && (text === "" || values.labelSuggested === true)) {
    return { ok: true, label: existing.label };
  }
  if (text === "") {
    const taken = list.projects.map((project) => project.label);
    return {
      ok: true,
      label: suggestProjectLabel(apiAddress, taken),
    };
  }
  const check = checkProjectLabel(text);
  if (!check.ok) return check;
  if (existing !== undefined && !sameLabel(existing.label, check.label)) {
    return {
      ok: false,
      message: `This project is already in this workbook as “${existing.label}”. Use that name.`,
    };
  }
  const named = findProject(list, check.label);
  if (existing === undefined && named !== undefined && !mayClaim(named)) {
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

/** This computer's key, or undefined where the host has no storage or it fails. */
async function deviceKeyOf(stores: SessionStores): Promise<DeviceKey | undefined> {
  if (stores.device === undefined) return undefined;
  try {
    return await deviceKey(stores.device);
  } catch {
    return undefined;
  }
}

/** The workbook's projects and document id, as connect() needs them. */
async function workbookState(
  workbook: DocumentSettingsStore,
): Promise<{ list: ProjectList; documentId: string | undefined }> {
  const list = await loadProjectList(workbook);
  return { list, documentId: parseDocumentId(await workbook.get(DOCUMENT_SETTING)) };
}

/**
 * Connects: checks the form (a bad address is refused before any request), asks the server for
 * one payment to prove address, token and identity. Then, with "Remember token" ticked, this
 * computer keeps the token, the pair and the binding of this document (src/settings/
 * deviceMemory.ts), else it forgets them; the workbook keeps the project's name, address,
 * version and identity key, and the document id the binding needs.
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
  const key = await deviceKeyOf(stores);
  // The key this computer keeps for the identity (its token, its journals); the workbook holds
  // a key of its own (workbookKeys.ts), which links it to nothing else.
  const keyHere =
    key === undefined ? undefined : await identityKey(key, apiAddress, resolved.identity);
  let state: Awaited<ReturnType<typeof workbookState>>;
  try {
    state = await workbookState(stores.workbook);
  } catch (error) {
    return {
      ok: false,
      message: `The workbook's projects could not be read: ${problem(error)} Try again.`,
      cancelled: false,
    };
  }
  const { list } = state;
  const heldKey =
    key === undefined ? undefined : await keyFor(key, list.projects, apiAddress, resolved.identity);
  const existing = projectAt(list, apiAddress, heldKey);
  const refused = await notClaimable(list, apiAddress, resolved.identity, key);
  const chosen = chooseLabel(values, apiAddress, list, existing, (named) => !refused.has(named));
  if (!chosen.ok) return { ok: false, message: chosen.message, field: "label", cancelled: false };
  const { label } = chosen;
  try {
    const probe = new LedgerApi(connection, { ...stores.clientOptions, ...CHECK_OPTIONS });
    await probe.listPayments({ limit: 1, ...(signal === undefined ? {} : { signal }) });
  } catch (error) {
    return { ok: false, ...describeConnectFailure(error) };
  }

  const active = activeOf(connection, resolved, stores, label);
  // Connecting by itself as the workbook opens writes nothing: opening must not modify it.
  if (automatic) return { ok: true, connection: active, warnings: [] };
  const saved: SavedConnection = {
    apiAddress,
    version: connection.version,
    identity: resolved.identity,
  };
  const kept =
    keyHere === undefined
      ? undefined
      : {
          connection: saved,
          label,
          origin: resolved.origin,
          identityKey: keyHere,
          documentId: state.documentId,
          url: stores.documentUrl,
        };
  const workbookKey =
    key === undefined
      ? undefined
      : (heldKey ?? (await workbookIdentityKey(key, apiAddress, resolved.identity)));
  const project = {
    label,
    apiAddress,
    version: connection.version,
    ...identityKeyField(workbookKey),
  };
  let next = withProject(list, project);
  if (options.makeDefault === true) next = withDefault(next, label);
  const approval = await approvalOf(stores, next, key);
  const { documentId, warnings } = await keepOnDevice(
    stores,
    kept,
    values.remember && resolved.token,
    approval,
  );
  try {
    await saveWorkbookProject(stores.workbook, state, next, documentId);
  } catch (error) {
    warnings.push(`The project could not be saved in this workbook: ${problem(error)}`);
  }
  return { ok: true, connection: active, warnings };
}

/**
 * Keeps the token, the pair and this document's binding on this computer (`token`: the user
 * ticked Remember), or forgets them (`false`). Gives the document id the workbook must hold and
 * what could not be kept.
 */
async function keepOnDevice(
  stores: SessionStores,
  kept: DeviceConnection | undefined,
  token: string | false,
  approval: Approval | undefined,
): Promise<{ documentId: string | undefined; warnings: string[] }> {
  const { device } = stores;
  if (device === undefined) return { documentId: kept?.documentId, warnings: [] };
  if (kept === undefined || approval === undefined) {
    const warnings =
      token === false
        ? []
        : ["The token could not be remembered: this computer's storage did not answer."];
    return { documentId: undefined, warnings };
  }
  try {
    if (token === false) {
      await forgetOnDevice(device, kept);
      return { documentId: kept.documentId, warnings: [] };
    }
    const documentId = (await rememberOnDevice(device, kept, token, approval)) ?? kept.documentId;
    return { documentId, warnings: stores.documentUrl ? [] : [UNSAVED_WORKBOOK_WARNING] };
  } catch (error) {
    return {
      documentId: kept.documentId,
      warnings: [`The token could not be remembered on this computer: ${problem(error)}`],
    };
  }
}

/** Said when the user asks to remember a connection in a workbook that has no location yet. */
export const UNSAVED_WORKBOOK_WARNING =
  "This workbook has not been saved yet, so it will ask before connecting the next time it opens.";

function identityKeyField(key: string | undefined): { identityKey?: string } {
  return key === undefined ? {} : { identityKey: key };
}

/**
 * What the click allows: the workbook's claims once `next` is saved in it (the user sees them
 * before connecting), and where each known connection's token is kept. Undefined when the
 * workbook's settings cannot be read or this computer has no key: then nothing is bound.
 */
async function approvalOf(
  stores: SessionStores,
  next: ProjectList,
  key: DeviceKey | undefined,
): Promise<Approval | undefined> {
  if (key === undefined) return undefined;
  try {
    const { workbook } = stores;
    const claims = claimsOf(
      next,
      await loadCollectionPaths(workbook),
      await readRefreshOnOpen(workbook),
      await readAutoRefresh(workbook),
    );
    return {
      digest: await claimsDigest(claims),
      tokenPlace: async (connection) => {
        const origin = originOf(connection.apiAddress, connection.version);
        if (origin === undefined) return undefined;
        return {
          origin,
          identityKey: await identityKey(key, connection.apiAddress, connection.identity),
        };
      },
    };
  } catch {
    return undefined;
  }
}

/** Writes the project list (and the document id, when it changed); unchanged settings are not. */
async function saveWorkbookProject(
  workbook: DocumentSettingsStore,
  state: Awaited<ReturnType<typeof workbookState>>,
  next: ProjectList,
  documentId: string | undefined,
): Promise<void> {
  const unchanged =
    JSON.stringify(projectListValue(next)) === JSON.stringify(projectListValue(state.list)) &&
    (await workbook.get(PROJECTS_SETTING)) !== undefined;
  if (!unchanged) await saveProjectList(workbook, next);
  if (documentId !== undefined && documentId !== state.documentId) {
    await workbook.set(DOCUMENT_SETTING, documentId);
  }
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

/**
 * Disconnects. With `forget`, this computer also forgets the project's token, the pair, this
 * document's binding to it (so no workbook connects to it by itself) and the journals of the
 * project opened here; without, the next opening of this workbook connects again.
 */
export async function disconnect(
  connection: Pick<ActiveConnection, "origin" | "identity" | "apiAddress" | "version" | "project">,
  stores: SessionStores,
  options: { readonly forget: boolean },
): Promise<void> {
  if (!options.forget || stores.device === undefined) return;
  const key = await deviceKey(stores.device);
  const { apiAddress, version, identity } = connection;
  await forgetOnDevice(stores.device, {
    connection: { apiAddress, version, identity },
    label: connection.project,
    origin: connection.origin,
    identityKey: await identityKey(key, apiAddress, identity),
    documentId: parseDocumentId(await stores.workbook.get(DOCUMENT_SETTING)),
    url: stores.documentUrl,
  });
  await new RecentJournalsOnDevice(stores.device).forget(connection);
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

/** Applies the Remember box at once when it is unticked: the form's project's token is forgotten. */
export async function rememberChoiceChanged(
  values: Pick<ConnectionFormValues, "apiAddress" | "version" | "remember" | "identity">,
  stores: SessionStores,
): Promise<void> {
  if (values.remember || stores.device === undefined) return;
  const origin = originOf(values.apiAddress, values.version);
  const identity = values.identity.trim();
  if (origin === undefined || identity === "") return;
  const key = await deviceKey(stores.device);
  await forgetToken(
    stores.device,
    origin,
    await identityKey(key, values.apiAddress.trim(), identity),
  );
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
