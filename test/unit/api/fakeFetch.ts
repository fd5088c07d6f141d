// A scripted fetch for tests: answers requests in order and records what was sent.

import type { FetchInit, FetchLike, FetchResponseLike } from "../../../src/api";

export interface RecordedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly signal: AbortSignal;
  readonly redirect: string;
}

/** One scripted answer. */
export type Step =
  | {
      status: number;
      /** Sent as JSON text. */
      json?: unknown;
      /** Sent as is (instead of json). */
      body?: string;
      headers?: Record<string, string>;
      /** The body never arrives (text() never settles, whatever the signal does). */
      hangBody?: boolean;
    }
  /** fetch rejects with a TypeError, as it does when the network fails. */
  | { networkError: string }
  /** fetch never answers; it rejects with the signal's reason when aborted, like real fetch. */
  | { hang: true }
  | ((request: RecordedRequest) => Promise<FetchResponseLike>);

export function response(
  status: number,
  body: string,
  headers: Record<string, string> = {},
  hangBody = false,
): FetchResponseLike {
  const lower = new Map(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return {
    status,
    headers: { get: (name) => lower.get(name.toLowerCase()) ?? null },
    text: () => (hangBody ? new Promise<string>(() => undefined) : Promise.resolve(body)),
  };
}

export class FakeFetch {
  readonly requests: RecordedRequest[] = [];
  readonly unexpected: RecordedRequest[] = [];
  private readonly script: Step[] = [];

  /** Adds answers for the next requests, in order. */
  reply(...steps: Step[]): this {
    this.script.push(...steps);
    return this;
  }

  /** Steps not used yet. */
  get remaining(): number {
    return this.script.length;
  }

  readonly fetch: FetchLike = (url: string, init: FetchInit) => {
    const request: RecordedRequest = {
      url,
      method: init.method,
      headers: { ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: init.signal,
      redirect: init.redirect,
    };
    this.requests.push(request);
    const step = this.script.shift();
    if (step === undefined) {
      this.unexpected.push(request);
      return Promise.reject(new Error(`FakeFetch: unexpected request ${init.method} ${url}`));
    }
    if (typeof step === "function") return step(request);
    if ("networkError" in step) return Promise.reject(new TypeError(step.networkError));
    if ("hang" in step) {
      return new Promise((_, reject) => {
        if (init.signal.aborted) reject(init.signal.reason);
        init.signal.addEventListener("abort", () => reject(init.signal.reason), { once: true });
      });
    }
    const body = step.body ?? (step.json === undefined ? "" : JSON.stringify(step.json));
    const headers =
      step.json === undefined
        ? (step.headers ?? {})
        : { "Content-Type": "application/json", ...step.headers };
    return Promise.resolve(response(step.status, body, headers, step.hangBody ?? false));
  };

  /** The query parameters of request `index`, decoded. */
  query(index: number): URLSearchParams {
    const request = this.requests[index];
    if (request === undefined) throw new Error(`no request ${index}`);
    return new URL(request.url).searchParams;
  }
}
