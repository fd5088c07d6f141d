// One counter for a run's progress: records (of the total the server reports, when it reports
// one), pages and the rate, said the same way in the visible line and in the bar's
// aria-valuetext, from the same figures. The status line says what is happening, never a second
// count. Pure: no DOM, no clock (the figures carry the time since the run started).

import type { ImportProgress } from "../../import/importTypes";
import { count } from "../../util/plural";

const NUMBER = new Intl.NumberFormat("en-US");
const ONE_DECIMAL = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** The figures a counter is made of. */
export type ProgressFigures = Pick<ImportProgress, "records" | "pages" | "total" | "elapsedMs">;

/** Before this long the rate says little (the first page includes connecting): none is shown. */
export const RATE_AFTER_MS = 1_000;

/** Records a second since the run started; undefined until there is a rate worth showing. */
export function recordsPerSecond(figures: ProgressFigures): number | undefined {
  const { records, elapsedMs } = figures;
  if (elapsedMs === undefined || !(elapsedMs >= RATE_AFTER_MS) || records <= 0) return undefined;
  return records / (elapsedMs / 1_000);
}

/** The total the server reported, when it is a count. */
function knownTotal(figures: ProgressFigures): number | undefined {
  const { total } = figures;
  return total !== undefined && Number.isFinite(total) && total >= 0 ? total : undefined;
}

/** `120 records`, or `120 of 480 records` when the total is known. */
function recordsPart(figures: ProgressFigures): string {
  const total = knownTotal(figures);
  if (total === undefined) return count(figures.records, "record");
  return `${NUMBER.format(figures.records)} of ${count(total, "record")}`;
}

function rateNumber(rate: number): string {
  return rate >= 10 ? NUMBER.format(Math.round(rate)) : ONE_DECIMAL.format(rate);
}

/** The visible counter: `120 of 480 records · 3 pages · 52 records/s`. */
export function progressText(figures: ProgressFigures): string {
  const rate = recordsPerSecond(figures);
  const parts = [recordsPart(figures), count(figures.pages, "page")];
  if (rate !== undefined) parts.push(`${rateNumber(rate)} records/s`);
  return parts.join(" · ");
}

/** What the progress bar announces and how full it is drawn. */
export interface ProgressBarState {
  /** aria-valuenow; absent when no total is known (an indeterminate bar). */
  readonly valueNow?: number;
  /** aria-valuemax; absent when no total is known. */
  readonly valueMax?: number;
  /** aria-valuetext: the counter in words, `120 of 480 records, 3 pages, 52 records a second`. */
  readonly valueText: string;
  /** How full the bar is drawn, 0 to 1; absent when indeterminate. */
  readonly fraction?: number;
}

export function progressBarState(figures: ProgressFigures): ProgressBarState {
  const rate = recordsPerSecond(figures);
  const words = [recordsPart(figures), count(figures.pages, "page")];
  if (rate !== undefined) words.push(`${rateNumber(rate)} records a second`);
  const valueText = words.join(", ");
  const total = knownTotal(figures);
  if (total === undefined) return { valueText };
  const valueNow = Math.min(figures.records, total);
  return {
    valueNow,
    valueMax: total,
    valueText,
    fraction: total === 0 ? 1 : valueNow / total,
  };
}
