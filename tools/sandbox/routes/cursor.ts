/** GET on the cursor-paginated collections (/invoices, /receipts, ...). */
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type CollectionName } from "../catalog";
import type { AuthedHandler } from "../context";
import { readCursorStart, readPageSize } from "../query";
import { jsonResponse } from "../response";
import { numberProbes, writeRawNumbers } from "../seed/numberProbes";

const TITLES: Readonly<Record<CollectionName, string>> = {
  invoices: "Invoices",
  receipts: "Receipts",
  bills: "Bills",
  "credit-notes": "Credit notes",
  "debit-notes": "Debit notes",
  expenses: "Expenses",
};

/**
 * `page`, `offset`, `sort_by` and `sort_order` are not read (spec): such a request gets the first
 * page, newest first. On the last page `last_id` is null and `keyset` is "" (it must be a string).
 */
export function listCollection(list: CollectionName): AuthedHandler {
  return ({ query, state }, identity) => {
    const seeded = state.counts[identity][list];
    const count = state.listChanges.size(identity, list, seeded);
    const size = readPageSize(query, "size", PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
    const start = readCursorStart(query, state.signer, identity, list, count);
    const end = Math.min(start + size, count);
    const records = state.listChanges.page(
      { seed: state.seed, identity, list, count: seeded },
      start,
      end,
    );
    const probed = state.numberProbes && list === "invoices";
    const data = probed
      ? records.map((record, i) => ({ ...record, ...numberProbes(start + i) }))
      : records;
    const more = end < count;
    const tokens = more ? state.signer.mint(identity, list, end) : null;
    const response = jsonResponse(200, {
      status: true,
      message: `${TITLES[list]} retrieved`,
      data,
      keyset: tokens?.keyset ?? "",
      last_id: tokens?.last_id ?? null,
    });
    return probed ? { ...response, body: writeRawNumbers(response.body) } : response;
  };
}
