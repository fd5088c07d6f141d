// Why a request got no answer, as far as a browser lets us tell. A browser reports a
// refused connection, an unknown host and a server that does not allow this origin (CORS) alike,
// as one network error. A second request that needs no preflight and reads nothing tells them
// apart: a "no-cors" GET without custom headers goes out as a plain request, and resolves (with
// an opaque answer) whenever the server answers at all; it rejects when nothing answers.

/** What a failed request's cause was. */
export type NoAnswer =
  /** The browser says it has no network. */
  | "offline"
  /** Nothing answers at that address: it does not resolve, or refuses connections. */
  | "unreachable"
  /** The server answers plain requests: ours were refused by CORS (its headers do not allow us). */
  | "cors";

export interface ReachabilityProbe {
  /** The browser's fetch (a "no-cors" GET is sent through it). */
  readonly fetch: (url: string, init: RequestInit) => Promise<unknown>;
  /** navigator.onLine; undefined where unknown. */
  readonly online?: boolean;
  /** How long the probe waits for an answer. Default 5 s. */
  readonly timeoutMs?: number;
}

/** Diagnoses why a request to `apiOrigin` got no answer. Never throws. */
export async function diagnoseNoAnswer(
  apiOrigin: string,
  probe: ReachabilityProbe,
): Promise<NoAnswer> {
  if (probe.online === false) return "offline";
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), probe.timeoutMs ?? 5_000);
  try {
    await probe.fetch(`${apiOrigin}/`, {
      mode: "no-cors",
      method: "GET",
      credentials: "omit",
      cache: "no-store",
      signal: controller.signal,
    });
    return "cors";
  } catch {
    return "unreachable";
  } finally {
    clearTimeout(timer);
  }
}

/** What to tell the user, and what to do, for each cause. */
export function noAnswerMessage(cause: NoAnswer, apiOrigin: string, addinOrigin: string): string {
  const host = apiOrigin.replace(/^https?:\/\//, "");
  switch (cause) {
    case "offline":
      return "This computer is offline. Connect to the network and try again.";
    case "unreachable":
      return `Could not reach ${host}: the address does not resolve or refuses connections. Check the API address, and that the service is running and reachable from this computer.`;
    case "cors":
      return `${host} answers, but does not allow requests from this add-in (CORS). Ask the API's owner to allow the origin ${addinOrigin} (Access-Control-Allow-Origin, with the Authorization, identity and Content-Type headers, for GET and PATCH); see docs/deploy.md.`;
  }
}
