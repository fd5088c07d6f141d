// The connection panel's list of the workbook's projects: one row per project, with its line and
// the actions it offers. Pure: no DOM (projectListElements.ts draws it).

import { sameLabel } from "../../domain/projectLabels";
import { hostOf, projectSummary } from "./text";
import type { RestoredProject } from "./restore";
import { originOf } from "../shared/session";

export type ProjectAction = "connect" | "enterNewToken" | "disconnect" | "makeDefault" | "remove";

/** The buttons' words; each button's accessible name adds the project's. */
export const PROJECT_ACTION_TEXT: Readonly<Record<ProjectAction, string>> = {
  connect: "Connect",
  enterNewToken: "Enter new token",
  disconnect: "Disconnect",
  makeDefault: "Make default",
  remove: "Remove",
};

export interface ProjectRow {
  readonly label: string;
  /** "Acme (default) · api.example.com (v1) · connected". */
  readonly line: string;
  readonly actions: readonly ProjectAction[];
}

/**
 * The rows, when the workbook has more than one project (one project needs no list): Connect,
 * or Enter new token for one whose token the service refused, or Disconnect (none for the
 * project the shown form holds: one Connect per project); Make default for the others, and
 * Remove for those not connected.
 */
export function projectRows(
  projects: readonly RestoredProject[],
  isConnected: (label: string) => boolean,
  defaultLabel: string | undefined,
  tokenRefused: (label: string) => boolean = () => false,
  /** The project the shown form holds: the form's Connect is its, so its row offers none. */
  formProject = "",
): readonly ProjectRow[] {
  if (projects.length <= 1) return [];
  return projects.map((project) => {
    const connected = isConnected(project.label);
    const refused = !connected && tokenRefused(project.label);
    const isDefault = sameLabel(project.label, defaultLabel ?? "");
    const origin = originOf(project.values.apiAddress, project.values.version);
    const line = projectSummary({
      label: project.label,
      host: origin === undefined ? undefined : hostOf(origin),
      version: project.values.version === "rc-1" ? "rc-1" : "v1",
      connected,
      isDefault,
      tokenRefused: refused,
    });
    // A refused token's row keeps Enter new token: it takes the keyboard to the form's token.
    const inForm = !connected && !refused && sameLabel(project.label, formProject);
    const actions: ProjectAction[] = inForm
      ? []
      : [connected ? "disconnect" : refused ? "enterNewToken" : "connect"];
    if (!isDefault) {
      actions.push("makeDefault");
      if (!connected) actions.push("remove");
    }
    return { label: project.label, line, actions };
  });
}
