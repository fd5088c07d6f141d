// The result type of the money functions: a value, or a problem a person can read and fix.

import type { Result } from "../util/result";

/** Why a value was refused. */
export type MoneyProblemCode =
  | "empty"
  | "not-decimal"
  | "too-many-decimals"
  | "not-finite"
  | "too-large"
  | "not-positive"
  | "too-many-digits";

/** A refusal: a stable code for programs and a sentence for people. */
export interface MoneyProblem {
  readonly code: MoneyProblemCode;
  readonly message: string;
}

/**
 * Money functions return results rather than throw, because the sheet layer collects every
 * problem of a journal (one per cell) instead of stopping at the first.
 */
export type MoneyResult<T> = Result<{ value: T }, { problem: MoneyProblem }>;

export function accept<T>(value: T): MoneyResult<T> {
  return { ok: true, value };
}

export function refuse<T>(code: MoneyProblemCode, message: string): MoneyResult<T> {
  return { ok: false, problem: { code, message } };
}
