// A panel's messages: one short sentence in the panel's only live region, the details folded
// under it (not live, so a screen reader hears the sentence once, not the whole list), and cells
// named by address with a Go to button. Every action of a panel writes here: starting one clears
// what the one before said, so no old message outlives the action it was about. An error is
// said once, here, styled as an error; it is never also a second, assertive region.

import styles from "./messageArea.css";
import { addStylesOnce } from "./pageStyles";

/** A cell a message names: on which sheet, at which address, and what it holds for people. */
export interface CellLink {
  readonly sheet: string;
  /** "D5". */
  readonly address: string;
}

/** One folded line: a sentence, and the cells it is about (each with Go to). */
export interface MessageDetail {
  readonly text: string;
  readonly cells?: readonly CellLink[];
}

/** How the sentence is drawn: under way, done, done with something to read, or failed. */
export type MessageTone = "progress" | "success" | "warning" | "error";

export interface PanelMessage {
  readonly tone: MessageTone;
  /** One short sentence: the outcome. */
  readonly text: string;
  /** Folded under the sentence. */
  readonly details?: readonly MessageDetail[];
}

/** Selects a cell in the workbook; rejects when the sheet or cell is gone. */
export type GoToCell = (cell: CellLink) => Promise<void>;

export interface MessageArea {
  /** Replaces whatever was shown with `message`. */
  show(message: PanelMessage): void;
  /** A progress sentence: replaces the sentence, drops any details. */
  say(text: string): void;
  /** Empties the area: a new action begins. */
  clear(): void;
  /** Selects a cell a message names; says here when it cannot be selected. */
  selectCell(cell: CellLink): Promise<void>;
  /** What is shown now (tests and the panels' own checks). */
  readonly current: PanelMessage | null;
}

/** The summary of the folded details: "Details (3)". */
export function detailsSummary(details: readonly MessageDetail[]): string {
  return `Details (${details.length.toLocaleString("en-US")})`;
}

/** The accessible name of a Go to button: "Go to D5 on Invoices". */
export function goToLabel(cell: CellLink): string {
  return `Go to ${cell.address} on ${cell.sheet}`;
}

const areas = new WeakMap<HTMLElement, MessageArea>();

/**
 * The message area in the element with `id` (a panel's `<div class="messages">` holding its
 * `role="status"` paragraph). Every caller with the same id gets the same area, so the sections
 * of one panel share its one live region. `goTo` is taken from the first caller that gives one.
 */
export function messageAreaFor(root: Document, id: string, goTo?: GoToCell): MessageArea {
  const box = root.getElementById(id);
  if (!(box instanceof HTMLElement))
    throw new Error(`The task pane page lacks the element #${id}.`);
  const existing = areas.get(box);
  if (existing !== undefined) {
    if (goTo !== undefined) (existing as DomMessageArea).goTo ??= goTo;
    return existing;
  }
  addStylesOnce(root, "message-area-styles", styles);
  const area = new DomMessageArea(root, box, goTo);
  areas.set(box, area);
  return area;
}

class DomMessageArea implements MessageArea {
  private readonly sentence: HTMLElement;
  private readonly folded: HTMLDetailsElement;
  private readonly summary: HTMLElement;
  private readonly list: HTMLUListElement;
  private shown: PanelMessage | null = null;

  constructor(
    private readonly root: Document,
    private readonly box: HTMLElement,
    public goTo: GoToCell | undefined,
  ) {
    const live = box.querySelector<HTMLElement>('[role="status"]');
    if (live === null) throw new Error(`#${box.id} lacks its role="status" paragraph.`);
    this.sentence = live;
    this.folded = root.createElement("details");
    this.folded.className = "message-details";
    this.summary = root.createElement("summary");
    this.list = root.createElement("ul");
    this.folded.append(this.summary, this.list);
    this.folded.hidden = true;
    box.append(this.folded);
    this.draw(null);
  }

  get current(): PanelMessage | null {
    return this.shown;
  }

  show(message: PanelMessage): void {
    this.draw(message);
  }

  say(text: string): void {
    this.draw({ tone: "progress", text });
  }

  clear(): void {
    this.draw(null);
  }

  private draw(message: PanelMessage | null): void {
    this.shown = message;
    this.box.dataset.tone = message?.tone ?? "none";
    // Only a changed sentence is written: rewriting the same text would announce it again.
    const text = message?.text ?? "";
    if (this.sentence.textContent !== text) this.sentence.textContent = text;
    const details = message?.details ?? [];
    this.folded.hidden = details.length === 0;
    this.folded.open = false;
    this.summary.textContent = detailsSummary(details);
    this.list.replaceChildren(...details.map((detail) => this.itemOf(detail)));
  }

  private itemOf(detail: MessageDetail): HTMLLIElement {
    return detailItem(this.root, detail, (cell) => void this.selectCell(cell));
  }

  async selectCell(cell: CellLink): Promise<void> {
    if (this.goTo === undefined) return;
    try {
      await this.goTo(cell);
    } catch {
      // The sheet was deleted or renamed since: say so where the user looked.
      this.show({
        tone: "warning",
        text: `${cell.address} on ${cell.sheet} could not be selected: the sheet is no longer there under that name.`,
      });
    }
  }
}

/** A folded line: its sentence, then a Go to button per cell it names (the cell's address). */
export function detailItem(
  root: Document,
  detail: MessageDetail,
  select: (cell: CellLink) => void,
): HTMLLIElement {
  const item = root.createElement("li");
  const text = root.createElement("span");
  text.textContent = detail.text;
  item.append(text);
  for (const cell of detail.cells ?? []) {
    const button = root.createElement("button");
    button.type = "button";
    button.className = "link go-to";
    button.textContent = cell.address;
    button.setAttribute("aria-label", goToLabel(cell));
    button.addEventListener("click", () => select(cell));
    item.append(" ", button);
  }
  return item;
}
