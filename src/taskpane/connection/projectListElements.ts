// Draws the connection panel's project list (projectList.ts decides its rows) and reports which
// button was selected.

import { PROJECT_ACTION_TEXT, ProjectAction, ProjectRow } from "./projectList";
import { setShown } from "../shared/pageElements";

export type ProjectActionHandler = (action: ProjectAction, project: string) => void;

export function renderProjectList(
  root: Document,
  box: HTMLElement,
  list: HTMLUListElement,
  rows: readonly ProjectRow[],
  onAction: ProjectActionHandler,
): void {
  setShown(box, rows.length > 0);
  list.replaceChildren(...rows.map((row) => projectItem(root, row, onAction)));
}

function projectItem(
  root: Document,
  row: ProjectRow,
  onAction: ProjectActionHandler,
): HTMLLIElement {
  const item = root.createElement("li");
  const name = root.createElement("span");
  name.className = "project-name";
  name.textContent = row.line;
  item.append(name);
  for (const action of row.actions) {
    const text = PROJECT_ACTION_TEXT[action];
    const button = root.createElement("button");
    button.type = "button";
    button.className = "secondary";
    button.textContent = text;
    button.setAttribute("aria-label", `${text} ${row.label}`);
    button.addEventListener("click", () => onAction(action, row.label));
    item.append(button);
  }
  return item;
}
