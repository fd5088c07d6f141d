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

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString();
}

export const DAY_MS = DAY_SECONDS * 1000;
