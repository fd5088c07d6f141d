// The refresh panel's words that are not the caption's: the automatic refresh's intervals and a
// run's time, and what saving a choice says.
import type { RefreshOnOpen } from "../../settings/refreshOnOpen";
import { localWhen } from "../../util/localTime";

/** "every 15 minutes", "every 2 hours", "every day". */
export function intervalWords(minutes: number): string {
  if (minutes === 1440) return "every day";
  if (minutes % 60 === 0) return minutes === 60 ? "every hour" : `every ${minutes / 60} hours`;
  return `every ${minutes} minutes`;
}

/** `at 10:35 GMT+1` today, `on 2026-11-27 at 10:35 GMT+1` another day: the reader's own zone. */
export function nextRunWhen(at: number, now: number): string {
  const text = localWhen(new Date(at), new Date(now)) ?? "";
  return text.startsWith("today ") ? text.slice("today ".length) : text;
}

/** What saving the choice for when the workbook opens says. */
export function onOpenSaved(choice: RefreshOnOpen): string {
  if (choice === "off") return "Nothing runs when this workbook opens.";
  const what = choice === "new" ? "new records only (existing rows not updated)" : "refresh all";
  return `When this workbook opens: ${what}.`;
}

/** Why a choice of the refresh panel was not kept. */
export function choiceNotSaved(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The choice could not be saved in this workbook: ${reason}`;
}
