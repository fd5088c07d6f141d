/** Maps a decoded path to its route: API routes under /v1 and /rc-1, control routes under /__sandbox. */
import { CURSOR_COLLECTIONS } from "./catalog";
import { authed, type Handler } from "./context";
import { listCollection } from "./routes/cursor";
import { getJournal, patchJournal } from "./routes/journals";
import {
  deleteFaults,
  getFaults,
  listJournals,
  mintCursor,
  postRecords,
  postFaults,
  postReset,
  postTokens,
  deleteTokens,
} from "./routes/control";
import { listPayments } from "./routes/payments";

export const API_BASES = ["v1", "rc-1"] as const;

interface Route {
  /** Segments after the base; ":id" captures one decoded segment. */
  pattern: readonly string[];
  methods: Readonly<Record<string, Handler>>;
}

const API_ROUTES: readonly Route[] = [
  ...CURSOR_COLLECTIONS.map((list) => ({
    pattern: [list],
    methods: { GET: authed(listCollection(list)) },
  })),
  { pattern: ["payments"], methods: { GET: authed(listPayments) } },
  {
    pattern: ["journal", "entries", ":id"],
    methods: { GET: authed(getJournal), PATCH: authed(patchJournal) },
  },
];

const CONTROL_ROUTES: readonly Route[] = [
  {
    pattern: ["__sandbox", "faults"],
    methods: { GET: getFaults, POST: postFaults, DELETE: deleteFaults },
  },
  { pattern: ["__sandbox", "reset"], methods: { POST: postReset } },
  { pattern: ["__sandbox", "tokens"], methods: { POST: postTokens, DELETE: deleteTokens } },
  { pattern: ["__sandbox", "journals"], methods: { GET: authed(listJournals) } },
  { pattern: ["__sandbox", "cursor"], methods: { GET: authed(mintCursor) } },
  { pattern: ["__sandbox", "records"], methods: { POST: authed(postRecords) } },
];

export interface RouteMatch {
  methods: Readonly<Record<string, Handler>>;
  params: Record<string, string>;
  /** API routes take injected faults; control routes never do. */
  scope: "api" | "control";
}

function matchAgainst(
  routes: readonly Route[],
  segments: readonly string[],
): Omit<RouteMatch, "scope"> | undefined {
  for (const route of routes) {
    if (route.pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = route.pattern.every((part, i) => {
      const segment = segments[i] ?? "";
      if (part.startsWith(":")) {
        params[part.slice(1)] = segment;
        return segment !== "";
      }
      return part === segment;
    });
    if (fits) return { methods: route.methods, params };
  }
  return undefined;
}

/** `segments` are the decoded path segments, e.g. ["v1", "journal", "entries", "TRX/1"]. */
export function matchRoute(segments: readonly string[]): RouteMatch | undefined {
  const [first, ...rest] = segments;
  if ((API_BASES as readonly string[]).includes(first ?? "")) {
    const api = matchAgainst(API_ROUTES, rest);
    if (api) return { ...api, scope: "api" };
    const control = matchAgainst(CONTROL_ROUTES, rest);
    return control ? { ...control, scope: "control" } : undefined;
  }
  const control = matchAgainst(CONTROL_ROUTES, segments);
  return control ? { ...control, scope: "control" } : undefined;
}

/** Whether injected faults apply: anything under a base that is not a control route. */
export function isApiPath(segments: readonly string[]): boolean {
  return (
    (API_BASES as readonly string[]).includes(segments[0] ?? "") && segments[1] !== "__sandbox"
  );
}

/** Methods a preflight may announce for this path. */
export function preflightMethods(segments: readonly string[]): string {
  return segments.includes("__sandbox") ? "GET, POST, DELETE, OPTIONS" : "GET, PATCH, OPTIONS";
}
