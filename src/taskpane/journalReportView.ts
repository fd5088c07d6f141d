// Draws a journal action's report: its status, alert, problems (linked to their cells), changes, notes, and the box offering Reload or Overwrite.

import { selectJournalCell } from "../excel/journalSheet";
import type { ExcelRun } from "../excel/run";
import { JournalReport, ListedProblem, problemsHeading } from "./journalText";
import { requireElement, setAlert, setShown } from "./view";

export interface JournalReportView {
  /** Shows a finished action's report. */
  show(report: JournalReport): void;
  /** Empties the changes and notes lists, as an action starts. */
  clearLists(): void;
  /** Closes the box offering Reload and Overwrite. */
  hideStale(): void;
  /** Turns the Reload and Overwrite buttons on or off. */
  enableStaleChoices(enabled: boolean): void;
  /** Escape in the confirmation step: steps back, as "Keep server version" does; true if it did. */
  stepBack(): boolean;
}

/** `onStaleHidden` runs whenever the Reload/Overwrite box closes. */
export function mountJournalReportView(
  root: Document,
  run: ExcelRun,
  onStaleHidden: () => void,
): JournalReportView {
  const stale = requireElement(root, "journal-stale", HTMLElement);
  const staleMessage = requireElement(root, "journal-stale-message", HTMLElement);
  const staleDifferencesBox = requireElement(root, "journal-stale-differences-box", HTMLElement);
  const staleDifferences = requireElement(root, "journal-stale-differences", HTMLUListElement);
  const overwriteButton = requireElement(root, "journal-overwrite", HTMLButtonElement);
  const reloadButton = requireElement(root, "journal-reload", HTMLButtonElement);
  const overwriteYes = requireElement(root, "journal-overwrite-yes", HTMLButtonElement);
  const overwriteStep = requireElement(root, "journal-overwrite-step", HTMLElement);
  const overwriteKeep = requireElement(root, "journal-overwrite-keep", HTMLButtonElement);
  const status = requireElement(root, "journal-status", HTMLElement);
  const alert = requireElement(root, "journal-error", HTMLElement);
  const problemsBox = requireElement(root, "journal-problems-box", HTMLElement);
  const problemsTitle = requireElement(root, "journal-problems-heading", HTMLElement);
  const problemsList = requireElement(root, "journal-problems", HTMLUListElement);
  const changesBox = requireElement(root, "journal-changes-box", HTMLElement);
  const changesList = requireElement(root, "journal-changes", HTMLUListElement);
  const notesBox = requireElement(root, "journal-notes-box", HTMLElement);
  const notesList = requireElement(root, "journal-notes", HTMLUListElement);

  function showList(box: HTMLElement, list: HTMLUListElement, items: readonly string[]): void {
    list.replaceChildren(
      ...items.map((text) => {
        const item = root.createElement("li");
        item.textContent = text;
        return item;
      }),
    );
    setShown(box, items.length > 0);
  }

  /** Problems with a cell are buttons that select it, so the user lands on what to fix. */
  function showProblems(problems: readonly ListedProblem[]): void {
    problemsList.replaceChildren(
      ...problems.map(({ message, cell }) => {
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
      }),
    );
    problemsTitle.textContent = problemsHeading(problems.length);
    setShown(problemsBox, problems.length > 0);
  }

  async function goToCell(cell: NonNullable<ListedProblem["cell"]>): Promise<void> {
    try {
      // By its key: the user may have renamed the sheet since it was validated.
      await selectJournalCell(run, cell.sheetKey, cell.address);
    } catch {
      // The sheet was deleted since: say so instead of failing silently.
      setAlert(alert, `The sheet “${cell.sheetName}” is gone; validate the journal again.`);
    }
  }

  /** The box offering Reload, and Overwrite unless the journal was saved from this sheet. */
  function showStale(
    message: string,
    overwritable = true,
    differences: readonly string[] = [],
  ): void {
    staleMessage.textContent = message;
    showList(staleDifferencesBox, staleDifferences, differences);
    setShown(overwriteButton, overwritable);
    setShown(overwriteStep, false);
    setShown(stale, true);
  }

  function hideStale(): void {
    setShown(stale, false);
    setShown(overwriteStep, false);
    staleMessage.textContent = "";
    showList(staleDifferencesBox, staleDifferences, []);
    onStaleHidden();
  }

  function show(report: JournalReport): void {
    status.textContent = report.status;
    setAlert(alert, report.alert);
    if (report.problems !== undefined) showProblems(report.problems);
    showList(changesBox, changesList, report.changes);
    showList(notesBox, notesList, report.notes ?? []);
    if (report.stale !== undefined) showStale(report.stale, true, report.staleDifferences ?? []);
    else if (report.reloadOffer !== undefined) showStale(report.reloadOffer, false);
    else if (report.settled) hideStale();
    else setShown(overwriteStep, false);
  }

  overwriteButton.addEventListener("click", () => {
    setShown(overwriteStep, true);
    // The safe choice first: Enter right away keeps the server's version.
    overwriteKeep.focus();
  });
  overwriteKeep.addEventListener("click", () => {
    setShown(overwriteStep, false);
    status.textContent = "The server version was kept. Your sheet still has your edits.";
    overwriteButton.focus();
  });

  return {
    show,
    clearLists: () => {
      showList(changesBox, changesList, []);
      showList(notesBox, notesList, []);
    },
    hideStale,
    enableStaleChoices: (enabled) => {
      for (const button of [reloadButton, overwriteButton, overwriteYes, overwriteKeep]) {
        button.disabled = !enabled;
      }
    },
    stepBack: () => {
      if (overwriteStep.hidden || !overwriteStep.contains(root.activeElement)) return false;
      overwriteKeep.click();
      return true;
    },
  };
}
