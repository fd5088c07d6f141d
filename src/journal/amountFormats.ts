// Formats follow the currency: when the journal's Currency cell no longer has the decimals the
// amount cells were drawn with (JPY changed to USD, USD to KWD), what to redraw so that the
// amounts, the totals and the balance check show the new currency's decimals.
//
// Checked when the sheet is validated (and so before every Send), not on Worksheet.onChanged:
// Microsoft's events article says event handlers do not persist across sessions and are
// destroyed when the add-in refreshes or closes, so a currency changed while the pane was closed,
// or on a computer without the add-in, would never be seen by an event. Validate always runs.

import { currencyMinorUnits, moneyFormatFor } from "../money";
import { SERVICE_DECIMALS } from "../api/config";
import { differenceFormula } from "./balanceFormulas";
import { cellAddress, columnLetter } from "../sheets/cellAddresses";
import type { GridSnapshot } from "./contract";
import { INPUT_FIELD_LABELS, LINE_COLUMNS, labelKey } from "./journalSheet";

/** The writes that make a sheet's amounts follow its currency. */
export interface AmountFormatsRedraw {
  readonly currency: string;
  readonly currencyAddress: string;
  readonly places: number;
  /** Ranges ("F19:F31") and the number format each gets. */
  readonly formats: readonly { readonly address: string; readonly numberFormat: string }[];
  /** The Difference cell and its formula for the new decimals; null when the sheet has none. */
  readonly difference: { readonly address: string; readonly formula: string } | null;
}

const AMOUNT_KEYS = ["debit", "credit", "taxAmount"] as const;

/**
 * What to redraw on the sheet `snapshot` reads, drawn with `drawnPlaces` decimals; null when the
 * Currency cell's currency has those decimals, or when the sheet cannot tell (no marks, no
 * currency code: Validate says what is wrong there).
 */
export function amountFormatsToRedraw(
  snapshot: GridSnapshot,
  drawnPlaces: number | undefined,
): AmountFormatsRedraw | null {
  const { headerRow = null, totalRow = null, differenceRow = null } = snapshot.marks ?? {};
  if (drawnPlaces === undefined || headerRow === null || totalRow === null) return null;
  const cell = (row: number, column: number) => snapshot.values[row - 1]?.[column] ?? "";
  let currencyRow: number | null = null;
  for (let row = headerRow - 1; row >= 1; row--) {
    if (labelKey(cell(row, 0)) === labelKey(INPUT_FIELD_LABELS.currency)) currencyRow = row;
  }
  if (currencyRow === null) return null;
  const currency = String(cell(currencyRow, 1)).trim();
  if (!/^[A-Z]{3}$/.test(currency)) return null;
  const { places } = currencyMinorUnits(currency);
  if (places === drawnPlaces) return null;

  const letters = new Map<string, string>();
  const headers = snapshot.values[headerRow - 1] ?? [];
  for (const key of AMOUNT_KEYS) {
    const header = LINE_COLUMNS.find((column) => column.key === key)?.header ?? key;
    const at = headers.findIndex((text) => labelKey(text) === labelKey(header));
    if (at >= 0) letters.set(key, columnLetter(at));
  }
  const numberFormat = moneyFormatFor(places);
  const formats = [...letters.values()].map((letter) => ({
    address: `${letter}${headerRow + 1}:${letter}${totalRow}`,
    numberFormat,
  }));
  const debit = letters.get("debit");
  const credit = letters.get("credit");
  const difference =
    debit === undefined || credit === undefined || differenceRow === null
      ? null
      : {
          address: `${debit}${differenceRow}`,
          formula: differenceFormula({
            debit,
            credit,
            headerRow,
            totalRow,
            places: Math.min(places, SERVICE_DECIMALS),
          }),
        };
  if (difference) formats.push({ address: difference.address, numberFormat });
  return { currency, currencyAddress: cellAddress(1, currencyRow), places, formats, difference };
}
