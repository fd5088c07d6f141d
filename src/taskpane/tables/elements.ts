// Draws the Tables view: one row per import table (tableRowElements.ts), kept by table and updated
// in place, so progress redraws never take the keyboard focus from a row's button.
import type { TablesState } from "./machine";
import { canStart, tableRows } from "./view";
import styles from "./tables.css";
import { addStylesOnce } from "../shared/pageStyles";
import { makeTableRow, type TableRowElements, type TablesActions } from "./tableRowElements";

export type { TablesActions } from "./tableRowElements";

export interface TablesElements {
  draw(state: TablesState): void;
}

export function mountTablesElements(
  root: Document,
  list: HTMLUListElement,
  empty: HTMLElement,
  actions: TablesActions,
): TablesElements {
  addStylesOnce(root, "tables-view-styles", styles);
  const rows = new Map<string, TableRowElements>();

  /** How many projects the listed tables are of. */
  const projectCount = (state: TablesState): number =>
    new Set(state.tables.map((table) => table.project)).size;

  function draw(state: TablesState): void {
    const wanted = tableRows(state);
    const keep = new Set(wanted.map((row) => row.key));
    for (const [key, view] of rows) {
      if (!keep.has(key)) {
        view.item.remove();
        rows.delete(key);
      }
    }
    const context = { projects: projectCount(state), startable: canStart(state) };
    wanted.forEach((row, index) => {
      let view = rows.get(row.key);
      if (view === undefined) {
        view = makeTableRow(root, row, actions);
        rows.set(row.key, view);
      }
      view.update(row, context);
      // In the listed order, moving only a row that is out of place (a move would drop focus).
      if (list.children[index] !== view.item) {
        list.insertBefore(view.item, list.children[index] ?? null);
      }
    });
    list.hidden = wanted.length === 0;
    empty.hidden = wanted.length > 0;
  }

  return { draw };
}
