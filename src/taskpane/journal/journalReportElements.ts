// Draws a journal action's report: its problems (linked to their cells), changes, notes, the box
// offering Reload or Overwrite (with its confirmation step), and the box asking before a send
// that changes unedited values. The status and the alert are the panel's state machine's
// (machine.ts); what happens here that it must know, it is told.

import { selectJournalCell } from "../../excel/journalSheetStates";
import type { ExcelRun } from "../../excel/run";
import type { JournalPanelEvent } from "./machine";
import { JournalReport, ListedProblem, problemsHeading } from "./text";
import { mountResetsBox, type ResetsBox } from "./resetsBox";
import { requireElement, setShown } from "../shared/pageElements";

export interface JournalReportElements {
  /** Shows a finished action's lists and the box it offers (the machine has its words). */
  show(report: JournalReport): void;
  /** Empties the changes and notes lists, as an action starts. */
  clearLists(): void;
  /** Closes the box offering Reload and Overwrite. */
  hideStale(): void;
  /** Turns the Reload and Overwrite buttons on or off. */
  enableStaleChoices(enabled: boolean): void;
  /** Escape in the confirmation step: steps back, as "Keep server version" does; true if it did. */
  stepBack(): boolean;
  /** The box asking before a send that would change unedited values. */
  readonly resets: ResetsBox;
}

type Tell = (event: JournalPanelEvent) => void;

/** A list that is hidden (with its box) when empty. */
interface ShownList {
  readonly box: HTMLElement;
  readonly list: HTMLUListElement;
}

function listOf(root: Document, name: string): ShownList {
  return {
    box: requireElement(root, `journal-${name}-box`, HTMLElement),
    list: requireElement(root, `journal-${name}`, HTMLUListElement),
  };
}

function showList(root: Document, { box, list }: ShownList, items: readonly string[]): void {
  list.replaceChildren(
    ...items.map((text) => {
      const item = root.createElement("li");
      item.textContent = text;
      return item;
    }),
  );
  setShown(box, items.length > 0);
}

/**
 * `tell` hears what the panel's state machine must know: the Reload/Overwrite box closed, the
 * server version was kept, a problem's sheet is gone.
 */
export function mountJournalReportElements(
  root: Document,
  run: ExcelRun,
  tell: Tell,
): JournalReportElements {
  const staleBox = mountStaleBox(root, tell);
  const resets = mountResetsBox(root, () => tell({ type: "resetsClosed" }));
  const problems = mountProblems(root, run, tell);
  const changes = listOf(root, "changes");
  const notes = listOf(root, "notes");

  function show(report: JournalReport): void {
    if (report.problems !== undefined) problems.show(report.problems);
    showList(root, changes, report.changes);
    showList(root, notes, report.notes ?? []);
    if (report.stale !== undefined) staleBox.show(report.stale, true, report.staleDifferences);
    else if (report.reloadOffer !== undefined) staleBox.show(report.reloadOffer, false);
    else if (report.settled) staleBox.hide();
    else staleBox.closeStep();
    if (report.resets !== undefined) resets.show(report.resets, report.resetList ?? []);
    else resets.hide();
  }

  return {
    show,
    clearLists: () => {
      showList(root, changes, []);
      showList(root, notes, []);
    },
    hideStale: staleBox.hide,
    enableStaleChoices: staleBox.enable,
    stepBack: staleBox.stepBack,
    resets,
  };
}

/** The problems list: problems with a cell are buttons that select it, so the user lands on what to fix. */
function mountProblems(
  root: Document,
  run: ExcelRun,
  tell: Tell,
): { show(problems: readonly ListedProblem[]): void } {
  const box = requireElement(root, "journal-problems-box", HTMLElement);
  const title = requireElement(root, "journal-problems-heading", HTMLElement);
  const list = requireElement(root, "journal-problems", HTMLUListElement);

  async function goToCell(cell: NonNullable<ListedProblem["cell"]>): Promise<void> {
    try {
      // By its key: the user may have renamed the sheet since it was validated.
      await selectJournalCell(run, cell.sheetKey, cell.address);
    } catch {
      // The sheet was deleted since: say so instead of failing silently.
      tell({ type: "cellGone", sheetName: cell.sheetName });
    }
  }

  function itemOf({ message, cell }: ListedProblem): HTMLLIElement {
    const item = root.createElement("li");
    if (cell === null) {
      item.textContent = message;
      return item;
    }
    const button = root.createElement("button");
    button.type = "button";
    button.className = "link";
    button.textContent = message;
    button.title = `Select ${cell.address} on ${cell.sheetName}`;
    button.addEventListener("click", () => void goToCell(cell));
    item.append(button);
    return item;
  }

  return {
    show: (problems) => {
      list.replaceChildren(...problems.map(itemOf));
      title.textContent = problemsHeading(problems.length);
      setShown(box, problems.length > 0);
    },
  };
}

interface StaleBox {
  /** Offers Reload, and Overwrite unless the journal was saved from this sheet. */
  show(message: string, overwritable: boolean, differences?: readonly string[]): void;
  hide(): void;
  /** Closes the confirmation step only. */
  closeStep(): void;
  enable(enabled: boolean): void;
  stepBack(): boolean;
}

/** The box offering Reload or Overwrite, and the step confirming an overwrite. */
function mountStaleBox(root: Document, tell: Tell): StaleBox {
  const element = <T extends HTMLElement>(id: string, kind: { new (): T; prototype: T }): T =>
    requireElement(root, `journal-${id}`, kind);
  const stale = element("stale", HTMLElement);
  const message = element("stale-message", HTMLElement);
  const differences = listOf(root, "stale-differences");
  const overwriteButton = element("overwrite", HTMLButtonElement);
  const step = element("overwrite-step", HTMLElement);
  const keep = element("overwrite-keep", HTMLButtonElement);
  const buttons = [element("reload", HTMLButtonElement), overwriteButton];
  buttons.push(element("overwrite-yes", HTMLButtonElement), keep);

  overwriteButton.addEventListener("click", () => {
    setShown(step, true);
    // The safe choice first: Enter right away keeps the server's version.
    keep.focus();
  });
  keep.addEventListener("click", () => {
    setShown(step, false);
    tell({ type: "serverVersionKept" });
    overwriteButton.focus();
  });

  return {
    show: (text, overwritable, listed = []) => {
      message.textContent = text;
      showList(root, differences, listed);
      setShown(overwriteButton, overwritable);
      setShown(step, false);
      setShown(stale, true);
    },
    hide: () => {
      setShown(stale, false);
      setShown(step, false);
      message.textContent = "";
      showList(root, differences, []);
      tell({ type: "staleClosed" });
    },
    closeStep: () => setShown(step, false),
    enable: (enabled) => {
      for (const button of buttons) button.disabled = !enabled;
    },
    stepBack: () => {
      if (step.hidden || !step.contains(root.activeElement)) return false;
      keep.click();
      return true;
    },
  };
}
