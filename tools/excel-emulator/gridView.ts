// A minimal spreadsheet view of the fake workbook for the preview page and browser tests: sheet
// tabs, column letters, row numbers and formatted cells, re-rendered after every sync. Only the
// visible rows are in the DOM, so a sheet of 200,000 rows scrolls smoothly.
import { columnLetters, lastColumn, lastRow } from "./addresses";
import type { Area } from "./addresses";
import { CellError } from "./cellValues";
import { usedArea } from "./cellWrites";
import { activeCell, attachCellEditing, cellElementId } from "./gridEditing";
import { GRID_VIEW_CSS } from "./gridViewStyles";
import type { FakeExcelHost } from "./host";
import { formatCellText } from "./numberFormat";
import { shownFormat, type SheetModel } from "./sheet";

const ROW_HEIGHT = 20;
const OVERSCAN = 10;
const EXTRA_ROWS = 30;
const EXTRA_COLUMNS = 4;
const MAX_RENDERED_COLUMNS = 150;
const POINTS_TO_PIXELS = 4 / 3;

export interface GridView {
  /** Renders now (the view also renders after every sync). */
  render(): void;
  /** Stops listening to the host and empties the container. */
  destroy(): void;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function injectStyles(doc: Document): void {
  if (doc.querySelector("style[data-fake-excel-grid]")) return;
  const style = doc.createElement("style");
  style.setAttribute("data-fake-excel-grid", "");
  style.textContent = GRID_VIEW_CSS;
  doc.head.appendChild(style);
}

/** Shows the host's workbook in `container`. */
export function mountGridView(container: HTMLElement, host: FakeExcelHost): GridView {
  const doc = container.ownerDocument;
  injectStyles(doc);
  container.innerHTML = "";
  const root = doc.createElement("div");
  root.className = "fx-grid";
  const bar = doc.createElement("div");
  bar.className = "fx-formula-bar";
  bar.innerHTML =
    '<input class="fx-name-box" aria-label="Name Box" readonly>' +
    '<span class="fx-fx" aria-hidden="true">fx</span>' +
    '<input class="fx-formula" aria-label="Formula bar" spellcheck="false" autocomplete="off">';
  const body = doc.createElement("div");
  body.className = "fx-body";
  // One table for the view's life: its rows are redrawn, so keyboard focus stays on it.
  const table = doc.createElement("table");
  table.className = "fx-table";
  table.tabIndex = 0;
  table.setAttribute("role", "grid");
  const cellEditor = doc.createElement("input");
  cellEditor.className = "fx-cell-editor";
  cellEditor.hidden = true;
  cellEditor.spellcheck = false;
  cellEditor.autocomplete = "off";
  body.append(table, cellEditor);
  const message = doc.createElement("p");
  message.className = "fx-message";
  message.setAttribute("role", "status");
  const tabs = doc.createElement("div");
  tabs.className = "fx-tabs";
  tabs.setAttribute("role", "tablist");
  tabs.setAttribute("aria-label", "Sheets");
  const status = doc.createElement("div");
  status.className = "fx-status";
  status.setAttribute("aria-live", "off");
  root.append(bar, body, message, tabs, status);
  container.appendChild(root);

  let shownSheet: SheetModel | undefined;
  let lastFirstRow = -1;

  const renderTabs = () => {
    const active = host.workbook.activeSheet;
    tabs.innerHTML = host.workbook.sheets
      .map((sheet) => {
        const selected = sheet === active;
        return `<button type="button" class="fx-tab" role="tab" aria-selected="${selected}" tabindex="${selected ? 0 : -1}" data-sheet="${escapeHtml(sheet.name)}">${escapeHtml(sheet.name)}</button>`;
      })
      .join("");
  };

  const renderCells = () => {
    const workbook = host.workbook;
    const sheet = workbook.activeSheet;
    const used = usedArea(workbook, sheet, false);
    const rowTotal = Math.max((used ? lastRow(used) + 1 : 0) + EXTRA_ROWS, 50);
    const columnTotal = Math.min(
      Math.max((used ? lastColumn(used) + 1 : 0) + EXTRA_COLUMNS, 10),
      MAX_RENDERED_COLUMNS,
    );
    const visibleRows = Math.ceil((body.clientHeight || 600) / ROW_HEIGHT);
    const first = Math.max(0, Math.floor(body.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(rowTotal - 1, first + visibleRows + 2 * OVERSCAN);
    lastFirstRow = first;
    const tables = workbook.tables.filter((t) => t.sheet === sheet);
    const widths = Array.from({ length: columnTotal }, (_v, c) =>
      Math.round((sheet.columnWidths.get(c) ?? 48) * POINTS_TO_PIXELS),
    );
    const sheetAttr = escapeHtml(sheet.name);
    const parts: string[] = [];
    const numberWidth = Math.max(40, String(rowTotal).length * 8 + 12);
    const tableWidth = numberWidth + widths.reduce((sum, w) => sum + w, 0);
    table.style.width = `${tableWidth}px`;
    table.setAttribute("aria-rowcount", String(rowTotal + 1));
    table.setAttribute("aria-colcount", String(columnTotal + 1));
    const active = activeCell(host);
    parts.push(`<colgroup><col style="width:${numberWidth}px">`);
    for (const w of widths) parts.push(`<col style="width:${w}px">`);
    parts.push(
      `</colgroup><thead><tr aria-rowindex="1"><th class="fx-corner fx-row-number" scope="col"><span class="fx-hidden-label">Row</span></th>`,
    );
    for (let c = 0; c < columnTotal; c++) parts.push(`<th scope="col">${columnLetters(c)}</th>`);
    parts.push(`</tr></thead><tbody>`);
    if (first > 0) {
      parts.push(
        `<tr class="fx-spacer" aria-hidden="true"><td colspan="${columnTotal + 1}" style="height:${first * ROW_HEIGHT}px"></td></tr>`,
      );
    }
    for (let r = first; r <= last; r++) {
      const frozenEdge =
        sheet.frozenRows > 0 && r === sheet.frozenRows - 1 ? " fx-frozen-edge" : "";
      parts.push(
        `<tr data-row="${r + 1}" aria-rowindex="${r + 2}"><th class="fx-row-number${frozenEdge}" scope="row">${r + 1}</th>`,
      );
      for (let c = 0; c < columnTotal; c++) {
        const isActive = r === active.row && c === active.column;
        parts.push(cellHtml(sheet, sheetAttr, tables, r, c, frozenEdge, isActive));
      }
      parts.push(`</tr>`);
    }
    if (last < rowTotal - 1) {
      parts.push(
        `<tr class="fx-spacer" aria-hidden="true"><td colspan="${columnTotal + 1}" style="height:${(rowTotal - 1 - last) * ROW_HEIGHT}px"></td></tr>`,
      );
    }
    parts.push(`</tbody>`);
    table.innerHTML = parts.join("");
    table.setAttribute("aria-label", `Sheet ${sheet.name}`);
    editing.update();
    const usedText = used
      ? ` · used ${columnLetters(used.column)}${used.row + 1}:${columnLetters(lastColumn(used))}${lastRow(used) + 1}`
      : "";
    status.textContent = `${sheet.name}${usedText} · ${host.syncCount} syncs`;
  };

  /** Scrolls so the cell's row is drawn and in view. */
  const reveal = (position: { row: number; column: number }) => {
    const top = position.row * ROW_HEIGHT;
    const header = ROW_HEIGHT;
    if (top < body.scrollTop) body.scrollTop = top;
    else if (top + ROW_HEIGHT + header > body.scrollTop + body.clientHeight) {
      body.scrollTop = top + ROW_HEIGHT + header - body.clientHeight;
    }
  };

  const editing = attachCellEditing(host, {
    table,
    body,
    nameBox: bar.querySelector(".fx-name-box") as HTMLInputElement,
    formulaBar: bar.querySelector(".fx-formula") as HTMLInputElement,
    cellEditor,
    message,
    render: () => renderCells(),
    reveal,
  });

  const render = () => {
    const sheet = host.workbook.activeSheet;
    if (sheet !== shownSheet) {
      shownSheet = sheet;
      body.scrollTop = 0;
    }
    renderTabs();
    renderCells();
  };

  const onScroll = () => {
    const first = Math.max(0, Math.floor(body.scrollTop / ROW_HEIGHT) - OVERSCAN);
    if (Math.abs(first - lastFirstRow) >= OVERSCAN / 2) renderCells();
  };

  const activateTab = (name: string | null) => {
    if (name && host.workbook.sheetNamed(name)) {
      host.activateSheet(name);
      (tabs.querySelector(`[data-sheet="${CSS.escape(name)}"]`) as HTMLElement | null)?.focus();
    }
  };

  const onTabClick = (event: Event) => {
    const tab = (event.target as HTMLElement).closest("[role=tab]");
    if (tab) activateTab(tab.getAttribute("data-sheet"));
  };

  const onTabKey = (event: KeyboardEvent) => {
    const names = host.workbook.sheets.map((s) => s.name);
    const current = names.indexOf(host.workbook.activeSheet.name);
    const next =
      event.key === "ArrowRight"
        ? current + 1
        : event.key === "ArrowLeft"
          ? current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? names.length - 1
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    activateTab(names[(next + names.length) % names.length] ?? null);
  };

  body.addEventListener("scroll", onScroll);
  tabs.addEventListener("click", onTabClick);
  tabs.addEventListener("keydown", onTabKey);
  const unsubscribe = host.onChange(render);
  render();

  return {
    render,
    destroy() {
      unsubscribe();
      editing.destroy();
      body.removeEventListener("scroll", onScroll);
      tabs.removeEventListener("click", onTabClick);
      tabs.removeEventListener("keydown", onTabKey);
      container.innerHTML = "";
    },
  };
}

function cellHtml(
  sheet: SheetModel,
  sheetAttr: string,
  tables: readonly { area: Area; headerArea: Area | undefined; dataArea: Area }[],
  r: number,
  c: number,
  frozenEdge: string,
  active: boolean,
): string {
  const cell = sheet.getCell(r, c);
  const address = `${columnLetters(c)}${r + 1}`;
  const classes = ["fx-cell"];
  let text = "";
  if (cell) {
    text = formatCellText(cell.value, shownFormat(cell));
    const value = cell.value;
    classes.push(
      value instanceof CellError
        ? "fx-error"
        : typeof value === "number"
          ? "fx-number"
          : typeof value === "boolean"
            ? "fx-logical"
            : "fx-text",
    );
    if (cell.bold) classes.push("fx-bold");
  }
  for (const table of tables) {
    const header = table.headerArea;
    if (header && r === header.row && c >= header.column && c <= lastColumn(header))
      classes.push("fx-table-header");
    else if (
      r >= table.dataArea.row &&
      r <= lastRow(table.dataArea) &&
      c >= table.dataArea.column &&
      c <= lastColumn(table.dataArea) &&
      (r - table.dataArea.row) % 2 === 0
    ) {
      classes.push("fx-table-band");
    }
  }
  if (frozenEdge) classes.push("fx-frozen-edge");
  if (active) classes.push("fx-active");
  const style = [
    cell?.fontColor ? `color:${cell.fontColor}` : "",
    cell?.fillColor ? `background:${cell.fillColor}` : "",
  ]
    .filter(Boolean)
    .join(";");
  const id = cellElementId({ row: r, column: c });
  return `<td id="${id}" class="${classes.join(" ")}" aria-selected="${active}" data-address="${address}" data-row="${r}" data-column="${c}" data-sheet="${sheetAttr}"${style ? ` style="${style}"` : ""}>${escapeHtml(text)}</td>`;
}
