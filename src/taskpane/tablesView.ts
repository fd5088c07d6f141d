// Draws the Tables view: one row per import table with its facts, state, run line and its own
// Refresh, Fetch new and Go to. Rows are kept by table and updated in place, so progress redraws
// never take the keyboard focus from a row's button.
import type { RefreshMode, TableKey } from "../import/refreshAll";
import { canStart, tableRows, type TableRowState, type TablesState } from "./tablesMachine";
import { tableFacts, tableProgressLine, tableStateWord } from "./refreshAllText";
import styles from "./tablesView.css";
import { addStylesOnce } from "./pageStyles";

/** What a row's buttons ask for. */
export interface TablesViewActions {
  readonly refresh: (mode: RefreshMode, only: TableKey, from: HTMLButtonElement) => void;
  readonly goTo: (row: TableRowState) => void;
}

interface RowElements {
  readonly item: HTMLLIElement;
  readonly state: HTMLElement;
  readonly facts: HTMLElement;
  readonly line: HTMLElement;
  readonly buttons: readonly HTMLButtonElement[];
  row: TableRowState;
}

export interface TablesView {
  draw(state: TablesState): void;
}

export function mountTablesView(
  root: Document,
  list: HTMLUListElement,
  empty: HTMLElement,
  actions: TablesViewActions,
): TablesView {
  addStylesOnce(root, "tables-view-styles", styles);
  const rows = new Map<string, RowElements>();

  function element<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className: string,
    text = "",
  ): HTMLElementTagNameMap[K] {
    const made = root.createElement(tag);
    made.className = className;
    if (text !== "") made.textContent = text;
    return made;
  }

  /** A row's button: its visible word, and the table's name for a screen reader. */
  function button(word: string, row: RowElements | null, act: (self: HTMLButtonElement) => void) {
    const made = element("button", "secondary", word);
    made.type = "button";
    const name = element("span", "visually-hidden");
    made.append(name);
    made.addEventListener("click", () => {
      if (row !== null) act(made);
    });
    return { made, name };
  }

  function makeRow(row: TableRowState): RowElements {
    const item = element("li", "table-row");
    const head = element("div", "table-row-head");
    const name = element("span", "table-name", row.entry.label);
    const state = element("span", "table-state");
    head.append(name, " ", state);
    const facts = element("p", "table-facts");
    const line = element("p", "table-line");
    const bar = element("div", "actions table-actions");
    const made: RowElements = { item, state, facts, line, buttons: [], row };
    const key = (): TableKey => ({
      collection: made.row.entry.collection,
      ...(made.row.entry.project === undefined ? {} : { project: made.row.entry.project }),
    });
    const refresh = button("Refresh", made, (self) => actions.refresh("full", key(), self));
    const fetchNew = button("Fetch new", made, (self) => actions.refresh("new", key(), self));
    const goTo = button("Go to", made, () => actions.goTo(made.row));
    for (const each of [refresh, fetchNew, goTo]) each.name.textContent = ` ${row.entry.label}`;
    bar.append(refresh.made, fetchNew.made, goTo.made);
    item.append(head, facts, line, bar);
    return { ...made, buttons: [refresh.made, fetchNew.made, goTo.made] };
  }

  function update(elements: RowElements, row: TableRowState, state: TablesState): void {
    elements.row = row;
    const word = tableStateWord(row.entry, row.progress);
    elements.item.className = `table-row is-${word.replace(/\s+/g, "-")}`;
    elements.state.textContent = word;
    elements.facts.textContent = tableFacts(row.entry, projectCount(state));
    elements.line.textContent = row.progress === undefined ? "" : tableProgressLine(row.progress);
    elements.line.hidden = row.progress === undefined;
    const startable = canStart(state);
    const [refresh, fetchNew] = elements.buttons;
    if (refresh) refresh.disabled = !startable;
    if (fetchNew) fetchNew.disabled = !startable;
  }

  /** How many projects the listed tables are of. */
  const projectCount = (state: TablesState): number =>
    new Set(state.tables.map((table) => table.project)).size;

  function draw(state: TablesState): void {
    const wanted = tableRows(state);
    const keep = new Set(wanted.map((row) => row.key));
    for (const [key, elements] of rows) {
      if (!keep.has(key)) {
        elements.item.remove();
        rows.delete(key);
      }
    }
    wanted.forEach((row, index) => {
      let elements = rows.get(row.key);
      if (elements === undefined) {
        elements = makeRow(row);
        rows.set(row.key, elements);
      }
      update(elements, row, state);
      // In the listed order, moving only a row that is out of place (a move would drop focus).
      if (list.children[index] !== elements.item) {
        list.insertBefore(elements.item, list.children[index] ?? null);
      }
    });
    list.hidden = wanted.length === 0;
    empty.hidden = wanted.length > 0;
  }

  return { draw };
}
