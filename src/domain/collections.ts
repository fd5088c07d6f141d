// The lists a user can import, export or read with a formula, and what each is called.

export type CollectionId =
  "payments" | "invoices" | "receipts" | "bills" | "credit-notes" | "debit-notes" | "expenses";

export interface CollectionInfo {
  readonly id: CollectionId;
  /** Shown in the Collection choice, and the name of the sheet it lands in. */
  readonly label: string;
  /** The API path; configurable for the cursor collections, since the spec shows only /invoices. */
  readonly defaultPath: string;
}

export const COLLECTIONS: readonly CollectionInfo[] = [
  { id: "payments", label: "Payments", defaultPath: "/payments" },
  { id: "invoices", label: "Invoices", defaultPath: "/invoices" },
  { id: "receipts", label: "Receipts", defaultPath: "/receipts" },
  { id: "bills", label: "Bills", defaultPath: "/bills" },
  { id: "credit-notes", label: "Credit notes", defaultPath: "/credit-notes" },
  { id: "debit-notes", label: "Debit notes", defaultPath: "/debit-notes" },
  { id: "expenses", label: "Expenses", defaultPath: "/expenses" },
];

/** The collections read with a cursor, whose path can be changed: every one but payments. */
export const CURSOR_COLLECTIONS: readonly CollectionInfo[] = COLLECTIONS.filter(
  (collection) => collection.id !== "payments",
);

/** The sentence for an id that names no collection. */
function unknownCollectionMessage(id: string): string {
  return `Unknown collection “${id}”.`;
}

/**
 * The collection with this id. Ids come typed from the code, so an unknown one is a programming
 * error (or an unchecked value from outside): it throws rather than guess.
 */
export function collectionInfo(id: CollectionId): CollectionInfo {
  const info = COLLECTIONS.find((candidate) => candidate.id === id);
  if (info === undefined) throw new RangeError(unknownCollectionMessage(id));
  return info;
}
