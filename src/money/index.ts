// The money module's public surface: exact decimals for amounts and exchange rates.

export { MoneyDecimal, DECIMAL_TEXT } from "./decimal";
export type { Money } from "./decimal";
export type { MoneyProblem, MoneyProblemCode, MoneyResult } from "./moneyProblem";
export {
  MONEY_PLACES,
  compareMoney,
  decimalsOfText,
  formatMoney,
  moneyEquals,
  parseMoney,
  placesInWords,
  sumMoney,
  tooManyDecimals,
  toWireDecimal,
} from "./money";
export type { FormatMoneyOptions } from "./money";
export {
  LARGEST_MINOR_UNITS,
  SPREADSHEET_DIGITS,
  centsFromSpreadsheetNumber,
  largestExactAmount,
  settleSpreadsheetNumber,
  toSpreadsheetNumber,
} from "./spreadsheetNumber";
export type { FormulaOperands, SettledAmount } from "./spreadsheetNumber";
export type { MinorUnits } from "./currency";
export { currencyMinorUnits, moneyFormatFor, sendablePlaces } from "./currency";
export { ISO_4217_MINOR_UNITS } from "./iso4217";
export { formatDecimals } from "./numberFormatDecimals";
export type { FormatDecimals } from "./numberFormatDecimals";
export { shownAmountProblem } from "./shownAmount";
export type { CellDisplay } from "./shownAmount";
export { RATE_PLACES, parseRate, rateFromSpreadsheetNumber } from "./rate";
