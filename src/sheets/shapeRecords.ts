// Rows for a collection with no schema in the contract (invoices, bills, …): columns discovered
// from the records themselves.
//
// Columns come in reading order (columnOrder.ts: number, date, party, amount, status, the other
// fields in the order they first hold a value, ids last); nested objects are flattened into one
// column per field (`contact.name` → "Contact name"), arrays are summarised ("2 items: a; b")
// unless their items are objects without a name (invoice lines): the one list that has a sheet of
// its own (nestedList.ts) shows how many items each record has; any other stays exact JSON text.
// A field's kind is fixed by its name and all the values it holds on the page where it first
// holds one (kindInference.ts): one odd value, first or not, does not decide the column.
//
// A field that turns from a value into an object keeps its column (empty in the object's rows)
// and gains a column per field of the object.
//
// A field that has held only null (or "") so far gets no column yet: its kind is unknown until
// it holds a value, and guessing would fix the wrong kind for good. Once a column exists its kind
// never changes (the table is written page by page, and earlier pages are already in the sheet):
// a later value that does not fit is written as text, formatted "@", with a note in its row, and
// the import's summary counts such cells per column (see flaggedCells in rowShaper.ts). The
// first page with records also fixes the initial column list, closed by "Import notes"; a field
// first seen with a value on a later page is appended after "Import notes". Moving "Import notes"
// to stay last would mean moving a table column in Excel; appending is what the writer can do
// cheaply and safely, and the header still says what each column is.

import { isJsonObject, type JsonRecord, type JsonValue } from "../api";
import { groupDigits } from "./textCells";
import { headerForPath } from "./fieldNames";
import { columnRank, inReadingOrder } from "./columnOrder";
import { inferColumnKind } from "./kindInference";
import { summariseArray } from "./readableValues";
import { EXCEL_MAX_COLUMNS } from "../domain/excelLimits";
import type { ChildRowList, NestedListChoice } from "./nestedList";
import { childOf, fieldNode, readFields, type FieldNode } from "./fieldTree";
import {
  ColumnSet,
  pathReader,
  placesByRecord,
  readPath,
  shapeReadRows,
  shapeRows,
} from "./rowShaper";
import type { RowReader } from "./rowShaper";
import type { ShapeOptions } from "./typedCells";
import type { RecordShaper, ShapedBlock } from "./rowShaper";

interface NewField {
  readonly path: readonly string[];
  /** Every value (not null, not "") the field holds in the page that revealed it. */
  readonly values: JsonValue[];
  readonly node: FieldNode;
}

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return isJsonObject(value);
}

/** What the caller knows of each record beyond its fields (by its index in the page). */
export interface RecordExtras {
  /** The decimals of the record's amounts (by default its own `currency_code`'s). */
  readonly placesOf?: (index: number) => number;
  /** Notes of the caller's own, before those of the record's cells. */
  readonly notesOf?: (index: number) => readonly string[];
}

/** A discovering shaper; `shape` may be told more of each record than its fields. */
export interface DiscoveringShaper extends RecordShaper {
  shape(records: readonly JsonRecord[], extras?: RecordExtras): ShapedBlock;
  /** The rows of a nested list's items, each with its parent's link fields and decimals. */
  shapeChildren(children: ChildRowList): ShapedBlock;
}

/** Notes for each record with a value in a field that found no room (beyond Excel's columns). */
function droppedFieldNotes(records: readonly JsonRecord[], dropped: readonly NewField[]) {
  return (index: number): string[] => {
    const record = records[index];
    if (record === undefined) return [];
    return dropped
      .filter((field) => {
        const value = readPath(record, field.path);
        return value !== undefined && value !== null && value !== "";
      })
      .map(
        (field) =>
          `${field.path.join(".")} not imported: a sheet has at most ` +
          `${groupDigits(EXCEL_MAX_COLUMNS)} columns`,
      );
  };
}

/** A record's own notes (`notesOf`), then those of its values in `dropped` fields. */
function withDroppedNotes(
  records: readonly JsonRecord[],
  dropped: readonly NewField[],
  notesOf: ((index: number) => readonly string[]) | undefined,
): ((index: number) => readonly string[]) | undefined {
  const droppedNotes = dropped.length > 0 ? droppedFieldNotes(records, dropped) : undefined;
  return notesOf && droppedNotes
    ? (index: number) => [...notesOf(index), ...droppedNotes(index)]
    : (notesOf ?? droppedNotes);
}

/**
 * A shaper for records of unknown shape. Before the first page with records it has no columns;
 * that page fixes the initial list (its fields, then "Import notes"); later pages may append.
 * `nested`, chosen before each page is shaped: the list that has a sheet of its own, shown here
 * as each record's count of items.
 */
export function createDiscoveringShaper(
  options: ShapeOptions = {},
  nested?: NestedListChoice,
): DiscoveringShaper {
  const set = new ColumnSet(options);
  /** Every field seen, nested objects as subtrees; keys may contain dots, so no joined paths. */
  const fields = fieldNode();

  /** Fields of `records` with a value and no column yet, in first-seen order. */
  function newFields(records: readonly JsonRecord[]): NewField[] {
    const found = new Map<FieldNode, NewField>();
    // The keys from the top level down to the object being visited; a path is copied from it
    // only for a field without a column, not for every nested object of every record.
    const prefix: string[] = [];
    const visit = (object: { [key: string]: JsonValue }, node: FieldNode) => {
      for (const key in object) {
        if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
        const value = object[key] as JsonValue;
        if (isObject(value)) {
          prefix.push(key);
          visit(value, childOf(node, key));
          prefix.pop();
          continue;
        }
        if (value === null || value === "") continue;
        const child = childOf(node, key);
        if (child.column >= 0) continue;
        const path = [...prefix, key];
        const seen = isCounted(path) && Array.isArray(value) ? value.length : value;
        const field = found.get(child);
        if (field === undefined) found.set(child, { path, values: [seen], node: child });
        else field.values.push(seen);
      }
    };
    for (const record of records) visit(record, fields);
    return [...found.values()];
  }

  /** True for the top-level field whose list has a sheet of its own. */
  function isCounted(path: readonly string[]): boolean {
    const key = nested?.list?.listKey;
    return key !== undefined && path.length === 1 && path[0] === key;
  }

  function addColumn(field: NewField): void {
    const key = field.path[field.path.length - 1] ?? "";
    const read = pathReader(field.path);
    if (isCounted(field.path)) {
      // Anything but an array is passed on (and kept as text, noted), as payments' Allocations.
      const count = (record: JsonRecord): JsonValue | undefined => {
        const value = read(record);
        return Array.isArray(value) ? value.length : value;
      };
      field.node.column = set.size;
      field.node.counted = true;
      set.add(key, headerForPath(field.path, "integer"), "integer", count);
      return;
    }
    const kind = inferColumnKind(key, field.values);
    field.node.column = set.size;
    set.add(field.path.join("."), headerForPath(field.path, kind), kind, (record) => {
      const value = read(record);
      // Most cells are strings, numbers or null: taken as they are, without the checks below.
      if (typeof value !== "object" || value === null) return value;
      // An object's fields have columns of their own; repeating it here as JSON would also
      // make the cell depend on whether this column existed yet when the row was shaped.
      if (isObject(value)) return undefined;
      return Array.isArray(value) ? (summariseArray(value) ?? value) : value;
    });
  }

  /**
   * `records`' rows once their new fields have columns: the first page's in reading order
   * (number, date, party, amount, status, the rest as sent, ids last), later ones appended.
   */
  function discoverAndShape(records: readonly JsonRecord[], extras: RecordExtras): ShapedBlock {
    const { notesOf, placesOf } = extras;
    const discovered = newFields(records);
    const ordered = set.isClosed
      ? discovered
      : inReadingOrder(discovered, (field) => columnRank(field.path, field.values));
    // Keep one column free for "Import notes" until it is placed.
    const room = EXCEL_MAX_COLUMNS - set.size - (set.isClosed ? 0 : 1);
    const added = ordered.slice(0, Math.max(room, 0));
    const dropped = ordered.slice(added.length);
    added.forEach(addColumn);
    set.closeWithImportNotes();
    return shapeRows(set, records, withDroppedNotes(records, dropped, notesOf), placesOf);
  }

  return {
    columns: () => set.columns(),
    shape(records: readonly JsonRecord[], extras: RecordExtras = {}): ShapedBlock {
      if (records.length === 0) return { rows: [], textCells: [], misfits: [], notes: [] };
      // Most pages bring no new field: their rows are read in one walk of each record, and
      // only a page that shows a new field is walked again to find it and add its column.
      if (set.isClosed) {
        const readRow: RowReader = (index, values) =>
          readFields(records[index] as JsonRecord, fields, values);
        const places = extras.placesOf ?? placesByRecord(records);
        const known = shapeReadRows(set, records.length, readRow, extras.notesOf, places);
        if (known !== undefined) return known;
      }
      return discoverAndShape(records, extras);
    },
    shapeChildren(children: ChildRowList): ShapedBlock {
      const placesOf = (index: number) => children.placesOf(index);
      const notesOf = (index: number) => children.notesOf(index);
      if (children.count === 0) return { rows: [], textCells: [], misfits: [], notes: [] };
      if (set.isClosed) {
        const readRow: RowReader = (index, values) => children.readRow(index, fields, values);
        const known = shapeReadRows(set, children.count, readRow, notesOf, placesOf);
        if (known !== undefined) return known;
      }
      const records = Array.from({ length: children.count }, (_, index) => children.record(index));
      return discoverAndShape(records, { placesOf, notesOf });
    },
  };
}
