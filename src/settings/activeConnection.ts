// The connections in use, one per connected project, held in memory only; nothing here is ever
// written anywhere. The task pane and the custom functions run on one shared-runtime page with
// one webpack runtime (runtimeChunk "single"), so both bundles see this one module and its one
// holder.

import type { ApiVersion, LedgerApi } from "../api";
import type { TableProject } from "../domain/tableOwnership";

export interface ActiveConnection {
  /** The client, which holds the token. */
  readonly api: LedgerApi;
  /** `https://api.example.com`: where the token may be sent. */
  readonly origin: string;
  /** `api.example.com` (with its port, if any), for messages. */
  readonly host: string;
  /** The address as the user entered it (the identity's key is made with it). */
  readonly apiAddress: string;
  readonly version: ApiVersion;
  readonly identity: string;
  /** The project's name in this workbook (src/settings/projects.ts). */
  readonly project: string;
}

export type ActiveConnectionListener = (connection: ActiveConnection | undefined) => void;

function key(project: string): string {
  return project.toLowerCase();
}

/**
 * Holds the connected projects and which one is the default, and tells listeners of every
 * change (with the default's connection, or undefined when the default is not connected).
 */
export class ActiveConnectionHolder {
  private readonly connections = new Map<string, ActiveConnection>();
  private defaultProject: string | undefined;
  private projectNames: readonly string[] = [];
  private readonly listeners = new Set<ActiveConnectionListener>();

  /** The default project's connection, if it is connected. */
  get current(): ActiveConnection | undefined {
    return this.defaultProject === undefined ? undefined : this.get(this.defaultProject);
  }

  /** The default project's name, connected or not. */
  get defaultLabel(): string | undefined {
    return this.defaultProject;
  }

  /** The connection of the project named `project` (ignoring case); no name: the default's. */
  get(project?: string): ActiveConnection | undefined {
    if (project === undefined) return this.current;
    return this.connections.get(key(project));
  }

  /** The workbook's projects, connected or not, in the workbook's order (the first first). */
  get projects(): readonly string[] {
    return this.projectNames;
  }

  /** Records the workbook's projects (the task pane reads them from the workbook). */
  setProjects(labels: readonly string[]): void {
    this.projectNames = [...labels];
    this.changed();
  }

  /**
   * `project` as its tables and journal sheets record it: whether it is the workbook's first
   * (whose names are plain, and who owns what is recorded without a project). Undefined when the
   * pane has not recorded the workbook's projects (then nothing is told apart by project).
   */
  tableProject(project: string): TableProject | undefined {
    const first = this.projectNames[0];
    if (first === undefined) return undefined;
    return {
      label: project,
      first: key(first) === key(project),
      named: this.projectNames.length > 1,
    };
  }

  /**
   * The project a table or journal sheet recorded; one recorded before the workbook had projects
   * (none) belongs to the workbook's first.
   */
  projectOfRecord(recorded: string | undefined): string | undefined {
    return recorded ?? this.projectNames[0];
  }

  /** Every connected project, in the order they connected. */
  get all(): readonly ActiveConnection[] {
    return [...this.connections.values()];
  }

  /** One connection only, the default (or none): what a workbook with one project has. */
  set(connection: ActiveConnection | undefined): void {
    this.connections.clear();
    if (connection !== undefined) this.connections.set(key(connection.project), connection);
    this.defaultProject = connection?.project;
    this.changed();
  }

  /** Adds or replaces the connection of its project; the first one becomes the default. */
  put(connection: ActiveConnection, options: { readonly makeDefault?: boolean } = {}): void {
    this.connections.delete(key(connection.project));
    this.connections.set(key(connection.project), connection);
    if (options.makeDefault === true || this.defaultProject === undefined) {
      this.defaultProject = connection.project;
    }
    this.changed();
  }

  /** Forgets the connection of `project` (it stays the default if it was). */
  remove(project: string): void {
    if (this.connections.delete(key(project))) this.changed();
  }

  /** Makes `project` the default, connected or not. */
  setDefault(project: string | undefined): void {
    if (this.defaultProject === project) return;
    this.defaultProject = project;
    this.changed();
  }

  /** Calls `listener` on every change; returns the function that stops it. */
  subscribe(listener: ActiveConnectionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Calls `listener` when what the formulas can answer changes: a connection added, replaced or
   * removed, or another default project. Not when the workbook's project names are only read
   * again. Returns the function that stops it.
   */
  subscribeToConnections(listener: () => void): () => void {
    let seen = new Set(this.connections.values());
    let seenDefault = this.defaultProject;
    return this.subscribe(() => {
      const now = new Set(this.connections.values());
      const same = now.size === seen.size && [...now].every((connection) => seen.has(connection));
      if (same && this.defaultProject === seenDefault) return;
      seen = now;
      seenDefault = this.defaultProject;
      listener();
    });
  }

  private changed(): void {
    const current = this.current;
    for (const listener of [...this.listeners]) listener(current);
  }
}

/** The active connections: set by the task pane, read by the LEDGER.* formulas. */
export const activeConnection = new ActiveConnectionHolder();
