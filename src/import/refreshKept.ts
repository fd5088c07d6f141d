// What a refresh that failed or was cancelled says: its new rows were taken out again, so the
// table still shows the data it had, of the time its last import finished.
import { localTime } from "../util/localTime";
import { count } from "../util/plural";

/** The table a refresh left as it was: its name, its rows and when they were imported. */
export interface KeptTable {
  readonly tableName: string;
  readonly rows: number;
  /** ISO time of the import that wrote them, when the workbook's record says. */
  readonly since?: string;
}

/**
 * "Refresh failed; the table still shows the data of 2026-11-27 09:41 GMT (137 rows)." For a
 * cancelled refresh, "Refresh cancelled; …".
 */
export function keptSentence(how: "failed" | "cancelled", kept: KeptTable): string {
  const when = kept.since === undefined ? null : localTime(new Date(kept.since));
  const data = when === null ? "the data it had" : `the data of ${when}`;
  const rows = count(kept.rows, "row");
  return `Refresh ${how}; table “${kept.tableName}” still shows ${data} (${rows}).`;
}

/**
 * A refresh that failed after its new rows were taken out again: the message says the table
 * was kept, then why the refresh failed; `failure` is what stopped it (an ApiError says whether
 * the token was refused).
 */
export class RefreshKeptError extends Error {
  override readonly name = "RefreshKeptError";

  constructor(
    readonly kept: KeptTable,
    readonly failure: unknown,
    because: string,
  ) {
    super(`${keptSentence("failed", kept)} ${because}`);
  }
}
