// LEDGER.* custom functions. custom-functions-metadata-plugin generates functions.json from the
// JSDoc tags below and registers each function, so nothing here calls CustomFunctions.associate.
// The work is in src/formulas; this file only passes Excel's arguments in and errors out.

import "../polyfills"; // first: built-ins for Edge Legacy (docs/deploy.md)
import { balanced, decimalSum, formulaErrorOf } from "../formulas";
import { ADDIN_VERSION } from "../version";
import { cellError, formulaSettingsReady, ledgerFormulas, spillOf } from "./formulaRuntime";

/** Runs one calculation; Excel's cancel (the cell was edited or deleted) aborts its request. */
async function calculate<T>(
  invocation: CustomFunctions.CancelableInvocation | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  if (invocation !== undefined) invocation.onCanceled = () => controller.abort();
  try {
    // Collection paths and cache time come from the workbook: read once, then kept in memory.
    await formulaSettingsReady();
    return await work(controller.signal);
  } catch (error) {
    throw cellError(formulaErrorOf(error));
  }
}

/**
 * The version of the Ledger Sheets add-in that calculated this cell.
 * @customfunction VERSION
 * @returns The add-in version, for example "0.1.0".
 */
export function addInVersion(): string {
  return ADDIN_VERSION;
}

/**
 * Payments from the accounting service as a table with a header row: payment ID, date, vendor, amount, currency and more.
 * @customfunction PAYMENTS
 * @cancelable
 * @param limit How many payments to return, from 1 to 2000: for example 500; 100 when left out.
 * @param project The project's name in this workbook, for example "Acme". Leave it out for the default project.
 * @returns A table that spills down and right from this cell.
 */
export async function payments(
  limit?: number,
  project?: string,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return await calculate(invocation, async (signal) =>
    spillOf(await ledgerFormulas.payments(limit, { signal }, project)),
  );
}

/**
 * Records of a collection (invoices, receipts, bills, credit notes, debit notes or expenses) as a table with a header row.
 * @customfunction LIST
 * @cancelable
 * @param collection The collection, for example "invoices" or "credit notes".
 * @param max_records How many records to return, newest first, from 1 to 2000: for example 500; 100 when left out.
 * @param project The project's name in this workbook, for example "Acme". Leave it out for the default project.
 * @returns A table that spills down and right from this cell.
 */
export async function list(
  collection: string,
  max_records?: number,
  project?: string,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return await calculate(invocation, async (signal) =>
    spillOf(await ledgerFormulas.list(collection, max_records, { signal }, project)),
  );
}

/**
 * The lines of a manual journal as a table with a header row: account, description, debit, credit and more.
 * @customfunction JOURNAL
 * @cancelable
 * @param id_or_reference The journal's ID or its transaction reference, for example "TRX-2026-0001".
 * @param project The project's name in this workbook, for example "Acme". Leave it out for the default project.
 * @returns A table that spills down and right from this cell.
 */
export async function journal(
  id_or_reference: string,
  project?: string,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return await calculate(invocation, async (signal) =>
    spillOf(await ledgerFormulas.journal(id_or_reference, { signal }, project)),
  );
}

/**
 * One value from a manual journal's header, such as its status, currency, rate, date or total debit.
 * @customfunction JOURNAL.FIELD
 * @cancelable
 * @param id_or_reference The journal's ID or its transaction reference, for example "TRX-2026-0001".
 * @param field The field: status, reference, transaction reference, transaction date, currency, exchange rate, description, total debit, total credit, line count, and more; for example "total debit".
 * @param project The project's name in this workbook, for example "Acme". Leave it out for the default project.
 * @returns The value: text, a number, or a date.
 */
export async function journalField(
  id_or_reference: string,
  field: string,
  project?: string,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<unknown> {
  return await calculate(invocation, (signal) =>
    ledgerFormulas.journalField(id_or_reference, field, { signal }, project),
  );
}

/**
 * The exact sum of money amounts, free of floating-point drift: 0.1 + 0.2 is 0.3. Works offline.
 * @customfunction DECIMALSUM
 * @param values Amounts or ranges of amounts, for example C2:C20; empty cells are skipped. The last may be a currency code, for example "JPY" (no decimals); two decimals otherwise, the most the service keeps.
 * @returns The sum; as text if it has more digits than a cell can hold exactly.
 */
export function decimalSumOf(values: unknown[][][]): number | string {
  try {
    return decimalSum(values);
  } catch (error) {
    throw cellError(formulaErrorOf(error));
  }
}

/**
 * TRUE when the debits and the credits add up to exactly the same amount. Works offline.
 * @customfunction BALANCED
 * @param debits The debit amounts: a range or a list, for example C2:C20.
 * @param credits The credit amounts: a range or a list, for example D2:D20.
 * @param currency The currency code, for example "JPY" (no decimals). Leave it out for two decimals, the most the service keeps.
 * @returns TRUE when balanced, FALSE otherwise.
 */
export function isBalanced(debits: unknown[][], credits: unknown[][], currency?: string): boolean {
  try {
    return balanced(debits, credits, currency);
  } catch (error) {
    throw cellError(formulaErrorOf(error));
  }
}
