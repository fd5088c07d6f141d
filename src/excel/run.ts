// The one door to Excel: code that touches the workbook receives an ExcelRun, which is Excel.run
// in the add-in and the in-memory fake host in tests and the preview page.

/** Runs a batch of workbook operations in a request context, like `Excel.run`. */
export type ExcelRun = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/** Excel.run's form that takes options (`Excel.run(options, batch)`). */
export type ExcelRunWithOptions = <T>(
  options: Excel.RunOptions,
  batch: (context: Excel.RequestContext) => Promise<T>,
) => Promise<T>;

/**
 * The add-in's ExcelRun over Excel.run. People type while an import or a refresh runs: by
 * default Excel refuses a batch that arrives while a cell is being edited
 * (InvalidOperationInCellEditMode), which would stop a long import part-way. With
 * `delayForCellEdit` Excel holds the batch until the edit ends (Excel.RunOptions). `session`:
 * where the requests go, for the emulator's RequestContext address; Excel needs none.
 */
export function excelRunOf(
  run: ExcelRunWithOptions,
  session?: string | OfficeExtension.RequestUrlAndHeaderInfo,
): ExcelRun {
  const options: Excel.RunOptions = {
    delayForCellEdit: true,
    ...(session === undefined ? {} : { session }),
  };
  return (batch) => run(options, batch);
}

/** The code Excel answers a batch with when it refuses it because a cell is being edited. */
export const CELL_EDIT_REFUSAL = "InvalidOperationInCellEditMode";

/** Timers the waiting runs on (tests pass fake ones). */
export interface CellEditTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const SYSTEM_TIMERS: CellEditTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A round trip held this long is taken to wait for a cell edit. Excel never says it holds a
 * batch, and on Windows clicking the task pane does not end cell edit mode (office-js issues
 * 806, 3388), so the user must be told; a few seconds is longer than a block write takes.
 */
export const HELD_AFTER_MS = 3_000;

/** How long a refused batch waits before it is sent again. */
export const RETRY_AFTER_MS = 1_000;

export interface CellEditWaitOptions {
  /** Called with true when a batch starts waiting for a cell edit, false when none waits. */
  readonly onWaiting: (waiting: boolean) => void;
  /** Ends a wait before its retry: the batch rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  readonly timers?: CellEditTimers;
  readonly heldAfterMs?: number;
  readonly retryAfterMs?: number;
}

function isCellEditRefusal(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === CELL_EDIT_REFUSAL
  );
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function pause(ms: number, timers: CellEditTimers, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      timers.clearTimeout(handle);
      if (signal) reject(abortReason(signal));
    };
    const handle = timers.setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * An ExcelRun that says when its batches wait for the user to finish editing a cell, and that
 * waits instead of failing where Excel does not hold the batch. A host that does not report the
 * DelayForCellEdit set gets no `delayForCellEdit` flag from office.js and refuses a batch during
 * cell edit with InvalidOperationInCellEditMode: such a batch is sent again after a short wait,
 * but only when it was refused before any of its round trips was answered (nothing of it ran,
 * so running it again does nothing twice). A host that holds batches gives no sign at all: a
 * round trip unanswered for `heldAfterMs` is said to be waiting until it is answered.
 */
export function waitingForCellEdit(run: ExcelRun, options: CellEditWaitOptions): ExcelRun {
  const timers = options.timers ?? SYSTEM_TIMERS;
  const heldAfterMs = options.heldAfterMs ?? HELD_AFTER_MS;
  const retryAfterMs = options.retryAfterMs ?? RETRY_AFTER_MS;
  // Counts, not flags: batches may overlap, and each says when it stops waiting.
  let held = 0;
  let refused = 0;
  let said = false;
  const tell = (): void => {
    const waiting = held + refused > 0;
    if (waiting === said) return;
    said = waiting;
    options.onWaiting(waiting);
  };

  /** Says "waiting" while `roundTrip` is unanswered past `heldAfterMs`. */
  const watch = async <T>(roundTrip: Promise<T>): Promise<T> => {
    let late = false;
    const handle = timers.setTimeout(() => {
      late = true;
      held += 1;
      tell();
    }, heldAfterMs);
    try {
      return await roundTrip;
    } finally {
      timers.clearTimeout(handle);
      if (late) held -= 1;
      tell();
    }
  };

  /** One attempt: the batch with its syncs watched; `answered` counts those that came back. */
  const attempt = <T>(
    batch: (context: Excel.RequestContext) => Promise<T>,
    answered: { count: number },
  ): Promise<T> => {
    let finalSync: (() => void) | undefined;
    const ran = run(async (context) => {
      const sync = context.sync.bind(context);
      context.sync = (<V>(passThroughValue?: V): Promise<V> =>
        watch(sync(passThroughValue)).then((value) => {
          answered.count += 1;
          return value;
        })) as typeof context.sync;
      const result = await batch(context);
      // Excel.run's own last round trip, for what the batch queued after its last sync.
      void watch(new Promise<void>((resolve) => (finalSync = resolve)));
      return result;
    });
    return ran.finally(() => finalSync?.());
  };

  return async <T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> => {
    let waiting = false;
    try {
      for (;;) {
        const answered = { count: 0 };
        try {
          return await attempt(batch, answered);
        } catch (error) {
          if (!isCellEditRefusal(error) || answered.count > 0) throw error;
          if (!waiting) {
            waiting = true;
            refused += 1;
            tell();
          }
          await pause(retryAfterMs, timers, options.signal);
        }
      }
    } finally {
      if (waiting) {
        refused -= 1;
        tell();
      }
    }
  };
}
