// Typing into the grid view, as into Excel: the active cell is the workbook's selection (what the
// add-in reads as the active cell, and what Range.select moves); the Name Box shows its address
// and the formula bar its formula or value. Typing on a cell, F2, a double-click or the formula
// bar edits it; Enter, Tab or leaving the editor enters what was typed through the same coercion
// as Range.values (numbers, dates, TRUE, "=" formulas, custom functions included); Escape
// cancels. While a cell is edited the host is in cell-edit mode, so the add-in's requests wait
// for Enter as Excel makes them wait.
import { columnLetters, MAX_COLUMNS, MAX_ROWS } from "./addresses";
import { CellError } from "./cellValues";
import type { FakeExcelHost } from "./host";
import { formatCellText } from "./numberFormat";
import type { SheetModel } from "./sheet";

/** A cell of the active sheet, 0-based. */
export interface CellPosition {
  readonly row: number;
  readonly column: number;
}

/** The parts of the grid view that editing uses. */
export interface EditingParts {
  readonly table: HTMLTableElement;
  readonly body: HTMLElement;
  readonly nameBox: HTMLInputElement;
  readonly formulaBar: HTMLInputElement;
  readonly cellEditor: HTMLInputElement;
  readonly message: HTMLElement;
  /** Renders the cells again (after a move, so the active cell shows). */
  readonly render: () => void;
  /** Shows the cell's row: the view draws only the rows near the scroll position. */
  readonly reveal: (position: CellPosition) => void;
}

export function addressOf(position: CellPosition): string {
  return `${columnLetters(position.column)}${position.row + 1}`;
}

/** The id of a cell's element, for aria-activedescendant. */
export function cellElementId(position: CellPosition): string {
  return `fx-cell-${position.column}-${position.row}`;
}

/** The active cell of the active sheet: the selection's first cell there, else A1. */
export function activeCell(host: FakeExcelHost): CellPosition {
  const selection = host.workbook.selection;
  if (selection && selection.sheet === host.workbook.activeSheet) {
    return { row: selection.area.row, column: selection.area.column };
  }
  return { row: 0, column: 0 };
}

/** What the formula bar shows for a cell: its formula, else its value as it would be typed. */
export function editText(sheet: SheetModel, position: CellPosition): string {
  const cell = sheet.getCell(position.row, position.column);
  if (!cell || cell.spilledFrom) {
    return cell ? formatCellText(cell.value, cell.valueFormat ?? "General") : "";
  }
  if (cell.formula !== null) return cell.formula;
  const value = cell.value;
  if (value instanceof CellError) return value.code;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") {
    const shown = formatCellText(value, cell.numberFormat);
    return /[dmy]/i.test(cell.numberFormat) && !/General/i.test(cell.numberFormat)
      ? shown
      : String(value);
  }
  return value;
}

/** What a custom function's error in the cell says (Excel shows it on the cell's error flag). */
function errorFlag(host: FakeExcelHost, sheet: SheetModel, position: CellPosition): string {
  const cell = sheet.getCell(position.row, position.column);
  if (!cell || !(cell.value instanceof CellError)) return "";
  const said = host.customFunctionCalls.messageOf(cell);
  return said ? `${addressOf(position)}: ${cell.value.code} ${said}` : "";
}

/** Wires typing into the grid; returns what updates the bar after a render, and the teardown. */
export function attachCellEditing(
  host: FakeExcelHost,
  parts: EditingParts,
): { update(): void; destroy(): void } {
  const { table, nameBox, formulaBar, cellEditor, message } = parts;
  let editing = false;
  /** A refused entry's message is showing (until the next move or edit). */
  let refused = false;

  const select = (position: CellPosition) => {
    const row = Math.min(Math.max(position.row, 0), MAX_ROWS - 1);
    const column = Math.min(Math.max(position.column, 0), MAX_COLUMNS - 1);
    const area = { row, column, rowCount: 1, columnCount: 1 };
    host.workbook.selection = { sheet: host.workbook.activeSheet, area };
    refused = false;
    parts.reveal({ row, column });
    parts.render();
  };

  const update = () => {
    const position = activeCell(host);
    nameBox.value = addressOf(position);
    const sheet = host.workbook.activeSheet;
    if (!editing) formulaBar.value = editText(sheet, position);
    if (!editing && !refused) message.textContent = errorFlag(host, sheet, position);
    const element = table.querySelector<HTMLElement>(`#${cellElementId(position)}`);
    if (element) table.setAttribute("aria-activedescendant", element.id);
    else table.removeAttribute("aria-activedescendant");
  };

  const begin = (draft: string, inCell: boolean) => {
    editing = true;
    host.beginCellEdit();
    formulaBar.value = draft;
    cellEditor.value = draft;
    refused = false;
    message.textContent = "";
    const position = activeCell(host);
    cellEditor.setAttribute("aria-label", `Cell ${addressOf(position)}`);
    if (!inCell) return;
    const element = table.querySelector<HTMLElement>(`#${cellElementId(position)}`);
    cellEditor.style.top = `${(element?.offsetTop ?? 0) + table.offsetTop}px`;
    cellEditor.style.left = `${(element?.offsetLeft ?? 0) + table.offsetLeft}px`;
    cellEditor.style.minWidth = `${Math.max(element?.offsetWidth ?? 0, 120)}px`;
    cellEditor.hidden = false;
    cellEditor.focus();
    cellEditor.setSelectionRange(draft.length, draft.length);
  };

  const end = () => {
    editing = false;
    cellEditor.hidden = true;
    host.endCellEdit();
  };

  /** Enters the draft into the active cell; false (still editing) when Excel would refuse it. */
  const commit = (): boolean => {
    if (!editing) return true;
    const position = activeCell(host);
    const sheet = host.workbook.activeSheet;
    try {
      host.setCells(sheet.name, addressOf(position), [[cellEditor.value]]);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      refused = true;
      message.textContent = /not a valid formula/.test(text)
        ? "There's a problem with this formula."
        : text;
      if (/not a valid formula/.test(text)) return false;
    }
    end();
    update();
    return true;
  };

  const cancel = () => {
    if (!editing) return;
    end();
    update();
  };

  const move = (rows: number, columns: number) => {
    const position = activeCell(host);
    select({ row: position.row + rows, column: position.column + columns });
  };

  const onEditorKey = (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      if (!commit()) return;
      table.focus();
      if (event.key === "Enter") move(event.shiftKey ? -1 : 1, 0);
      else move(0, event.shiftKey ? -1 : 1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel();
      table.focus();
    }
  };

  const onEditorInput = (event: Event) => {
    const source = event.target as HTMLInputElement;
    if (source === formulaBar && !editing) {
      const draft = formulaBar.value;
      begin(draft, false);
    }
    (source === formulaBar ? cellEditor : formulaBar).value = source.value;
  };

  const onEditorLeft = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next === formulaBar || next === cellEditor) return;
    if (!commit()) (event.target as HTMLInputElement).focus();
  };

  const onTableKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) {
      if (event.key === "Home" && event.ctrlKey) {
        event.preventDefault();
        select({ row: 0, column: 0 });
      }
      return;
    }
    const steps: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      Enter: [event.shiftKey ? -1 : 1, 0],
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      move(step[0], step[1]);
    } else if (event.key === "F2") {
      event.preventDefault();
      begin(editText(host.workbook.activeSheet, activeCell(host)), true);
    } else if (event.key === "Delete") {
      event.preventDefault();
      begin("", false);
      commit();
    } else if (event.key === "Backspace") {
      event.preventDefault();
      begin("", true);
    } else if (event.key.length === 1) {
      event.preventDefault();
      begin(event.key, true);
    }
  };

  const positionIn = (event: Event): CellPosition | undefined => {
    const element = (event.target as HTMLElement).closest<HTMLElement>("td[data-address]");
    const row = Number(element?.dataset.row);
    const column = Number(element?.dataset.column);
    return element && Number.isInteger(row) && Number.isInteger(column)
      ? { row, column }
      : undefined;
  };

  // On press, as Excel selects: a redraw between press and release would lose a click.
  const onTablePress = (event: MouseEvent) => {
    if (event.button !== 0) return;
    const position = positionIn(event);
    if (position) select(position);
  };

  const onTableDoubleClick = (event: MouseEvent) => {
    const position = positionIn(event);
    if (!position) return;
    select(position);
    begin(editText(host.workbook.activeSheet, position), true);
  };

  const listeners: [EventTarget, string, EventListener][] = [
    [cellEditor, "keydown", onEditorKey as EventListener],
    [formulaBar, "keydown", onEditorKey as EventListener],
    [cellEditor, "input", onEditorInput],
    [formulaBar, "input", onEditorInput],
    [cellEditor, "focusout", onEditorLeft as EventListener],
    [formulaBar, "focusout", onEditorLeft as EventListener],
    [table, "keydown", onTableKey as EventListener],
    [table, "mousedown", onTablePress as EventListener],
    [table, "dblclick", onTableDoubleClick as EventListener],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  return {
    update,
    destroy() {
      if (editing) end();
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    },
  };
}
