// The projects a workbook is connected to: each is an address and version under a name the user
// chose, which formulas and sheet names show, with the key of its identity as the computer that
// connected it made it (src/settings/deviceKey.ts). One is the default: formulas without a
// project argument and the pane's first choice use it. No Office here: the workbook's settings
// come in as a DocumentSettingsStore. Nothing here is trusted: src/settings/documentBinding.ts
// decides what a workbook may connect to by itself.

import type { ApiVersion } from "../api";
import { hiddenCharacterIn, sameLabel } from "../domain/projectLabels";
import type { Result } from "../util/result";
import { isText, record, versionOf } from "./connectionSettings";
import { parseIdentityKey } from "./deviceKey";
import type { DocumentSettingsStore } from "./stores";

/** One project of a workbook: its name and where it points, never a token or identity. */
export interface WorkbookProject {
  /** The name formulas and sheet names use: "Acme", "other-company". */
  readonly label: string;
  readonly apiAddress: string;
  readonly version: ApiVersion;
  /** The identity's key made by the computer that last connected it; absent when unknown. */
  readonly identityKey?: string;
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
const MAX_LABEL_LENGTH = 20;
/** Characters a sheet name cannot hold, and quotes, which would need escaping in formulas. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_LABEL = /[:\\/?*[\]"'\u0000-\u001f\u007f]/;

export type LabelCheck = Result<{ label: string }>;

/**
 * Checks a project name typed by the user or read from a workbook: 1 to 20 characters, none of
 * `: \ / ? * [ ] " '`, since it becomes part of sheet names ("Invoices (Acme)") and formula
 * arguments, and nothing invisible or that reorders the text (src/domain/projectLabels.ts), so
 * what a reader sees is the whole name.
 */
export function checkProjectLabel(text: string): LabelCheck {
  // Before spaces are tidied: JavaScript counts U+FEFF as a space, and it shows nothing.
  if (hiddenCharacterIn(text)) {
    return {
      ok: false,
      message:
        "The project name cannot hold invisible characters or text-direction marks: type it again.",
    };
  }
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

export function findProject(
  list: ProjectList,
  label: string | undefined,
): WorkbookProject | undefined {
  const wanted = label ?? list.defaultLabel;
  if (wanted === undefined) return undefined;
  return list.projects.find((project) => sameLabel(project.label, wanted));
}

function parseProject(value: unknown): WorkbookProject | undefined {
  const fields = record(value);
  if (fields === undefined || typeof fields.label !== "string") return undefined;
  const label = checkProjectLabel(fields.label);
  const version = versionOf(fields.version);
  const { apiAddress } = fields;
  if (!label.ok || version === undefined || !isText(apiAddress)) return undefined;
  const identityKey = parseIdentityKey(fields.identityKey);
  return {
    label: label.label,
    apiAddress,
    version,
    ...(identityKey === undefined ? {} : { identityKey }),
  };
}

/**
 * Reads the project list from untrusted workbook settings. Unreadable entries and repeated
 * names are dropped; a default that names no project falls to the first.
 */
export function parseProjectList(projectsValue: unknown): ProjectList {
  const fields = record(projectsValue);
  const entries = Array.isArray(fields?.projects) ? (fields.projects as unknown[]) : undefined;
  if (entries === undefined) return EMPTY_PROJECTS;
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

/** The setting's value: the known fields only. */
export function projectListValue(list: ProjectList): unknown {
  return {
    ...(list.defaultLabel === undefined ? {} : { default: list.defaultLabel }),
    projects: list.projects.map((project) => ({
      label: project.label,
      apiAddress: project.apiAddress,
      version: project.version,
      ...(project.identityKey === undefined ? {} : { identityKey: project.identityKey }),
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

/** The project of the list with this identity key at this address, whatever its name. */
export function projectAt(
  list: ProjectList,
  apiAddress: string,
  identityKey: string | undefined,
): WorkbookProject | undefined {
  if (identityKey === undefined) return undefined;
  return list.projects.find(
    (project) => project.apiAddress === apiAddress && project.identityKey === identityKey,
  );
}

/** The workbook's projects. */
export async function loadProjectList(store: DocumentSettingsStore): Promise<ProjectList> {
  return parseProjectList(await store.get(PROJECTS_SETTING));
}

export async function saveProjectList(
  store: DocumentSettingsStore,
  list: ProjectList,
): Promise<void> {
  await store.set(PROJECTS_SETTING, projectListValue(list));
}
