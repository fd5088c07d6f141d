// What the formulas' arguments mean: forgiving where a person's wording varies (collection and
// field names), strict where a wrong guess would show wrong data (counts, ids).

import { COLLECTIONS, type CollectionId, type CollectionInfo } from "../domain/collections";
import { badArgument } from "./formulaError";

/** LEDGER.LIST and LEDGER.PAYMENTS return this many records when no count is given. */
export const DEFAULT_MAX_RECORDS = 100;

/**
 * The most records one formula brings in: 40 pages of 50. More would hold a cell at #BUSY! for
 * long and redo it on every recalculation; the task pane import is made for large lists.
 */
export const MAX_RECORDS_CAP = 2_000;

/** The collections LEDGER.LIST reads: every list but payments, which has its own function. */
export const LIST_COLLECTIONS: readonly CollectionInfo[] = COLLECTIONS.filter(
  (collection) => collection.id !== "payments",
);

/** Spelling aside: lower case, letters only, no plural `s` ("Credit-Notes" → "creditnote"). */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/s$/, "");
}

const BY_SPELLING = new Map<string, CollectionId>(
  COLLECTIONS.flatMap((collection) => [
    [comparable(collection.id), collection.id],
    [comparable(collection.label), collection.id],
  ]),
);

function shown(value: unknown): string {
  const text = String(value);
  return `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
}

const LIST_NAMES = LIST_COLLECTIONS.map((collection) => collection.label.toLowerCase()).join(", ");

/** The collection a LEDGER.LIST argument names: "invoices", "Credit notes", "credit-note", … */
export function listCollectionOf(value: unknown): CollectionInfo {
  if (typeof value !== "string" || value.trim() === "") {
    throw badArgument(`Name a collection: ${LIST_NAMES}.`);
  }
  const id = BY_SPELLING.get(comparable(value));
  if (id === "payments") {
    throw badArgument("Payments have their own function: use =LEDGER.PAYMENTS().");
  }
  const collection = LIST_COLLECTIONS.find((candidate) => candidate.id === id);
  if (collection === undefined) {
    throw badArgument(`There is no collection ${shown(value)}. Use one of: ${LIST_NAMES}.`);
  }
  return collection;
}

/** A LEDGER.LIST argument naming a collection's nested list: "invoice lines", "Bill lines". */
export interface NestedListRequest {
  readonly collection: CollectionInfo;
  /** The list's name as written ("lines"). */
  readonly name: string;
  /** The same, spelling aside ("line"): matched to the records' list. */
  readonly list: string;
}

/**
 * The collection and nested list a LEDGER.LIST argument names ("invoice lines": the invoices'
 * lines), or null when it names no collection's list (then it is read as a collection).
 */
export function nestedListRequestOf(value: unknown): NestedListRequest | null {
  if (typeof value !== "string") return null;
  const words = value.trim().split(/[\s_-]+/);
  for (let cut = 1; cut < words.length; cut++) {
    const id = BY_SPELLING.get(comparable(words.slice(0, cut).join(" ")));
    const collection = LIST_COLLECTIONS.find((candidate) => candidate.id === id);
    const name = words.slice(cut).join(" ");
    const list = comparable(name);
    if (collection !== undefined && list !== "") return { collection, name, list };
  }
  return null;
}

/** True when `key`, a records' field, is the list `request` names ("lines" for "line"). */
export function namesNestedList(request: NestedListRequest, key: string): boolean {
  return comparable(key) === request.list;
}

/** True for an omitted optional argument: Excel passes null, JavaScript callers undefined. */
export function isOmitted(value: unknown): value is null | undefined {
  return value === null || value === undefined || value === "";
}

/**
 * A record count argument (`max_records`, `limit`): a whole number from 1 to the cap; omitted
 * means {@link DEFAULT_MAX_RECORDS}. Past the cap the message points to the task pane import.
 */
export function recordCountOf(value: unknown, name: string): number {
  if (isOmitted(value)) return DEFAULT_MAX_RECORDS;
  const count = typeof value === "number" ? value : Number.NaN;
  if (!Number.isInteger(count) || count < 1) {
    throw badArgument(
      `${name} must be a whole number from 1 to ${MAX_RECORDS_CAP.toLocaleString("en-US")}, ` +
        `not ${shown(value)}.`,
    );
  }
  if (count > MAX_RECORDS_CAP) {
    throw badArgument(
      `A formula brings in at most ${MAX_RECORDS_CAP.toLocaleString("en-US")} records. ` +
        "For more, use Import in the Ledger Sheets task pane.",
    );
  }
  return count;
}

/** A journal's id or transaction reference, as typed (a number such as 1001 is read as text). */
export function journalReferenceOf(value: unknown): string {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== "string" || text.trim() === "") {
    throw badArgument("Enter a journal id or transaction reference, for example “TRX-2026-0001”.");
  }
  return text.trim();
}

/**
 * The project a formula names in its optional last argument (`"other-company"`), or undefined
 * for the default project (left out, or an empty cell).
 */
export function projectNameOf(value: unknown): string | undefined {
  if (isOmitted(value)) return undefined;
  if (typeof value !== "string") {
    throw badArgument('project must be the project\'s name as text, for example "Acme".');
  }
  const name = value.trim();
  return name === "" ? undefined : name;
}
