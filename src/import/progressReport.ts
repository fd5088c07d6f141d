// What a running import says in its progress reports: what it is doing, in words without counts
// (the report's figures are the one counter the pane shows), and how long it has run, for the
// rate.

/** While the first request is on its way. */
export function connectingProgress(source: string): string {
  return `Connecting to ${source}…`;
}

/** While pages are fetched and written, for as long as it lasts: one sentence, said once. */
export function importingProgress(label: string, source: string): string {
  return `Importing ${label} from ${source}…`;
}

/** While Fetch new looks for the records the table lacks. */
export function lookingForNewProgress(label: string, source: string): string {
  return `Looking for new ${label} at ${source}…`;
}

/** While Fetch new writes the records it found at the top of the table. */
export function addingNewProgress(label: string): string {
  return `Adding the new ${label} to the table…`;
}

/**
 * While Excel holds or refuses the import's writes because the user is editing a cell. Clicking
 * the task pane does not end the edit in Excel on Windows: the sentence says what does.
 */
export function waitingForCellEditProgress(): string {
  return "Waiting for you to finish editing a cell: press Enter, or click another cell.";
}

/** Milliseconds since it was made: a run's clock for its reports' `elapsedMs`. */
export function stopwatch(now: () => number = Date.now): () => number {
  const start = now();
  return () => Math.max(0, now() - start);
}
