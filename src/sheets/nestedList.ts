// Lists of nested records (an invoice's lines, a payment's allocations) get a sheet of their own,
// one row per item, each row carrying its parent's id (and number, when the parent has one) so
// the two sheets can be joined. The parent's sheet shows how many items each record has.
//
// For a collection the contract does not describe, the list is found in the records: the first
// top-level field of the first page with records that holds an array of objects without a name
// (objects with a name, such as documents, read well as a short list in one cell). One list per
// collection gets its own sheet; any other such list stays exact JSON text in its cell. The
// choice is made once, on that first page, so the sheets' columns never change meaning between
// pages.

import { stringifyJson } from "../api";
import type { JsonRecord, JsonValue } from "../api";
// From its own module rather than the index, whose re-exports are getters once compiled to
// CommonJS (node, the benches): these are used for every line.
import { isJsonObject, setJsonMember } from "../api/json";
import { MONEY_PLACES } from "../money/money";
import { readFields, type FieldNode } from "./fieldTree";
import { ColumnRank, columnRank } from "./columnOrder";
import { fieldWords } from "./fieldNames";
import { summariseArray } from "./readableValues";
import { readPath, recordMoneyPlaces } from "./rowShaper";

/** True for a non-empty array of objects that do not read as a list of names (invoice lines). */
export function isNestedRecordList(value: JsonValue | undefined): value is JsonRecord[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  return value.every((item) => isJsonObject(item)) && summariseArray(value) === undefined;
}

/** How a child row is tied to its parent: the parent's fields it carries, and what to call each. */
export interface ParentLink {
  /** The field of the parent holding the list (`lines`, `allocations`). */
  readonly listKey: string;
  /** The child's fields set from the parent (`{ payment_id: "p-1" }`), in column order. */
  fields(parent: JsonRecord): JsonRecord;
  /** One item, for notes: "line", "allocation". */
  readonly childNoun: string;
  /** The parent, for notes: "invoice", "payment". */
  readonly parentNoun: string;
}

/** One child row: the item with its parent's link fields, its notes, its amounts' decimals. */
export interface ChildRow {
  readonly record: JsonRecord;
  readonly notes: readonly string[];
  readonly places: number;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The child rows of one parent, one per item of its list, in order; none when the field is not
 * an array (the parent's sheet notes that in its count cell). An item whose own value of a link
 * field differs from the parent's keeps the parent's (that is where it came from), with a note;
 * an item that is not an object gives a row with the link alone, and a note.
 */
export function childRows(parent: JsonRecord, link: ParentLink): ChildRow[] {
  const items = readPath(parent, [link.listKey]);
  if (!Array.isArray(items)) return [];
  // An item is in its parent's currency.
  const places = recordMoneyPlaces(parent);
  const fields = link.fields(parent);
  const linkKeys = Object.keys(fields);
  return items.map((item, index) => ({
    record: isJsonObject(item) ? linkedRecord(fields, linkKeys, item) : { ...fields },
    places,
    notes: itemNotes(item, index, fields, linkKeys, link),
  }));
}

/** The notes of an item's row: an item that is not an object, or own link values that differ. */
function itemNotes(
  item: JsonValue,
  index: number,
  fields: JsonRecord,
  linkKeys: readonly string[],
  link: ParentLink,
): readonly string[] {
  if (!isJsonObject(item)) {
    const what = `${capitalised(link.childNoun)} ${index + 1} of this ${link.parentNoun}`;
    return [`${what} is not an object: ${stringifyJson(item)}`];
  }
  let notes: string[] | undefined;
  for (const key of linkKeys) {
    if (!Object.prototype.hasOwnProperty.call(item, key)) continue;
    const own = item[key];
    if (own !== undefined && own !== fields[key]) {
      (notes ??= []).push(
        `The ${link.childNoun}'s own ${key} is ${stringifyJson(own)}; ` +
          `it came in this ${link.parentNoun}`,
      );
    }
  }
  return notes ?? NO_NOTES;
}

/**
 * The child rows of a page's parents, as {@link childRows} gives them, kept side by side: each
 * item, and once per parent its link fields and decimals. A row's record (the item with the link
 * fields first) is only built when asked for, as a page with a new field needs it; the rows of
 * other pages are read straight from the item and the link fields (see {@link readRow}).
 */
export class ChildRowList {
  private readonly items: JsonValue[] = [];
  private readonly parentOf: number[] = [];
  private readonly links: JsonRecord[] = [];
  private readonly linkKeys: string[][] = [];
  private readonly places: number[] = [];
  /** Each row's notes; most have none, all sharing one empty list. */
  private readonly notes: (readonly string[])[] = [];

  constructor(private readonly link: ParentLink) {}

  get count(): number {
    return this.items.length;
  }

  /** Adds the parent's rows; says how many. */
  add(parent: JsonRecord): number {
    const items = readPath(parent, [this.link.listKey]);
    if (!Array.isArray(items)) return 0;
    const parentIndex = this.links.length;
    const fields = this.link.fields(parent);
    const linkKeys = Object.keys(fields);
    this.links.push(fields);
    this.linkKeys.push(linkKeys);
    // An item is in its parent's currency.
    this.places.push(recordMoneyPlaces(parent));
    items.forEach((item, index) => {
      this.notes.push(itemNotes(item, index, fields, linkKeys, this.link));
      this.items.push(item);
      this.parentOf.push(parentIndex);
    });
    return items.length;
  }

  /** The decimals of row `index`'s amounts: its parent's currency's. */
  placesOf(index: number): number {
    return this.places[this.parentOf[index] ?? -1] ?? MONEY_PLACES;
  }

  notesOf(index: number): readonly string[] {
    return this.notes[index] ?? NO_NOTES;
  }

  /** Row `index` as a record: the item with its parent's link fields first, and their values. */
  record(index: number): JsonRecord {
    const parent = this.parentOf[index] ?? -1;
    const fields = this.links[parent] ?? {};
    const item = this.items[index] ?? null;
    return isJsonObject(item)
      ? linkedRecord(fields, this.linkKeys[parent] ?? [], item)
      : { ...fields };
  }

  /**
   * Row `index`'s values into their columns (`values`), as {@link record}'s are read, without
   * building it: the link fields, then the item's other fields. False where {@link readFields}
   * says so.
   */
  readRow(index: number, root: FieldNode, values: (JsonValue | undefined)[]): boolean {
    const parent = this.parentOf[index] ?? -1;
    const fields = this.links[parent] ?? {};
    const linkKeys = this.linkKeys[parent] ?? [];
    if (!readFields(fields, root, values)) return false;
    const item = this.items[index] ?? null;
    return !isJsonObject(item) || readFields(item, root, values, linkKeys);
  }
}

/** The notes of the many rows that have none, shared rather than one new array a line. */
const NO_NOTES: readonly string[] = Object.freeze([]);

/**
 * The item with its parent's link fields (`linkKeys`, the keys of `fields`): those first, so a
 * discovered sheet lists them where its reading order puts them, and with the parent's values.
 * Built key by key: three object spreads cost some 20 times more, on a path that runs for every
 * line of every record.
 */
function linkedRecord(
  fields: JsonRecord,
  linkKeys: readonly string[],
  item: JsonRecord,
): JsonRecord {
  const record: JsonRecord = {};
  for (const key of linkKeys) setJsonMember(record, key, fields[key] ?? null);
  for (const key in item) {
    if (!Object.prototype.hasOwnProperty.call(item, key)) continue;
    if (!Object.prototype.hasOwnProperty.call(fields, key))
      setJsonMember(record, key, item[key] ?? null);
  }
  return record;
}

/** The nested list a discovered collection's records hold, once the first page has shown it. */
export interface NestedList {
  /** The parent's field holding the list (`lines`). */
  readonly listKey: string;
  /** The parent's number field (`invoice_number`), carried to each child; null when none. */
  readonly numberKey: string | null;
  /** The child's field holding its parent's id (`invoice_id`). */
  readonly idKey: string;
  /** The child sheet's label: "Invoice lines". */
  readonly label: string;
  /** Whose rows its status line says the sheet holds: "Lines of the invoices". */
  readonly what: string;
  readonly link: ParentLink;
}

/** The first top-level field (in the records' order) holding a nested record list. */
function listKeyOf(records: readonly JsonRecord[]): string | null {
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (isNestedRecordList(record[key])) return key;
    }
  }
  return null;
}

/** The parent's own number field: the first top-level field read as a document number. */
function numberKeyOf(records: readonly JsonRecord[], listKey: string): string | null {
  for (const record of records) {
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (key === listKey || (typeof value !== "string" && typeof value !== "number")) continue;
      if (/(^|_)(number|no)$/.test(key) && columnRank([key], [value]) === ColumnRank.Number) {
        return key;
      }
    }
  }
  return null;
}

/**
 * Which nested list of a discovered collection gets its own sheet. `parentLabel` is the
 * collection's label ("Invoices", "Credit notes"); the choice is made by {@link choose} on the
 * first page with records and kept.
 */
export class NestedListChoice {
  private chosen: NestedList | null | undefined = undefined;

  constructor(private readonly parentLabel: string) {}

  /** The chosen list; null when the collection has none; undefined before the first records. */
  get list(): NestedList | null | undefined {
    return this.chosen;
  }

  /** Decides on the first page with records; later pages do not change the choice. */
  choose(records: readonly JsonRecord[]): NestedList | null | undefined {
    if (this.chosen !== undefined || records.length === 0) return this.chosen;
    const listKey = listKeyOf(records);
    this.chosen = listKey === null ? null : this.listFor(listKey, numberKeyOf(records, listKey));
    return this.chosen;
  }

  private listFor(listKey: string, numberKey: string | null): NestedList {
    // "Credit notes" → "credit note": the parent's noun, in the child's link field and sheet.
    const parentWords = fieldWords(this.parentLabel.replace(/s$/i, "")).map((word) =>
      word.toLowerCase(),
    );
    const parentNoun = parentWords.join(" ");
    const idKey = `${parentWords.join("_")}_id`;
    const listWords = fieldWords(listKey).map((word) => word.toLowerCase());
    const childWords = listWords.length > 0 ? listWords : [listKey];
    const label = capitalised(`${parentNoun} ${childWords.join(" ")}`);
    const childNoun = childWords.join(" ").replace(/s$/i, "") || "item";
    return {
      listKey,
      numberKey,
      idKey,
      label,
      what: capitalised(`${childWords.join(" ")} of the ${this.parentLabel.toLowerCase()}`),
      link: {
        listKey,
        childNoun,
        parentNoun,
        fields: (parent) => {
          const fields: JsonRecord = {};
          if (numberKey !== null) fields[numberKey] = readPath(parent, [numberKey]) ?? null;
          fields[idKey] = readPath(parent, ["id"]) ?? null;
          return fields;
        },
      },
    };
  }
}
