/** Sandbox-only routes under /__sandbox: fault settings, data reset, journal list, cursor minting. */
import { isCollectionName, type ListName } from "../catalog";
import type { AuthedHandler, Handler } from "../context";
import { parseJson, readBody, requireJsonContentType } from "../body";
import { ApiError } from "../errors";
import { jsonResponse } from "../response";

export const getFaults: Handler = ({ state }) =>
  jsonResponse(200, {
    status: true,
    message: "Current fault settings",
    data: state.faults.snapshot(),
  });

export const postFaults: Handler = async ({ req, state }) => {
  requireJsonContentType(req);
  state.faults.update(parseJson(await readBody(req)));
  return jsonResponse(200, {
    status: true,
    message: "Fault settings updated",
    data: state.faults.snapshot(),
  });
};

export const deleteFaults: Handler = ({ state }) => {
  state.faults.clear();
  return jsonResponse(200, {
    status: true,
    message: "Fault settings cleared",
    data: state.faults.snapshot(),
  });
};

/**
 * Changes the tokens the sandbox accepts: `{"revoke": ["demo-token"], "issue": ["new-token"]}`,
 * as a service that withdrew a token and gave another. The whole body is checked first.
 */
export const postTokens: Handler = async ({ req, state }) => {
  requireJsonContentType(req);
  const body = parseJson(await readBody(req));
  const list = (key: string): string[] => {
    const value = (body as Record<string, unknown> | null)?.[key] ?? [];
    const ok =
      Array.isArray(value) &&
      value.every((each) => typeof each === "string" && /^[A-Za-z0-9\-._~+/]+=*$/.test(each));
    if (!ok) {
      throw new ApiError(400, "invalid_body", `${key} must be a list of tokens.`, [
        { field: key, message: "is not a list of tokens" },
      ]);
    }
    return value as string[];
  };
  const revoke = list("revoke");
  const issue = list("issue");
  state.tokens.change(revoke, issue);
  return jsonResponse(200, {
    status: true,
    message: "Tokens changed",
    data: { accepted: state.tokens.count },
  });
};

/** Back to the demo token alone. */
export const deleteTokens: Handler = ({ state }) => {
  state.tokens.reset();
  return jsonResponse(200, { status: true, message: "Tokens reset", data: { accepted: 1 } });
};

/** Restores every identity's seeded journals and collections; faults are left alone. */
export const postReset: Handler = ({ state }) => {
  state.journals.reset();
  state.listChanges.reset();
  return jsonResponse(200, { status: true, message: "Seed data restored" });
};

export const listJournals: AuthedHandler = ({ state }, identity) =>
  jsonResponse(200, {
    status: true,
    message: "Journals in this project",
    data: state.journals.list(identity).map(({ id, reference, transaction_reference, status }) => ({
      id,
      reference,
      transaction_reference,
      status,
    })),
  });

/**
 * Mints the cursor a client would hold after reading `position` records, so tests and benchmarks
 * can jump deep into a large list. Clients of the real API have no such door.
 */
export const mintCursor: AuthedHandler = ({ query, state }, identity) => {
  const list = query.get("list") ?? "";
  const position = Number(query.get("position") ?? "");
  if (list !== "payments" && !isCollectionName(list)) {
    throw new ApiError(400, "invalid_query", "list must name a collection or payments.", [
      { field: "list", message: "is not a list" },
    ]);
  }
  const name: ListName = list;
  const seeded = state.counts[identity][name];
  const count = name === "payments" ? seeded : state.listChanges.size(identity, name, seeded);
  if (!Number.isSafeInteger(position) || position < 1 || position >= count) {
    throw new ApiError(
      400,
      "invalid_query",
      `position must be a whole number from 1 to ${count - 1}.`,
      [{ field: "position", message: "is outside the list" }],
    );
  }
  return jsonResponse(200, {
    status: true,
    message: "Cursor minted",
    data: state.signer.mint(identity, name, position),
  });
};

/**
 * Changes a collection's front as new activity would: `{"list": "invoices", "add": 100}` adds
 * 100 records newer than all others; `{"list": "invoices", "deleteNewest": 3}` deletes the 3
 * newest. POST /__sandbox/reset undoes both. Payments cannot be changed this way.
 */
export const postRecords: AuthedHandler = async ({ req, state }, identity) => {
  requireJsonContentType(req);
  const body = parseJson(await readBody(req));
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
  const { list, add = 0, deleteNewest = 0 } = fields as Record<string, unknown>;
  const whole = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
  if (typeof list !== "string" || !isCollectionName(list) || !whole(add) || !whole(deleteNewest)) {
    throw new ApiError(
      400,
      "invalid_body",
      'Send {"list": a collection such as "invoices", "add": n, "deleteNewest": n}.',
      [{ field: "list", message: "must name a cursor-paginated collection" }],
    );
  }
  const seeded = state.counts[identity][list];
  state.listChanges.removeNewest(identity, list, deleteNewest as number, seeded);
  state.listChanges.add(identity, list, add as number);
  return jsonResponse(200, {
    status: true,
    message: "Collection changed",
    data: { list, records: state.listChanges.size(identity, list, seeded) },
  });
};
