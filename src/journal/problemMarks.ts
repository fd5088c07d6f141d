// Which fills to restore when problem marks move on: each mark remembers the fill its cell had,
// and rows the user inserted or deleted since are followed by matching marked cells in order.

import { addressPosition, columnLetter } from "./cellAddresses";
import type { ProblemMark } from "./contract";

/** What to do to the sheet's fills. */
export interface MarkPlan {
  /** Cells whose mark is gone, with the fill to put back (null: no fill). */
  readonly restore: readonly ProblemMark[];
  /** The cells to mark now, each with the fill it had before any mark: the state to save. */
  readonly marks: readonly ProblemMark[];
}

/**
 * Plans the marks for `addresses`, given the marks saved last time and the cells that show the
 * problem fill now (in the columns of those marks), with every cell's current fill.
 *
 * A saved address may be stale: rows inserted or deleted above it moved the marked cell. In each
 * column, the cells showing the problem fill are the old marks moved in order, so when there are
 * as many of them as saved marks they pair up in order; otherwise a cell pairs with the saved
 * mark at its own address, else the nearest unpaired one. A marked cell showing the problem fill
 * that pairs with no saved mark is left alone (the fill is the user's).
 */
export function planProblemMarks(
  saved: readonly ProblemMark[],
  problemFilled: readonly string[],
  currentFill: (address: string) => string | null,
  addresses: readonly string[],
): MarkPlan {
  const origin = new Map<string, string | null>();
  for (const [column, marks] of byColumn(saved)) {
    const cells = problemFilled
      .map((address) => ({ address, row: addressPosition(address)?.row ?? 0 }))
      .filter(({ address }) => columnOf(address) === column)
      .sort((a, b) => a.row - b.row);
    if (cells.length === marks.length) {
      cells.forEach((cell, i) => origin.set(cell.address, marks[i]!.fill));
      continue;
    }
    const unpaired = [...marks];
    for (const cell of cells) {
      if (unpaired.length === 0) break;
      let best = unpaired.findIndex((mark) => mark.address === cell.address);
      if (best < 0) {
        const distance = (mark: (typeof unpaired)[number]): number => Math.abs(mark.row - cell.row);
        best = unpaired.reduce(
          (b, mark, i) => (distance(mark) < distance(unpaired[b]!) ? i : b),
          0,
        );
      }
      origin.set(cell.address, unpaired[best]!.fill);
      unpaired.splice(best, 1);
    }
  }
  const wanted = new Set(addresses);
  const restore: ProblemMark[] = [];
  for (const [address, fill] of origin) if (!wanted.has(address)) restore.push({ address, fill });
  const marks = addresses.map((address) => ({
    address,
    fill: origin.has(address) ? (origin.get(address) ?? null) : currentFill(address),
  }));
  return { restore, marks };
}

function columnOf(address: string): string | null {
  const position = addressPosition(address);
  return position === null ? null : columnLetter(position.column);
}

function byColumn(marks: readonly ProblemMark[]): Map<string, (ProblemMark & { row: number })[]> {
  const columns = new Map<string, (ProblemMark & { row: number })[]>();
  for (const mark of marks) {
    const position = addressPosition(mark.address);
    if (position === null) continue;
    const column = columnLetter(position.column);
    const list = columns.get(column) ?? [];
    list.push({ ...mark, row: position.row });
    columns.set(column, list);
  }
  for (const list of columns.values()) list.sort((a, b) => a.row - b.row);
  return columns;
}
