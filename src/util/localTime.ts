// Times as the task pane shows them: in the reader's own time zone, always with that zone's name,
// so "09:41 GMT+1" cannot be mistaken for UTC or for another reader's clock. (What is written into
// a workbook stays in UTC: every reader of the file sees the same words; see stamp.ts.)

export interface LocalTimeOptions {
  /** An IANA zone ("Europe/Paris"); the computer's own when absent. Tests name one. */
  readonly timeZone?: string;
  /** To the second (`09:41:05`); to the minute otherwise. */
  readonly seconds?: boolean;
  /** With `seconds`, also the milliseconds (`09:41:05.120`). */
  readonly milliseconds?: boolean;
}

interface LocalParts {
  readonly day: string;
  readonly clock: string;
  readonly zone: string;
}

/** One formatter per set of options: building one is the costly part. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: LocalTimeOptions): Intl.DateTimeFormat {
  const key = `${options.timeZone ?? ""}|${options.seconds === true}|${options.milliseconds === true}`;
  let made = formatters.get(key);
  if (made === undefined) {
    made = new Intl.DateTimeFormat("en-US", {
      ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      ...(options.seconds === true ? { second: "2-digit" } : {}),
      ...(options.seconds === true && options.milliseconds === true
        ? { fractionalSecondDigits: 3 }
        : {}),
      hourCycle: "h23",
      timeZoneName: "short",
    });
    formatters.set(key, made);
  }
  return made;
}

function localParts(date: Date, options: LocalTimeOptions): LocalParts {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatter(options).formatToParts(date)) part[type] = value;
  const seconds = part.second === undefined ? "" : `:${part.second}`;
  const fraction = part.fractionalSecond === undefined ? "" : `.${part.fractionalSecond}`;
  return {
    day: `${part.year}-${part.month}-${part.day}`,
    clock: `${part.hour}:${part.minute}${seconds}${fraction}`,
    zone: part.timeZoneName ?? "",
  };
}

function withZone(text: string, zone: string): string {
  return zone === "" ? text : `${text} ${zone}`;
}

/** `2026-02-01 11:15 GMT+1` (or `… 11:15:05 GMT+1` with seconds); null for an invalid date. */
export function localTime(date: Date, options: LocalTimeOptions = {}): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const { day, clock, zone } = localParts(date, options);
  return withZone(`${day} ${clock}`, zone);
}

/**
 * `today at 09:41 GMT+1`, or `on 2026-11-24 at 16:05 GMT+1`: "today" as the reader's calendar
 * says, against `now`. Null for an invalid date.
 */
export function localWhen(date: Date, now: Date, options: LocalTimeOptions = {}): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const { day, clock, zone } = localParts(date, options);
  const today = localParts(now, options).day;
  return withZone(day === today ? `today at ${clock}` : `on ${day} at ${clock}`, zone);
}

/** An ISO date-time from the server as {@link localTime} shows it; other text as it is. */
export function localTimeOfText(text: string, options: LocalTimeOptions = {}): string {
  return localTime(new Date(Date.parse(text)), options) ?? text;
}
