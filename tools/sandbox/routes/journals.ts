/** GET and PATCH /journal/entries/{id or transaction_reference}. */
import type { IdentityName } from "../catalog";
import type { AuthedHandler, RequestContext } from "../context";
import { parseJson, readBody, requireJsonContentType } from "../body";
import { ApiError } from "../errors";
import {
  applyJournalUpdate,
  assertBalanced,
  assertDraft,
  parseJournalUpdate,
} from "../journal-update";
import { jsonResponse } from "../response";
import type { ManualJournal } from "../seed/types";

function findJournal({ params, state }: RequestContext, identity: IdentityName): ManualJournal {
  const key = params.id ?? "";
  const journal = state.journals.find(identity, key);
  if (journal) return journal;
  const shown = key.length > 80 ? `${key.slice(0, 80)}…` : key;
  throw new ApiError(
    404,
    "not_found",
    `No journal with id or transaction reference "${shown}" in this project.`,
  );
}

export const getJournal: AuthedHandler = (ctx, identity) =>
  jsonResponse(200, {
    status: true,
    message: "Journal retrieved",
    data: findJournal(ctx, identity),
  });

/**
 * Checks run in this order, so the answer names the most basic problem: 415 media type,
 * 413 size, 404 unknown journal, 409 not DRAFT, 400 JSON syntax, 400 fields, 422 balance.
 * Nothing is changed unless every check passes.
 */
export const patchJournal: AuthedHandler = async (ctx, identity) => {
  requireJsonContentType(ctx.req);
  const limits = ctx.state.journalLimits;
  const raw = await readBody(ctx.req, limits.bodyBytes);
  const journal = findJournal(ctx, identity);
  assertDraft(journal);
  const update = parseJournalUpdate(parseJson(raw), identity, limits.lines);
  assertBalanced(update);
  const updated = applyJournalUpdate(journal, update, identity, ctx.state.now());
  ctx.state.journals.replace(identity, updated);
  return jsonResponse(200, { status: true, message: "Journal updated", data: updated });
};
