// A promise raced against an AbortSignal, with the listener removed once either side settles so
// long-lived signals do not collect listeners.

/**
 * Settles like `promise`, or rejects as soon as `signal` aborts (at once if it already has). The
 * rejection is what `onAbort` returns, the signal's reason by default; `onAbort` runs at most once
 * and may also release what the caller holds.
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  onAbort: () => unknown = () => signal.reason,
): Promise<T> {
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(onAbort());
    signal.addEventListener("abort", abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(error);
      },
    );
  });
}
