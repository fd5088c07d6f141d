// Builds a LedgerApi wired to a scripted fetch and virtual time, as every client test needs.

import { ApiError, ApiVersion, ClientOptions, LedgerApi, RetryEvent } from "../../../src/api";
import { FakeFetch } from "./fakeFetch";
import { FakeTime } from "./fakeTime";
import { IDENTITY, TOKEN } from "./fixtures";

export interface Harness {
  readonly api: LedgerApi;
  readonly fake: FakeFetch;
  readonly time: FakeTime;
  readonly retries: RetryEvent[];
}

export function harness(
  options: Omit<ClientOptions, "fetch" | "clock" | "sleep"> & { version?: ApiVersion } = {},
): Harness {
  const fake = new FakeFetch();
  const time = new FakeTime();
  const retries: RetryEvent[] = [];
  const { version = "v1", ...clientOptions } = options;
  const api = new LedgerApi(
    { apiAddress: "https://api.example.com/v1", version, token: TOKEN, identity: IDENTITY },
    {
      random: () => 0.5,
      onRetry: (event) => retries.push(event),
      ...clientOptions,
      fetch: fake.fetch,
      clock: time.clock,
      sleep: time.sleep,
    },
  );
  return { api, fake, time, retries };
}

/** The ApiError a promise rejects with (fails the test if it resolves or throws something else). */
export async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error("expected the promise to reject");
}

/** Everything an error exposes as text, through its whole cause chain. */
export function everythingIn(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current !== undefined; depth++) {
    if (current instanceof Error) {
      parts.push(current.message, current.stack ?? "", JSON.stringify(current));
      if (current instanceof ApiError) {
        parts.push(
          current.serverMessage ?? "",
          JSON.stringify(current.details ?? []),
          current.url ?? "",
        );
      }
      current = current.cause;
    } else {
      parts.push(String(current));
      current = undefined;
    }
  }
  return parts.join("\n");
}
