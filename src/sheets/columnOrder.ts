// The order of an imported sheet's columns: what a person looks for first (the document's
// number or reference, its date, who it is with, how much in which currency, its status), then
// the other fields in the server's order, then the ids (UUIDs that only machines read) last.
// The currency stands right before the amounts, so an amount is read with it.

/** Ranks: lower comes first; the same rank keeps the server's order. */
export const ColumnRank = {
  Number: 0,
  Date: 1,
  Party: 2,
  Currency: 3,
  Amount: 4,
  Status: 5,
  Other: 6,
  Id: 7,
} as const;
export type ColumnRank = (typeof ColumnRank)[keyof typeof ColumnRank];

const PARTIES = /^(contact|customer|vendor|supplier|payee|payer|staff|employee)$/;
const NAMES = /^(display_name|name|full_name)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The rank of the field at `path` (`["contact", "name"]`), judged by its keys and, for ids
 * under other names, by its values being UUIDs.
 */
export function columnRank(path: readonly string[], values: readonly unknown[] = []): ColumnRank {
  const key = (path[path.length - 1] ?? "").toLowerCase();
  const parent = (path[path.length - 2] ?? "").toLowerCase();
  if (key === "id" || key.endsWith("_id")) return ColumnRank.Id;
  if (values.length > 0 && values.every((value) => typeof value === "string" && UUID.test(value))) {
    return ColumnRank.Id;
  }
  // A document's number or reference; a bank account's number is not what a reader scans for.
  const documentNumber = /(^|_)(number|no)$/.test(key) && !key.endsWith("account_number");
  if (documentNumber || /(^|_)reference$/.test(key)) return ColumnRank.Number;
  if (/(^|_)date$/.test(key)) return ColumnRank.Date;
  if (PARTIES.test(key) || (PARTIES.test(parent) && NAMES.test(key))) return ColumnRank.Party;
  if (/(^|_)(name)$/.test(key) && /^(contact|customer|vendor|supplier)_/.test(key)) {
    return ColumnRank.Party;
  }
  if (key === "currency" || /(^|_)currency(_code)?$/.test(key)) return ColumnRank.Currency;
  if (/(^|_)total$/.test(key) || /(^|_)amount(_due|_paid)?$/.test(key)) return ColumnRank.Amount;
  if (key === "status" || key.endsWith("_status")) return ColumnRank.Status;
  return ColumnRank.Other;
}

/** `items` ordered by {@link columnRank}, the server's order kept within a rank. */
export function inReadingOrder<T>(items: readonly T[], rankOf: (item: T) => ColumnRank): T[] {
  return items
    .map((item, index) => ({ item, index, rank: rankOf(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}
