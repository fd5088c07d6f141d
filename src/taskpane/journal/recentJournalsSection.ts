// The Journal panel's Recent journals: the chosen project's journals opened on this computer,
// the most recently opened first, each with an Open button; and what the panel's actions learn
// of a journal, kept in that list. Rows are kept per journal across redraws, so the button that
// was clicked keeps the keyboard focus when its row moves up.

import type { SeenOnServer } from "../../journalEditor/outcomes";
import type { ActiveConnection, ActiveConnectionHolder } from "../../settings/activeConnection";
import type { RecentJournal } from "../../settings/recentJournals";
import type { RecentJournalsOnDevice } from "../../settings/recentJournalsOnDevice";
import { recentJournalRow, RECENT_EMPTY } from "./recentJournalsText";
import { requireElement, setShown } from "../shared/pageElements";

/** The journals opened on this computer, as the panel uses them. */
export type RecentJournalsStore = Pick<
  RecentJournalsOnDevice,
  "list" | "recall" | "opened" | "statusSeen"
>;

export interface RecentJournalsSection {
  /** Reads the chosen project's list again and shows it (hidden when it is not connected). */
  refresh(): Promise<void>;
  /**
   * Keeps what the server gave of a journal under the project it was read from: as opened now
   * (`opened`), or its status only (`statusSeen`); then shows the list again.
   */
  note(seen: SeenOnServer, how: "opened" | "statusSeen"): Promise<void>;
  /** Turns every Open button on or off. */
  enable(enabled: boolean): void;
}

export interface RecentJournalsOptions {
  readonly active: ActiveConnectionHolder;
  /** The project chosen in the panel, if connected. */
  readonly chosen: () => ActiveConnection | undefined;
  /** Absent where the host keeps nothing on this computer: the section stays hidden. */
  readonly recent: RecentJournalsStore | undefined;
  /** Runs with the journal's ID and the button clicked. */
  readonly onOpen: (journalId: string, button: HTMLButtonElement) => void;
  readonly now?: () => Date;
}

interface Row {
  readonly item: HTMLLIElement;
  readonly button: HTMLButtonElement;
  readonly fields: Record<"reference" | "transaction" | "status" | "project", HTMLElement>;
  readonly hiddenName: HTMLElement;
}

export function mountRecentJournals(
  root: Document,
  options: RecentJournalsOptions,
): RecentJournalsSection {
  const { active, chosen, recent, onOpen, now = () => new Date() } = options;
  const section = requireElement(root, "journal-recent", HTMLElement);
  const list = requireElement(root, "journal-recent-list", HTMLUListElement);
  const empty = requireElement(root, "journal-recent-empty", HTMLElement);
  empty.textContent = RECENT_EMPTY;
  const rows = new Map<string, Row>();
  let enabled = true;

  function field(className: string): HTMLElement {
    const element = root.createElement("span");
    element.className = className;
    return element;
  }

  function newRow(journalId: string): Row {
    const item = root.createElement("li");
    item.className = "recent-journal";
    const details = root.createElement("div");
    details.className = "recent-details";
    const fields = {
      reference: field("recent-reference"),
      transaction: field("recent-transaction"),
      status: field("recent-status"),
      project: field("recent-project"),
    };
    const transactionLine = root.createElement("span");
    transactionLine.className = "recent-line";
    transactionLine.append(hiddenText("Transaction reference "), fields.transaction);
    const statusLine = root.createElement("span");
    statusLine.className = "recent-line caption";
    statusLine.append(fields.status);
    const projectLine = root.createElement("span");
    projectLine.className = "recent-line caption";
    projectLine.append(hiddenText("Project "), fields.project);
    details.append(fields.reference, transactionLine, statusLine, projectLine);
    const button = root.createElement("button");
    button.type = "button";
    button.className = "secondary";
    const hiddenName = hiddenText("");
    button.append("Open", hiddenName);
    button.addEventListener("click", () => onOpen(journalId, button));
    item.append(details, button);
    return { item, button, fields, hiddenName };
  }

  function hiddenText(text: string): HTMLElement {
    const element = root.createElement("span");
    element.className = "visually-hidden";
    element.textContent = text;
    return element;
  }

  function show(entries: readonly RecentJournal[] | undefined): void {
    setShown(section, entries !== undefined);
    const shown = entries ?? [];
    const at = now();
    const items = shown.map((entry) => {
      const row = rows.get(entry.journalId) ?? newRow(entry.journalId);
      rows.set(entry.journalId, row);
      const text = recentJournalRow(entry, at);
      row.fields.reference.textContent = text.reference;
      row.fields.transaction.textContent = text.transactionReference;
      row.fields.status.textContent = text.status;
      row.fields.project.textContent = text.project;
      row.hiddenName.textContent = ` ${text.reference}`;
      row.button.disabled = !enabled;
      return row.item;
    });
    const kept = new Set(shown.map((entry) => entry.journalId));
    for (const id of [...rows.keys()]) if (!kept.has(id)) rows.delete(id);
    // Only when the order or the rows changed: moving the focused row would drop its focus.
    const current = Array.from(list.children);
    if (current.length !== items.length || current.some((child, i) => child !== items[i])) {
      const focused = root.activeElement;
      list.replaceChildren(...items);
      if (focused instanceof HTMLElement && list.contains(focused)) focused.focus();
    }
    setShown(list, items.length > 0);
    setShown(empty, entries !== undefined && items.length === 0);
  }

  function enable(next: boolean): void {
    enabled = next;
    for (const row of rows.values()) row.button.disabled = !next;
  }

  /** The latest read wins: a slower one started before it is dropped. */
  let generation = 0;
  async function refresh(): Promise<void> {
    const mine = ++generation;
    const project = chosen();
    let entries: readonly RecentJournal[] | undefined;
    try {
      entries =
        project === undefined || recent === undefined ? undefined : await recent.list(project);
    } catch {
      entries = undefined;
    }
    if (mine === generation) show(entries);
  }

  async function note(seen: SeenOnServer, how: "opened" | "statusSeen"): Promise<void> {
    const from = seen.project === undefined ? chosen() : active.get(seen.project);
    if (recent === undefined || from === undefined) return;
    try {
      await recent[how](from, seen.journal);
    } catch {
      // The list on this computer stays as it was; the journal itself is open.
    }
    await refresh();
  }

  return { refresh, note, enable };
}
