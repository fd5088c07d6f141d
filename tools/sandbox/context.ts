/** What a route handler gets: the request, its parsed parts and the server's state. */
import type { IncomingMessage } from "node:http";
import { authenticate, type TokenGrants } from "./auth";
import type { IdentityName, RecordCounts } from "./catalog";
import type { CursorSigner } from "./cursor";
import type { FaultController } from "./faults";
import type { JournalBook } from "./journals";
import type { ListChanges } from "./listChanges";
import type { JournalLimits } from "./options";
import type { SandboxResponse } from "./response";

export interface SandboxState {
  seed: number;
  /** Seeded record counts; the collections' sizes now also depend on `listChanges`. */
  counts: Readonly<Record<IdentityName, RecordCounts>>;
  /** Records added to or removed from the collections' front since seeding (control route). */
  listChanges: ListChanges;
  /** The `numberProbes` option: invoices carry probe fields (seed/numberProbes.ts). */
  numberProbes: boolean;
  signer: CursorSigner;
  journals: JournalBook;
  /** What PATCH /journal/entries accepts (raised by the `journalLines` option). */
  journalLimits: JournalLimits;
  faults: FaultController;
  /** The tokens accepted now (control route: revoke one, issue another). */
  tokens: TokenGrants;
  /** Wall clock in ms; a function so updated_at can be made strictly increasing. */
  now: () => number;
}

export interface RequestContext {
  req: IncomingMessage;
  query: URLSearchParams;
  /** Decoded path parameters, e.g. `id`. */
  params: Readonly<Record<string, string>>;
  state: SandboxState;
}

export type Handler = (ctx: RequestContext) => Promise<SandboxResponse> | SandboxResponse;
export type AuthedHandler = (
  ctx: RequestContext,
  identity: IdentityName,
) => Promise<SandboxResponse> | SandboxResponse;

/** Runs the handler only for an authenticated identity (401/403 otherwise). */
export function authed(handler: AuthedHandler): Handler {
  return (ctx) => handler(ctx, authenticate(ctx.req.headers, ctx.state.tokens));
}
