// What the pane starts with when a workbook opens: the form for each of its projects, which of
// them connect by themselves (src/settings/autoConnect.ts), and, for the others, what the
// workbook asks for, shown before anything is requested. No DOM, no Office globals.

import { KnownIdentity, StartingProject, startingProject } from "../../settings/autoConnect";
import {
  CollectionPaths,
  defaultCollectionPaths,
  loadCollectionPaths,
} from "../../settings/collectionPaths";
import { loadKnownConnections, SavedConnection } from "../../settings/connectionSettings";
import { deviceKey, DeviceKey, identityKey } from "../../settings/deviceKey";
import { knownInWorkbook } from "../../settings/workbookKeys";
import {
  approvedDocument,
  boundDocument,
  DOCUMENT_SETTING,
  DocumentRecord,
  loadDocumentRecords,
  parseDocumentId,
} from "../../settings/documentBinding";
import { sameLabel } from "../../domain/projectLabels";
import { EMPTY_PROJECTS, loadProjectList, ProjectList } from "../../settings/projects";
import { readRefreshOnOpen, RefreshOnOpen } from "../../settings/refreshOnOpen";
import { readAutoRefresh, type AutoRefreshSetting } from "../../settings/autoRefresh";
import { recallToken } from "../../settings/rememberedToken";
import { claimsDigest, claimsOf } from "../../settings/workbookClaims";
import { checkConnectionForm, ConnectionFormValues, hostOf } from "./text";
import { originOf, SessionStores } from "../shared/session";
import { workbookRequestText } from "./workbookRequestText";

/** One project of the workbook as the pane starts: the form for it, and whether it connects. */
export interface RestoredProject {
  readonly label: string;
  readonly isDefault: boolean;
  /** Address, version, name; identity when known on this computer; the token if remembered. */
  readonly values: ConnectionFormValues;
  /**
   * True only when this computer bound the project in this very document (id and url match)
   * and its token is remembered: the pane connects at once, showing that it does.
   */
  readonly autoConnect: boolean;
  /** False for a project this document does not have bound here: it waits for a click. */
  readonly bound: boolean;
}

export interface RestoredSession {
  /**
   * The form as it was left: the default project's address, version and identity, with the
   * token if it was remembered (a workbook without projects: the last connection remembered
   * here, without its token).
   */
  readonly values: ConnectionFormValues;
  /** The default project connects by itself (see {@link RestoredProject.autoConnect}). */
  readonly autoConnect: boolean;
  /** What the workbook asks for, when some of its projects are not bound here. */
  readonly notice?: string;
  /** Every project of the workbook, the default among them, in the workbook's order. */
  readonly projects: readonly RestoredProject[];
}

const EMPTY_FORM: ConnectionFormValues = {
  apiAddress: "",
  version: "v1",
  token: "",
  identity: "",
  remember: false,
};

interface WorkbookView {
  readonly list: ProjectList;
  readonly documentId: string | undefined;
  readonly onOpen: RefreshOnOpen;
  readonly autoRefresh: AutoRefreshSetting;
  readonly paths: CollectionPaths;
}

async function readWorkbook(stores: SessionStores): Promise<WorkbookView> {
  try {
    return {
      list: await loadProjectList(stores.workbook),
      documentId: parseDocumentId(await stores.workbook.get(DOCUMENT_SETTING)),
      onOpen: await readRefreshOnOpen(stores.workbook),
      autoRefresh: await readAutoRefresh(stores.workbook),
      paths: await loadCollectionPaths(stores.workbook),
    };
  } catch {
    return {
      list: EMPTY_PROJECTS,
      documentId: undefined,
      onOpen: "off",
      autoRefresh: { kind: "off" },
      paths: defaultCollectionPaths(),
    };
  }
}

interface DeviceView {
  readonly key: DeviceKey | undefined;
  readonly known: readonly KnownIdentity[];
  /** The connection this computer made last, for a workbook without projects. */
  readonly last: SavedConnection | undefined;
  readonly document: DocumentRecord | undefined;
}

const NO_DEVICE: DeviceView = {
  key: undefined,
  known: [],
  last: undefined,
  document: undefined,
};

/**
 * What this computer knows: its key, the identities it connected with, and this document's
 * binding when the workbook claims exactly what the user allowed in it here (else it is a
 * workbook seen for the first time, and asks).
 */
async function readDevice(stores: SessionStores, workbook: WorkbookView): Promise<DeviceView> {
  const { device } = stores;
  if (device === undefined) return NO_DEVICE;
  try {
    const key = await deviceKey(device);
    const connections = await loadKnownConnections(device);
    const known = await knownInWorkbook(key, connections, workbook.list.projects);
    const last = connections[0];
    const records = await loadDocumentRecords(device);
    const bound = boundDocument(records, workbook.documentId, stores.documentUrl);
    if (bound === undefined) return { key, known, last, document: undefined };
    const { list, paths, onOpen, autoRefresh } = workbook;
    const digest = await claimsDigest(claimsOf(list, paths, onOpen, autoRefresh));
    return { key, known, last, document: approvedDocument(bound, digest) };
  } catch {
    return NO_DEVICE;
  }
}

/** The form for a connection, with the token remembered for it on this computer. */
async function formValues(
  saved: SavedConnection,
  stores: SessionStores,
  key: DeviceKey | undefined,
  label: string | undefined,
): Promise<ConnectionFormValues> {
  const origin = originOf(saved.apiAddress, saved.version);
  let token: string | undefined;
  if (
    origin !== undefined &&
    stores.device !== undefined &&
    key !== undefined &&
    saved.identity !== ""
  ) {
    try {
      const identity = await identityKey(key, saved.apiAddress, saved.identity);
      token = await recallToken(stores.device, origin, identity);
    } catch {
      token = undefined;
    }
  }
  return {
    ...saved,
    token: token ?? "",
    remember: token !== undefined,
    ...(label === undefined ? {} : { label }),
  };
}

async function restoredProject(
  start: StartingProject,
  label: string,
  isDefault: boolean,
  stores: SessionStores,
  key: DeviceKey | undefined,
): Promise<RestoredProject> {
  const values = await formValues(start.connection, stores, key, label);
  const bound = start.kind === "bound";
  const autoConnect = bound && values.token !== "" && checkConnectionForm(values).ok;
  return { label, isDefault, values, autoConnect, bound };
}

/** What the workbook asks for, naming the projects that wait for a click. */
function noticeOf(
  projects: readonly RestoredProject[],
  workbook: WorkbookView,
): string | undefined {
  const waiting = projects.filter((project) => !project.bound);
  if (waiting.length === 0) return undefined;
  const requested = waiting.map((project) => {
    const origin = originOf(project.values.apiAddress, project.values.version);
    return {
      label: project.label,
      host: origin === undefined ? undefined : hostOf(origin),
      version: project.values.version === "rc-1" ? ("rc-1" as const) : ("v1" as const),
    };
  });
  return workbookRequestText(requested, workbook.onOpen, workbook.paths, workbook.autoRefresh);
}

/**
 * What the form starts with, which projects connect by themselves, and the token remembered for
 * each, so connecting takes one click.
 */
export async function restoreSession(stores: SessionStores): Promise<RestoredSession> {
  const workbook = await readWorkbook(stores);
  const device = await readDevice(stores, workbook);
  const { list } = workbook;
  const projects: RestoredProject[] = [];
  for (const project of list.projects) {
    const start = startingProject(project, device.document, device.known);
    const isDefault =
      list.defaultLabel !== undefined && sameLabel(project.label, list.defaultLabel);
    projects.push(await restoredProject(start, project.label, isDefault, stores, device.key));
  }
  const notice = noticeOf(projects, workbook);
  const chosen = projects.find((project) => project.isDefault);
  if (chosen !== undefined) {
    return {
      values: chosen.values,
      autoConnect: chosen.autoConnect,
      ...(notice === undefined ? {} : { notice }),
      projects,
    };
  }
  // A workbook without projects: the connection remembered last is filled in, never connected,
  // and never with its token: the workbook did not ask for that server, so the token would
  // follow whatever address is typed over it.
  const last = device.last;
  if (last === undefined) return { values: EMPTY_FORM, autoConnect: false, projects };
  return { values: { ...EMPTY_FORM, ...last }, autoConnect: false, projects };
}
