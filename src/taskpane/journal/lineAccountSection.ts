// The Journal panel's account list for a new line: on a DRAFT journal's sheet, the accounts the
// open journals of its project use; the one chosen goes on the line of the selected cell (its
// code, name and ID), so a new line never needs an ID pasted in.
//
// A list in the pane rather than Excel's data validation on the code column: a list validation
// (Excel.ListDataValidation, ExcelApi 1.8,
// https://learn.microsoft.com/en-us/javascript/api/excel/excel.listdatavalidation) puts one value,
// the code, in one cell, from a range or a comma-separated string, so the line's ID and name would
// still have to be found from the code; it would need a hidden sheet of accounts per project kept
// in step with the open journals; and it refuses codes typed by hand unless set to warn only.

import type { LineAccountChoices, LineAccountDeps } from "../../journalEditor/lineAccounts";
import { requireElement, setShown } from "../shared/pageElements";

export interface LineAccountSection {
  /** Reads the active sheet's accounts again (hidden when it is no DRAFT journal). */
  refresh(): Promise<void>;
  /** Turns the list and its button on or off (off while a journal action runs). */
  enable(enabled: boolean): void;
}

export interface LineAccountOptions {
  /** The workbook to act on; undefined while no project is connected. */
  readonly deps: () => LineAccountDeps | undefined;
  readonly choices: (deps: LineAccountDeps) => Promise<LineAccountChoices | null>;
  readonly put: (
    deps: LineAccountDeps,
    choices: LineAccountChoices,
    accountId: string,
  ) => Promise<{ readonly put: boolean; readonly message: string }>;
}

/** The hint under the list: how to use it, or what to do when it is empty. */
export function lineAccountHint(choices: LineAccountChoices): string {
  return choices.accounts.length === 0
    ? "No account is known yet: open another journal of this project, or type the account's " +
        "code on a line that has one already."
    : `The accounts of this project's open journals. Select a cell of the line on sheet ` +
        `“${choices.sheetName}”, then Put on line.`;
}

export function mountLineAccounts(root: Document, options: LineAccountOptions): LineAccountSection {
  const box = requireElement(root, "journal-line-account", HTMLElement);
  const select = requireElement(root, "journal-account", HTMLSelectElement);
  const hint = requireElement(root, "journal-account-hint", HTMLElement);
  const button = requireElement(root, "journal-account-put", HTMLButtonElement);
  const status = requireElement(root, "journal-account-status", HTMLElement);
  let current: LineAccountChoices | null = null;
  let enabled = true;
  let busy = false;
  const draw = (): void => {
    const usable = enabled && !busy && current !== null && current.accounts.length > 0;
    select.disabled = !usable;
    button.disabled = !usable;
  };

  const show = (choices: LineAccountChoices | null): void => {
    const kept = select.value;
    current = choices;
    setShown(box, choices !== null);
    if (choices === null) return draw();
    hint.textContent = lineAccountHint(choices);
    const first = root.createElement("option");
    first.value = "";
    first.textContent = "Choose an account";
    const rows = choices.accounts.map((account) => {
      const option = root.createElement("option");
      option.value = account.accountId;
      option.textContent = `${account.accountCode} ${account.accountName}`.trim();
      return option;
    });
    select.replaceChildren(first, ...rows);
    if (choices.accounts.some((account) => account.accountId === kept)) select.value = kept;
    draw();
  };

  button.addEventListener("click", () => {
    const deps = options.deps();
    const choices = current;
    if (deps === undefined || choices === null || busy) return;
    busy = true;
    draw();
    status.textContent = "";
    void options
      .put(deps, choices, select.value)
      .then((outcome) => (status.textContent = outcome.message))
      .catch((error: unknown) => {
        status.textContent = `The account was not put on the line: ${
          error instanceof Error ? error.message : String(error)
        }`;
      })
      .finally(() => {
        busy = false;
        draw();
      });
  });

  return {
    async refresh() {
      const deps = options.deps();
      if (deps === undefined) return show(null);
      try {
        show(await options.choices(deps));
      } catch {
        // The workbook did not answer (a cell being edited): keep what the list shows.
      }
    },
    enable(on) {
      enabled = on;
      draw();
    },
  };
}
