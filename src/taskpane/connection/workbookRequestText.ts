// What a workbook seen for the first time on this computer asks for, in one or two sentences,
// shown before anything is requested: the servers and projects it connects to (the API version
// when not v1), what it does when it opens and while open, and the collection paths it changes.
// Pure.

import type { ApiVersion } from "../../api/index";
import { CURSOR_COLLECTIONS } from "../../domain/collections";
import type { CollectionPaths } from "../../settings/collectionPaths";
import type { AutoRefreshSetting } from "../../settings/autoRefresh";
import type { RefreshOnOpen } from "../../settings/refreshOnOpen";
import { intervalWords } from "../refresh/text";

export interface RequestedProject {
  readonly label: string;
  /** `api.example.com`; undefined when the workbook's address is not one the add-in accepts. */
  readonly host: string | undefined;
  readonly version: ApiVersion;
}

const ON_OPEN: Record<Exclude<RefreshOnOpen, "off">, string> = {
  new: "fetches new records on open",
  full: "refreshes on open",
};

function target(project: RequestedProject): string {
  const where = project.host ?? "an address the add-in does not accept";
  const version = project.version === "v1" ? "" : ` (API ${project.version})`;
  return `${where} as project ${project.label}${version}`;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * "This workbook connects to api.example.com as project Acme and refreshes on open." Empty when
 * the workbook names no project.
 */
export function workbookRequestText(
  projects: readonly RequestedProject[],
  onOpen: RefreshOnOpen,
  paths: CollectionPaths,
  autoRefresh: AutoRefreshSetting = { kind: "off" },
): string {
  if (projects.length === 0) return "";
  const connects = projects.map((project) => `to ${target(project)}`);
  const does = [
    ...(onOpen === "off" ? [] : [ON_OPEN[onOpen]]),
    ...(autoRefresh.kind === "on"
      ? [
          `${autoRefresh.choice.mode === "new" ? "fetches new records" : "refreshes"} ${intervalWords(autoRefresh.choice.minutes)} while open`,
        ]
      : []),
  ];
  const opening = does.length === 0 ? "" : ` and ${does.join(" and ")}`;
  const sentences = [`This workbook connects ${list(connects)}${opening}.`];
  const changed = CURSOR_COLLECTIONS.filter(
    (collection) => paths[collection.id] !== collection.defaultPath,
  ).map((collection) => `${collection.label.toLowerCase()} from ${paths[collection.id]}`);
  if (changed.length > 0) sentences.push(`It reads ${list(changed)}.`);
  sentences.push("Nothing is requested until you select Connect.");
  return sentences.join(" ");
}
