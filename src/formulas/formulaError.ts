// The error a LEDGER formula shows in its cell: an Excel error code and a sentence a person can
// act on. The shell turns it into CustomFunctions.Error; the core never touches Office.

import { isApiError } from "../api";

/**
 * Only #VALUE! and #N/A carry a custom message into Excel's error flag (the other codes show a
 * bare code), and every error of ours has something to say, so these are the two we use:
 * `#VALUE!` for what the user can fix in the formula or the connection, `#N/A` for data that is
 * not there or not reachable now.
 */
export type FormulaErrorCode = "#VALUE!" | "#N/A";

export class FormulaError extends Error {
  override readonly name = "FormulaError";

  constructor(
    readonly code: FormulaErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isFormulaError(value: unknown): value is FormulaError {
  return value instanceof FormulaError;
}

export const NOT_CONNECTED_MESSAGE = "Connect in the Ledger Sheets task pane.";

/** A problem with an argument of the formula (#VALUE!). */
export function badArgument(message: string): FormulaError {
  return new FormulaError("#VALUE!", message);
}

export function notConnected(): FormulaError {
  return new FormulaError("#N/A", NOT_CONNECTED_MESSAGE);
}

/**
 * The cell error for any failure. API errors keep their message (it says what to do and never
 * holds the token); the code says whose move it is. Anything else is a bug of ours, shown
 * without internals.
 */
export function formulaErrorOf(error: unknown): FormulaError {
  if (isFormulaError(error)) return error;
  if (isApiError(error)) {
    switch (error.kind) {
      case "auth":
        return new FormulaError(
          "#VALUE!",
          "The server refused the access token (401). Reconnect in the Ledger Sheets task pane " +
            "with a valid token.",
        );
      case "forbidden":
        return new FormulaError(
          "#VALUE!",
          `${error.message} Reconnect in the Ledger Sheets task pane with the right identity.`,
        );
      case "config":
      case "validation":
      case "bad-request":
        return new FormulaError("#VALUE!", error.message);
      case "aborted":
        return new FormulaError("#N/A", "The calculation was cancelled.");
      default:
        // not-found, rate-limited, server, network, timeout, malformed-response, pagination.
        return new FormulaError("#N/A", error.message);
    }
  }
  return new FormulaError(
    "#VALUE!",
    "Ledger Sheets could not calculate this formula. Choose Refresh data in the task pane; " +
      "if it keeps failing, report it.",
  );
}
