// The automatic refresh's words that are not the caption's: its intervals, and a run's time.
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
