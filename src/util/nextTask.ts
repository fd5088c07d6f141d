// Lets the event loop run between long stretches of synchronous work in one Excel batch.

/**
 * Resolves on a later task (a timer), after whatever the event loop has waiting: an answer from
 * the API that arrived meanwhile is read, and its next request sent, before the work goes on.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
