/** GET /payments: `limit` paging with page/count/pages, and optional cursor tokens. */
import { PAYMENTS_LIMIT_DEFAULT, PAYMENTS_LIMIT_MAX } from "../catalog";
import type { AuthedHandler } from "../context";
import { readCursorStart, readPageSize } from "../query";
import { jsonResponse } from "../response";
import { paymentPage } from "../seed/payments";

/**
 * In "cursor" mode the response carries `last_id`/`keyset` (both null on the last page) and takes
 * them back. In "none" mode it has no cursor fields and always answers the first `limit` records,
 * ignoring any cursor parameters, as a server without cursor support would.
 */
export const listPayments: AuthedHandler = ({ query, state }, identity) => {
  const count = state.counts[identity].payments;
  const limit = readPageSize(query, "limit", PAYMENTS_LIMIT_DEFAULT, PAYMENTS_LIMIT_MAX);
  const cursorMode = state.faults.paymentsPagination === "cursor";
  const start = cursorMode ? readCursorStart(query, state.signer, identity, "payments", count) : 0;
  const end = Math.min(start + limit, count);
  const body: Record<string, unknown> = {
    status: true,
    message: "Payments retrieved",
    data: paymentPage({ seed: state.seed, identity, list: "payments", count }, start, end),
    page: Math.floor(start / limit) + 1,
    count,
    pages: Math.ceil(count / limit),
  };
  if (cursorMode) {
    const tokens = end < count ? state.signer.mint(identity, "payments", end) : null;
    body.keyset = tokens?.keyset ?? null;
    body.last_id = tokens?.last_id ?? null;
  }
  return jsonResponse(200, body);
};
