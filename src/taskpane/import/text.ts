// The import panel's words: how an import starts, and what a finished, cancelled or failed
// import says (the counter is progressView.ts's). Pure: no DOM, no Office.

import { isApiError } from "../../api/index";
import { textCellsSentence } from "../../import/misfitSummary";
import { keptSentence, RefreshKeptError } from "../../import/refreshKept";
import type { ImportProgress, ImportResult } from "../../import/importTypes";
import type { MessageDetail, PanelMessage } from "../shared/messageArea";

/** The progress of an import that has not fetched anything yet. */
export function startingProgress(label: string): ImportProgress {
  return { records: 0, pages: 0, message: `Starting the import of ${label}…` };
}

export type ImportEnd =
  | {
      readonly outcome: "finished";
      /** One short sentence. */
      readonly message: string;
      readonly complete: boolean;
      /** Folded under the sentence: what explains it, and the cells it names (with Go to). */
      readonly details: readonly MessageDetail[];
    }
  | { readonly outcome: "cancelled"; readonly message: string }
  | { readonly outcome: "failed"; readonly message: string };

/**
 * A finished import, in the import pipeline's own words: its sentence, then its details, where
 * each record with cells kept as text is one line with a Go to per cell.
 */
export function describeImportResult(result: ImportResult): ImportEnd {
  const named = new Set(result.notes.slice(0, result.textCells.length));
  const details: MessageDetail[] = result.details
    .filter((sentence) => !named.has(sentence))
    .map((text) => ({ text }));
  const records = result.textCells.map((record) => ({
    // The addresses are on the buttons; the sentence names the columns.
    text: textCellsSentence(
      { ...record, cells: record.cells.map(({ header }) => ({ header })) },
      record.sheet !== result.sheetName,
    ),
    cells: record.cells.flatMap(({ address }) =>
      address === undefined ? [] : [{ sheet: record.sheet, address }],
    ),
  }));
  // The records first: they are what a reader unfolding the details looks for.
  const more = details.filter(({ text }) => result.notes.includes(text));
  const rest = details.filter(({ text }) => !result.notes.includes(text));
  return {
    outcome: "finished",
    message: result.headline,
    complete: result.complete,
    details: [...records, ...more, ...rest],
  };
}

/** What the panel's message area shows at the end of an import. */
export function importEndMessage(end: ImportEnd): PanelMessage {
  switch (end.outcome) {
    case "failed":
      return { tone: "error", text: end.message };
    case "cancelled":
      return { tone: "success", text: end.message };
    case "finished": {
      const warned = !end.complete || end.details.some((detail) => detail.cells !== undefined);
      return {
        tone: warned ? "warning" : "success",
        text: end.message,
        ...(end.details.length === 0 ? {} : { details: end.details }),
      };
    }
  }
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
  // A refresh that failed left its table as it was: that first, then why it failed.
  if (error instanceof RefreshKeptError) {
    const why = describeImportFailure(error.failure).message;
    return { outcome: "failed", message: `${keptSentence("failed", error.kept)} ${why}` };
  }
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
