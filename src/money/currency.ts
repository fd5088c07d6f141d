// How many decimals a currency's amounts have (ISO 4217 minor units: JPY 0, USD 2, KWD 3), from
// the platform's own ISO data (Intl.NumberFormat), so no table of ours goes stale.
import { MONEY_PLACES } from "./money";

/** A currency's decimals, and whether the platform knows the code (else the default is used). */
export interface MinorUnits {
  readonly places: number;
  readonly known: boolean;
}

const cache = new Map<string, MinorUnits>();

function knownCodes(): ReadonlySet<string> | null {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? new Set(intl.supportedValuesOf("currency")) : null;
}

let codes: ReadonlySet<string> | null | undefined;

/**
 * The decimals of `code` (three letters, any case). A code the platform does not know, or text
 * that is no currency code, gets {@link MONEY_PLACES} with `known: false`, for the caller to say.
 */
export function currencyMinorUnits(code: string): MinorUnits {
  const upper = code.trim().toUpperCase();
  const cached = cache.get(upper);
  if (cached) return cached;
  let result: MinorUnits = { places: MONEY_PLACES, known: false };
  if (/^[A-Z]{3}$/.test(upper)) {
    const places = new Intl.NumberFormat("en", {
      style: "currency",
      currency: upper,
    }).resolvedOptions().maximumFractionDigits;
    codes ??= knownCodes();
    // ICU gives unknown codes two decimals; one it lists, or one with other decimals, it knows.
    const known = codes === null || codes.has(upper) || places !== MONEY_PLACES;
    result = { places: known ? (places ?? MONEY_PLACES) : MONEY_PLACES, known };
  }
  cache.set(upper, result);
  return result;
}

/** Excel's number format for amounts of `places` decimals: `#,##0`, `#,##0.00`, `#,##0.000`. */
export function moneyFormatFor(places: number): string {
  return places === 0 ? "#,##0" : `#,##0.${"0".repeat(places)}`;
}
