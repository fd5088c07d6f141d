// How many decimals a currency's amounts have (ISO 4217 minor units: JPY 0, USD 2, KWD 3), and
// how many of them a journal may send: the fewer of the currency's and the service's.
import { ISO_4217_MINOR_UNITS } from "./iso4217";
import { MONEY_PLACES } from "./money";

/** A currency's decimals, and whether ISO 4217 lists the code (else the default is used). */
export interface MinorUnits {
  readonly places: number;
  readonly known: boolean;
}

/**
 * The decimals of `code` (three letters, any case), from ISO 4217 ({@link ISO_4217_MINOR_UNITS}).
 * A code the list does not have, or text that is no currency code, gets {@link MONEY_PLACES}
 * with `known: false`, for the caller to say.
 */
export function currencyMinorUnits(code: string): MinorUnits {
  const places = ISO_4217_MINOR_UNITS.get(code.trim().toUpperCase());
  return places === undefined ? { places: MONEY_PLACES, known: false } : { places, known: true };
}

/**
 * The decimals an amount in `code` may be sent with: the currency's, but never more than the
 * service keeps (`serviceDecimals`: two per the contract), since a digit beyond them would be
 * refused or rounded away by the server. KWD gives 2 where the service keeps two, JPY 0.
 */
export function sendablePlaces(code: string, serviceDecimals: number): number {
  return Math.min(currencyMinorUnits(code).places, serviceDecimals);
}

/** Excel's number format for amounts of `places` decimals: `#,##0`, `#,##0.00`, `#,##0.000`. */
export function moneyFormatFor(places: number): string {
  return places === 0 ? "#,##0" : `#,##0.${"0".repeat(places)}`;
}
