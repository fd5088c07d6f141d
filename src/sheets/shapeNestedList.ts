// Rows for the sheet of a discovered collection's nested list ("Invoice lines"): one row per item
// of each parent record, the item's own fields discovered as any collection's are, with the
// parent's number and id (nestedList.ts) so each row can be joined to its parent's.

import type { JsonRecord } from "../api";
import { ChildRowList, type NestedListChoice } from "./nestedList";
import type { RecordShaper, ShapedBlock } from "./rowShaper";
import { createDiscoveringShaper } from "./shapeRecords";
import type { ShapeOptions } from "./typedCells";

/** A nested list's rows, and how many of them each parent record has. */
export interface NestedRows {
  readonly block: ShapedBlock;
  readonly perRecord: readonly number[];
}

/**
 * The nested list's shaper. Like the allocations shaper it takes the parents: `shape` gives one
 * row per item of each parent's list, in order; `shapeParents` also says how many per parent.
 */
export interface NestedListShaper extends RecordShaper {
  shapeParents(parents: readonly JsonRecord[]): NestedRows;
}

export function createNestedListShaper(
  choice: NestedListChoice,
  options: ShapeOptions = {},
): NestedListShaper {
  const items = createDiscoveringShaper(options);
  const shapeParents = (parents: readonly JsonRecord[]): NestedRows => {
    const list = choice.list;
    if (!list) {
      return {
        block: { rows: [], textCells: [], misfits: [], notes: [] },
        perRecord: parents.map(() => 0),
      };
    }
    const children = new ChildRowList(list.link);
    const perRecord = parents.map((parent) => children.add(parent));
    return { block: items.shapeChildren(children), perRecord };
  };
  return {
    columns: () => items.columns(),
    shape: (parents) => shapeParents(parents).block,
    shapeParents,
  };
}
