// LEDGER.* custom functions. custom-functions-metadata-plugin generates functions.json from the
// JSDoc tags below and registers each function, so nothing here calls CustomFunctions.associate.
import { ADDIN_VERSION } from "../version";

/**
 * The version of the Ledger Sheets add-in that calculated this cell.
 * @customfunction VERSION
 * @returns The add-in version, for example "0.1.0".
 */
export function addInVersion(): string {
  return ADDIN_VERSION;
}
