/**
 * Position-derived timestamps and ids, newest first. Index 0 is the newest record; created_at
 * never increases with the index, and pairs at indices 10k+4 / 10k+5 share a created_at so the
 * id tie-break (descending) is exercised.
 */
import type { IdentityName, ListName } from "../catalog";
import { randomFor } from "../prng";

export interface ListKey {
  seed: number;
  identity: IdentityName;
  list: ListName;
  count: number;
}

/** The newest record is created just before this instant. */
export const SEED_ANCHOR_MS = Date.UTC(2026, 0, 15, 10, 0, 0);

const DAY_SECONDS = 86_400;

/** Spread the list over about two years, whatever its size (within one minute to two days). */
function gapSeconds(count: number): number {
  const spread = Math.floor((730 * DAY_SECONDS) / Math.max(count, 1));
  return Math.min(Math.max(spread, 60), 2 * DAY_SECONDS);
}

/** Records sharing a step share a created_at. */
function stepOf(index: number): number {
  return index - Math.floor((index + 5) / 10);
}

export function createdAtMs(key: ListKey, index: number): number {
  const gap = gapSeconds(key.count);
  const step = stepOf(index);
  // Jitter below half a gap keeps created_at strictly decreasing from one step to the next.
  const jitter = randomFor(key.seed, key.identity, key.list, "time", step).int(
    0,
    Math.floor(gap / 2) - 1,
  );
  return SEED_ANCHOR_MS - (step * gap + jitter + 60) * 1000;
}

function rawId(key: ListKey, index: number): string {
  return randomFor(key.seed, key.identity, key.list, "id", index).uuid();
}

/** Record id; within a tied pair the earlier index gets the larger id (ties sort id descending). */
export function recordId(key: ListKey, index: number): string {
  if (index % 10 === 4 && index + 1 < key.count) {
    const [own, partner] = [rawId(key, index), rawId(key, index + 1)];
    return own > partner ? own : partner;
  }
  if (index % 10 === 5) {
    const [partner, own] = [rawId(key, index - 1), rawId(key, index)];
    return own < partner ? own : partner;
  }
  return rawId(key, index);
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** Years the arithmetic below writes as toISOString does (four digits, no sign). */
const FIRST_MS = Date.UTC(1970, 0, 1);
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * `YYYY-MM-DD` of an instant from day arithmetic (days-to-civil), the same text as
 * toISOString but without building a Date for each of a page's many timestamps.
 */
function civilDate(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

export function isoDate(ms: number): string {
  if (!(ms >= FIRST_MS && ms <= LAST_MS)) return new Date(ms).toISOString().slice(0, 10);
  return civilDate(Math.floor(ms / DAY_MS));
}

export function isoDateTime(ms: number): string {
  if (!(ms >= FIRST_MS && ms <= LAST_MS && Number.isInteger(ms))) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  const inDay = ms - days * DAY_MS;
  const millis = inDay % 1000;
  const seconds = (inDay - millis) / 1000;
  const time = `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
  return `${civilDate(days)}T${time}.${millis < 10 ? "00" : millis < 100 ? "0" : ""}${millis}Z`;
}

export const DAY_MS = DAY_SECONDS * 1000;
