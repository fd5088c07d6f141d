// The import panel's words: how an import starts, and what a finished, cancelled or failed
// import says (the counter is progressView.ts's). Pure: no DOM, no Office.

import { isApiError } from "../api";
import type { ImportProgress, ImportResult } from "../import/types";

/** The progress of an import that has not fetched anything yet. */
export function startingProgress(label: string): ImportProgress {
  return { records: 0, pages: 0, message: `Starting the import of ${label}…` };
}

export type ImportEnd =
  | { readonly outcome: "finished"; readonly message: string; readonly complete: boolean }
  | { readonly outcome: "cancelled"; readonly message: string }
  | { readonly outcome: "failed"; readonly message: string };

/** A finished import, in the import pipeline's own words. */
export function describeImportResult(result: ImportResult): ImportEnd {
  return { outcome: "finished", message: result.message, complete: result.complete };
}

function isCancelled(error: unknown): boolean {
  if (isApiError(error)) return error.kind === "aborted";
  return error instanceof Error && error.name === "AbortError";
}

/** An Excel error (OfficeExtension.Error) has a `code` such as `InvalidArgument`. */
function excelCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** What a failed (or cancelled) import says. */
export function describeImportFailure(error: unknown): ImportEnd {
  if (isCancelled(error)) {
    return { outcome: "cancelled", message: "Import cancelled." };
  }
  if (isApiError(error)) return { outcome: "failed", message: error.message };
  const code = excelCode(error);
  if (error instanceof Error && code !== undefined) {
    return {
      outcome: "failed",
      message: `Excel could not finish the import (${code}): ${error.message}`,
    };
  }
  if (error instanceof Error && error.message !== "") {
    return { outcome: "failed", message: `The import failed: ${error.message}` };
  }
  return { outcome: "failed", message: "The import failed for an unknown reason. Try again." };
}
