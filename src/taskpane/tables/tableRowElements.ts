// One row of the Tables view: the table's name and state, its facts and run line, its Refresh,
// Fetch new and Go to, then Properties and Remove. A state other than complete is a button that
// opens the row's details (the last update's words, with Go to per cell); Remove asks first,
// in the row, whether to delete the table too. Updated in place, so redraws keep the focus.
import type { RefreshMode, TableKey } from "../../import/refreshAll";
import { type CellLink, detailItem } from "../shared/messageArea";
import { tableFacts, tableProgressLine, tableStateWord } from "./text";
import { stateTone, tableDetails, type TableProperty, tableProperties } from "./tableRowText";
import type { TableRowState } from "./view";

/** What a row's buttons ask for. */
export interface TablesActions {
  readonly refresh: (mode: RefreshMode, only: TableKey, from: HTMLButtonElement) => void;
  readonly goTo: (row: TableRowState) => void;
  /** Selects a cell the row's details name. */
  readonly goToCell: (cell: CellLink) => void;
  /** Stops updating the row's table (and deletes it when `deleteTable`). */
  readonly remove: (row: TableRowState, deleteTable: boolean, from: HTMLButtonElement) => void;
  /** Enter new token: the service refused the token the row's update was sent with. */
  readonly enterNewToken: (row: TableRowState) => void;
  /** The project and API path the row's properties name. */
  readonly factsOf: (row: TableRowState) => { readonly project: string; readonly path: string };
}

/** What one draw tells a row besides its own state. */
export interface RowContext {
  /** How many projects the listed tables are of (a row names its project only then). */
  readonly projects: number;
  /** Whether its Refresh and Fetch new may start now. */
  readonly startable: boolean;
}

export interface TableRowElements {
  readonly item: HTMLLIElement;
  update(row: TableRowState, context: RowContext): void;
}

let rowsMade = 0;

export function makeTableRow(
  root: Document,
  first: TableRowState,
  actions: TablesActions,
): TableRowElements {
  const id = `table-row-${++rowsMade}`;
  let row = first;
  const element = elementMaker(root);
  const label = first.entry.label;
  /** A button with its visible word, and the table's name for a screen reader. */
  const button = (word: string, className: string, act: (self: HTMLButtonElement) => void) => {
    const made = element("button", className, word);
    made.type = "button";
    const name = element("span", "visually-hidden", ` ${label}`);
    made.append(name);
    made.addEventListener("click", () => act(made));
    return made;
  };

  const item = element("li", "table-row");
  const head = element("div", "table-row-head");
  const stateText = element("span", "table-state");
  const icon = element("span", "state-icon");
  icon.setAttribute("aria-hidden", "true");
  const word = element("span", "state-word");
  const stateButton = element("button", "link table-state");
  stateButton.type = "button";
  stateButton.append(icon, word, element("span", "visually-hidden", `: details of ${label}`));
  head.append(element("span", "table-name", label), " ", stateText, stateButton);
  const facts = element("p", "table-facts");
  const line = element("p", "table-line");
  const details = element("div", "table-details");
  details.id = `${id}-details`;
  details.hidden = true;
  const detailList = element("ul", "table-detail-list");
  details.append(detailList);
  toggle(stateButton, details, () => drawDetails());

  const key = (): TableKey => ({
    collection: row.entry.collection,
    ...(row.entry.project === undefined ? {} : { project: row.entry.project }),
  });
  const refresh = button("Refresh", "secondary", (self) => actions.refresh("full", key(), self));
  const fetchNew = button("Fetch new", "secondary", (self) => actions.refresh("new", key(), self));
  const goTo = button("Go to", "secondary", () => actions.goTo(row));
  const bar = element("div", "actions table-actions");
  bar.append(refresh, fetchNew, goTo);
  const newToken = button("Enter new token", "primary", () => actions.enterNewToken(row));
  const refusal = element("div", "actions table-refusal");
  refusal.append(newToken);

  const properties = element("dl", "table-properties");
  properties.id = `${id}-properties`;
  properties.hidden = true;
  const propertiesButton = button("Properties", "link", () => undefined);
  toggle(propertiesButton, properties, () => drawProperties());
  const confirm = makeConfirm(root, id, label, element);
  const removeButton = button("Remove", "link", () => confirm.open());
  confirm.keep.addEventListener("click", () => {
    confirm.group.hidden = true;
    removeButton.focus();
  });
  confirm.remove.addEventListener("click", () => {
    confirm.group.hidden = true;
    actions.remove(row, confirm.deleteTable.checked, confirm.remove);
  });
  const more = element("div", "table-more");
  more.append(propertiesButton, removeButton);

  item.append(head, facts, line, refusal, details, bar, more, properties, confirm.group);

  function drawDetails(): void {
    detailList.replaceChildren(
      ...tableDetails(row.entry, row.progress).map((detail) =>
        detailItem(root, detail, actions.goToCell),
      ),
    );
  }

  function drawProperties(): void {
    properties.replaceChildren(
      ...tableProperties(row.entry, actions.factsOf(row)).flatMap((each: TableProperty) => [
        element("dt", "", each.name),
        element("dd", "", each.value),
      ]),
    );
  }

  function update(next: TableRowState, context: RowContext): void {
    row = next;
    const state = tableStateWord(row.entry, row.progress);
    const tone = stateTone(state);
    item.className = `table-row is-${state.replace(/\s+/g, "-")} tone-${tone}`;
    stateText.textContent = state;
    stateText.hidden = tone !== "fine";
    word.textContent = state;
    icon.textContent = tone === "error" ? "\u2716" : "\u26A0";
    stateButton.hidden = tone === "fine";
    if (tone === "fine") {
      details.hidden = true;
      stateButton.setAttribute("aria-expanded", "false");
    }
    if (!details.hidden) drawDetails();
    if (!properties.hidden) drawProperties();
    facts.textContent = tableFacts(row.entry, context.projects);
    line.textContent = row.progress === undefined ? "" : tableProgressLine(row.progress);
    line.hidden = row.progress === undefined;
    refusal.hidden = row.progress?.failure !== "auth";
    refresh.disabled = !context.startable;
    fetchNew.disabled = !context.startable;
    removeButton.disabled = !context.startable;
    confirm.remove.disabled = !context.startable;
  }

  update(first, { projects: 1, startable: false });
  return { item, update };
}

type MakeElement = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
) => HTMLElementTagNameMap[K];

/** Makes elements of `root` with a class and, when given, their text. */
function elementMaker(root: Document): MakeElement {
  return (tag, className, text = "") => {
    const made = root.createElement(tag);
    made.className = className;
    if (text !== "") made.textContent = text;
    return made;
  };
}

/** Makes `made` show and hide `part`, saying so to a screen reader; `onOpen` fills it. */
function toggle(made: HTMLButtonElement, part: HTMLElement, onOpen?: () => void): void {
  made.setAttribute("aria-expanded", "false");
  made.setAttribute("aria-controls", part.id);
  made.addEventListener("click", () => {
    const open = part.hidden;
    part.hidden = !open;
    made.setAttribute("aria-expanded", String(open));
    if (open) onOpen?.();
  });
}

/** Remove's question in the row: stop updating, and delete the table only when ticked. */
function makeConfirm(root: Document, id: string, label: string, element: MakeElement) {
  const group = element("div", "confirm table-confirm");
  group.setAttribute("role", "group");
  group.hidden = true;
  const question = element(
    "p",
    "",
    `Stop updating ${label}? Refresh all will leave its table alone; its rows stay as they are.`,
  );
  question.id = `${id}-remove-question`;
  group.setAttribute("aria-labelledby", question.id);
  const choice = element("div", "checkbox");
  const deleteTable = element("input", "");
  deleteTable.type = "checkbox";
  deleteTable.id = `${id}-delete-table`;
  const choiceLabel = element(
    "label",
    "",
    "Also delete the table (the sheet's other cells stay as they are)",
  );
  choiceLabel.htmlFor = deleteTable.id;
  choice.append(deleteTable, choiceLabel);
  const buttons = element("div", "actions");
  const remove = element("button", "danger", "Remove");
  remove.type = "button";
  remove.append(element("span", "visually-hidden", ` ${label}`));
  const keep = element("button", "secondary", "Keep");
  keep.type = "button";
  keep.append(element("span", "visually-hidden", ` updating ${label}`));
  buttons.append(remove, keep);
  group.append(question, choice, buttons);
  /** Asks again, with the table kept unless ticked. */
  const open = (): void => {
    deleteTable.checked = false;
    group.hidden = false;
    deleteTable.focus();
  };
  return { group, deleteTable, remove, keep, open };
}
