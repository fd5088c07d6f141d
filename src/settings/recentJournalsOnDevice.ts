// The journals opened on this computer (recentJournals.ts) for a connected project: the project
// is found by the key this computer makes of its identity, so the identity is never written.
// Changes go one after another: an open and the status read after it never overwrite each
// other's change.

import { deviceKey, identityKey } from "./deviceKey";
import {
  JournalSeen,
  journalNotKept,
  loadRecentJournals,
  recalledByReference,
  RecentJournal,
  recentOfProject,
  recentProjectKey,
  saveRecentJournals,
  withOpened,
  withoutProjectJournals,
  withStatus,
} from "./recentJournals";
import type { SecretStore } from "./stores";

/** What names a connected project: where it is, who it is (in memory only), and its name. */
export interface RecentJournalsProject {
  readonly origin: string;
  readonly apiAddress: string;
  readonly identity: string;
  /** The project's name in the workbook. */
  readonly project: string;
}

export class RecentJournalsOnDevice {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: SecretStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The project's journals opened on this computer, the most recently opened first. */
  async list(project: RecentJournalsProject): Promise<RecentJournal[]> {
    await this.queue.catch(() => undefined);
    return recentOfProject(await loadRecentJournals(this.store), await this.keyOf(project));
  }

  /** The project's journal of this own reference (`JNL-0004`), if it was opened here. */
  async recall(
    project: RecentJournalsProject,
    reference: string,
  ): Promise<RecentJournal | undefined> {
    await this.queue.catch(() => undefined);
    const key = await this.keyOf(project);
    return recalledByReference(await loadRecentJournals(this.store), key, reference);
  }

  /**
   * Lists the journal as opened now, first. Gives why it is not listed when a text the server
   * gave is over the cap (src/settings/recentJournals.ts), for the pane to say.
   */
  async opened(project: RecentJournalsProject, seen: JournalSeen): Promise<string | undefined> {
    await this.change(project, (list, key) =>
      withOpened(list, { key, label: project.project }, seen, this.now()),
    );
    return journalNotKept(seen);
  }

  /** Updates a listed journal's status (and references) as the server just gave them. */
  statusSeen(project: RecentJournalsProject, seen: JournalSeen): Promise<void> {
    return this.change(project, (list, key) => withStatus(list, key, seen, this.now()));
  }

  /** Forgets every journal of the project. */
  forget(project: Omit<RecentJournalsProject, "project">): Promise<void> {
    return this.change({ ...project, project: "" }, (list, key) =>
      withoutProjectJournals(list, key),
    );
  }

  private async keyOf(project: Omit<RecentJournalsProject, "project">): Promise<string> {
    const device = await deviceKey(this.store);
    return recentProjectKey(
      project.origin,
      await identityKey(device, project.apiAddress.trim(), project.identity),
    );
  }

  private change(
    project: RecentJournalsProject,
    next: (list: RecentJournal[], key: string) => RecentJournal[],
  ): Promise<void> {
    const run = this.queue
      .catch(() => undefined)
      .then(async () => {
        const key = await this.keyOf(project);
        const list = await loadRecentJournals(this.store);
        const changed = next(list, key);
        if (JSON.stringify(changed) !== JSON.stringify(list)) {
          await saveRecentJournals(this.store, changed);
        }
      });
    this.queue = run;
    return run;
  }
}
