// The Formulas tab's list of LEDGER functions: each with its description, an example with the
// project's name filled in, and Insert, which puts the example into the active cell (never over
// what the cell holds). The list is functions.json's (formulaCatalog.ts).

import type { ActiveConnectionHolder } from "../../settings/activeConnection";
import type { InsertOutcome } from "../../excel/insertFormula";
import { catalogOf, exampleFormula, type CatalogFunction } from "./formulaCatalog";
import styles from "./formulaList.css";
import { mountProjectChoice } from "../shared/projectChoice";
import { requireElement, setShown } from "../shared/pageElements";
import { addStylesOnce } from "../shared/pageStyles";

export interface FormulaListOptions {
  readonly active: ActiveConnectionHolder;
  /** The parsed functions.json the build generated beside the pane. */
  readonly loadMetadata: () => Promise<unknown>;
  /** Puts a formula into the active cell (src/excel/insertFormula.ts). */
  readonly insert: (formula: string) => Promise<InsertOutcome>;
  /** The panel's one live region, and its alert. */
  readonly say: (message: string) => void;
  readonly alert: (message: string) => void;
}

/** What Insert says when it is done, or why it did nothing. */
export function insertMessage(
  name: string,
  outcome: InsertOutcome,
): { status: string; alert: string } {
  if (outcome.outcome === "inserted") {
    return { status: `Inserted ${name} in ${outcome.address}.`, alert: "" };
  }
  return {
    status: "",
    alert: `${outcome.address} is not empty, so nothing was inserted. Select an empty cell, then Insert again.`,
  };
}

export function mountFormulaList(root: Document, options: FormulaListOptions): void {
  addStylesOnce(root, "formula-list-styles", styles);
  const list = requireElement(root, "formula-list", HTMLUListElement);
  const empty = requireElement(root, "formula-list-empty", HTMLElement);
  const examples = new Map<CatalogFunction, HTMLElement>();

  function drawExamples(): void {
    for (const [entry, code] of examples) code.textContent = exampleFormula(entry, project());
  }

  async function insert(entry: CatalogFunction, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    options.say("");
    options.alert("");
    try {
      const said = insertMessage(
        entry.name,
        await options.insert(exampleFormula(entry, project())),
      );
      options.say(said.status);
      options.alert(said.alert);
    } catch (problem) {
      const why = problem instanceof Error && problem.message !== "" ? `: ${problem.message}` : ".";
      options.alert(`Excel could not insert ${entry.name}${why}`);
    } finally {
      button.disabled = false;
    }
  }

  function item(entry: CatalogFunction, index: number): HTMLLIElement {
    const li = root.createElement("li");
    li.className = "formula-item";
    const name = root.createElement("h4");
    name.className = "formula-name";
    name.textContent = entry.name;
    const description = root.createElement("p");
    description.className = "caption";
    description.textContent = entry.description;
    const code = root.createElement("code");
    code.id = `formula-example-${index}`;
    code.className = "formula-example";
    examples.set(entry, code);
    const button = root.createElement("button");
    button.id = `formula-insert-${index}`;
    button.type = "button";
    button.className = "secondary";
    button.textContent = "Insert";
    const hidden = root.createElement("span");
    hidden.className = "visually-hidden";
    hidden.textContent = ` ${entry.name}`;
    button.append(hidden);
    button.setAttribute("aria-describedby", code.id);
    button.addEventListener("click", () => void insert(entry, button));
    const row = root.createElement("div");
    row.className = "formula-example-row";
    row.append(code, button);
    li.append(name, description, row);
    return li;
  }

  async function load(): Promise<void> {
    try {
      list.replaceChildren(...catalogOf(await options.loadMetadata()).map(item));
      drawExamples();
    } catch (problem) {
      const why = problem instanceof Error ? ` (${problem.message})` : "";
      empty.textContent = `The list of functions could not be read${why}. Close the task pane and open it again.`;
      setShown(empty, true);
      setShown(list, false);
    }
  }

  const select = requireElement(root, "formulas-project", HTMLSelectElement);
  const choice = mountProjectChoice(
    root,
    requireElement(root, "formulas-project-field", HTMLElement),
    select,
    options.active,
  );
  // Named only in a workbook of two or more projects: with one, every formula asks it anyway.
  const project = (): string | undefined => choice.selected();
  options.active.subscribe(drawExamples);
  select.addEventListener("change", drawExamples);
  void load();
}
