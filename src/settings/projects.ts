// The projects a workbook is connected to (issue 16): each is a connection (address, version,
// the identity's fingerprint) under a name the user chose, which formulas and sheet names show.
// One is the default: formulas without a project argument and the pane's first choice use it.
// No Office here: the workbook's settings come in as a DocumentSettingsStore.

import type { ApiVersion } from "../api";
import {
  CONNECTION_SETTING,
  parseWorkbookConnection,
  type WorkbookConnection,
} from "./connectionSettings";
import type { DocumentSettingsStore } from "./stores";

/** One project of a workbook: its name and its connection, never a token or identity in clear. */
export interface WorkbookProject extends WorkbookConnection {
  /** The name formulas and sheet names use: "Acme", "other-company". */
  readonly label: string;
}

export interface ProjectList {
  /** In the order they were added: the first is the workbook's original project. */
  readonly projects: readonly WorkbookProject[];
  /** The default project's label; undefined when the workbook has none. */
  readonly defaultLabel: string | undefined;
}

export const EMPTY_PROJECTS: ProjectList = { projects: [], defaultLabel: undefined };

/** The workbook setting of the project list: `{"default": label, "projects": [...]}`. */
export const PROJECTS_SETTING = "ledgerSheets.projects";

/** Excel's limit on a sheet name less " ()" and a few letters of the collection's name. */
export const MAX_LABEL_LENGTH = 20;
/** Characters a sheet name cannot hold, and quotes, which would need escaping in formulas. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_LABEL = /[:\\/?*[\]"'\u0000-\u001f\u007f]/;

export type LabelCheck =
  { readonly ok: true; readonly label: string } | { readonly ok: false; readonly message: string };

/**
 * Checks a project name typed by the user: 1 to 20 characters, none of `: \ / ? * [ ] " '`,
 * since it becomes part of sheet names ("Invoices (Acme)") and formula arguments.
 */
export function checkProjectLabel(text: string): LabelCheck {
  const label = text.trim().replace(/\s+/g, " ");
  if (label === "")
    return { ok: false, message: "Enter a name for the project, for example Acme." };
  if (label.length > MAX_LABEL_LENGTH) {
    return {
      ok: false,
      message: `The project name is too long: use at most ${MAX_LABEL_LENGTH} characters.`,
    };
  }
  if (FORBIDDEN_IN_LABEL.test(label)) {
    return {
      ok: false,
      message:
        "The project name cannot hold : \\ / ? * [ ] or quotes: it becomes part of " +
        "sheet names and formulas.",
    };
  }
  return { ok: true, label };
}

/** Project names are compared ignoring case, as Excel compares sheet names. */
export function sameLabel(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function findProject(
  list: ProjectList,
  label: string | undefined,
): WorkbookProject | undefined {
  const wanted = label ?? list.defaultLabel;
  if (wanted === undefined) return undefined;
  return list.projects.find((project) => sameLabel(project.label, wanted));
}

/** The label a connection saved by a version without projects gets ("Project 1"). */
export function nextProjectLabel(list: ProjectList): string {
  for (let n = list.projects.length + 1; ; n++) {
    const label = `Project ${n}`;
    if (findProject(list, label) === undefined) return label;
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function parseProject(value: unknown): WorkbookProject | undefined {
  const fields = record(value);
  if (fields === undefined || typeof fields.label !== "string") return undefined;
  const label = checkProjectLabel(fields.label);
  const connection = parseWorkbookConnection(fields);
  if (!label.ok || connection === undefined) return undefined;
  return { ...connection, label: label.label };
}

/**
 * Reads the project list from untrusted workbook settings. A workbook saved before projects has
 * only `ledgerSheets.connection`: it becomes "Project 1", the default. Unreadable entries and
 * repeated names are dropped; a default that names no project falls to the first.
 */
export function parseProjectList(projectsValue: unknown, legacyConnection: unknown): ProjectList {
  const fields = record(projectsValue);
  const entries = Array.isArray(fields?.projects) ? (fields.projects as unknown[]) : undefined;
  if (entries === undefined) {
    const legacy = parseWorkbookConnection(legacyConnection);
    if (legacy === undefined) return EMPTY_PROJECTS;
    const label = nextProjectLabel(EMPTY_PROJECTS);
    return { projects: [{ ...legacy, label }], defaultLabel: label };
  }
  const projects: WorkbookProject[] = [];
  for (const entry of entries.slice(0, 100)) {
    const project = parseProject(entry);
    if (project !== undefined && !projects.some((p) => sameLabel(p.label, project.label))) {
      projects.push(project);
    }
  }
  const wanted = typeof fields?.default === "string" ? fields.default : undefined;
  const chosen = projects.find((p) => wanted !== undefined && sameLabel(p.label, wanted));
  return { projects, defaultLabel: (chosen ?? projects[0])?.label };
}

/** The setting's value: labels and connections as this version writes them (fingerprints). */
export function projectListValue(list: ProjectList): unknown {
  return {
    ...(list.defaultLabel === undefined ? {} : { default: list.defaultLabel }),
    projects: list.projects.map((project) => ({
      label: project.label,
      apiAddress: project.apiAddress,
      version: project.version,
      ...(project.identityFingerprint === undefined
        ? { identity: project.identity }
        : { identityFingerprint: project.identityFingerprint }),
    })),
  };
}

/** The list with `project` put in place of the one of its label, or added last. */
export function withProject(list: ProjectList, project: WorkbookProject): ProjectList {
  const index = list.projects.findIndex((p) => sameLabel(p.label, project.label));
  const projects =
    index < 0
      ? [...list.projects, project]
      : list.projects.map((p, i) => (i === index ? project : p));
  return { projects, defaultLabel: list.defaultLabel ?? project.label };
}

export function withDefault(list: ProjectList, label: string): ProjectList {
  const project = findProject(list, label);
  return project === undefined ? list : { ...list, defaultLabel: project.label };
}

/** The list without the project named `label`; the default falls to the first left. */
export function withoutProject(list: ProjectList, label: string): ProjectList {
  const projects = list.projects.filter((p) => !sameLabel(p.label, label));
  const keeps = list.defaultLabel !== undefined && !sameLabel(list.defaultLabel, label);
  return { projects, defaultLabel: keeps ? list.defaultLabel : projects[0]?.label };
}

/** A connection as a project of a workbook: the fields that say where it points. */
export interface ProjectTarget {
  readonly apiAddress: string;
  readonly version: ApiVersion;
  readonly identityFingerprint: string;
}

/** The project of the list that points at the same (address, identity), whatever its name. */
export function projectAt(
  list: ProjectList,
  target: ProjectTarget,
  identityInClear?: string,
): WorkbookProject | undefined {
  return list.projects.find(
    (project) =>
      project.apiAddress === target.apiAddress &&
      (project.identityFingerprint !== undefined
        ? project.identityFingerprint === target.identityFingerprint
        : project.identity === identityInClear),
  );
}

/** The workbook's projects (a workbook saved before projects: its one connection). */
export async function loadProjectList(store: DocumentSettingsStore): Promise<ProjectList> {
  return parseProjectList(await store.get(PROJECTS_SETTING), await store.get(CONNECTION_SETTING));
}

/**
 * Saves the list, and the default project's connection where earlier versions read it, so a
 * workbook opened by one of them still connects to its default project.
 */
export async function saveProjectList(
  store: DocumentSettingsStore,
  list: ProjectList,
): Promise<void> {
  await store.set(PROJECTS_SETTING, projectListValue(list));
  const chosen = findProject(list, undefined);
  if (chosen === undefined) await store.remove(CONNECTION_SETTING);
  else {
    const { apiAddress, version, identity, identityFingerprint } = chosen;
    await store.set(
      CONNECTION_SETTING,
      identityFingerprint === undefined
        ? { apiAddress, version, identity }
        : { apiAddress, version, identityFingerprint },
    );
  }
}
