// Reads a journal sheet back into a draft: finds the lines table and the totals by the rows the
// add-in's hidden names mark (never by a label a user may type), the fields by their labels
// above the lines, reads every cell exactly, and checks.

import {
  SPREADSHEET_DIGITS,
  currencyMinorUnits,
  formatMoney,
  placesInWords,
  settleSpreadsheetNumber,
  sumMoney,
} from "../money";
import type { Money } from "../money";
import { cellAddress, columnLetter, compareAddresses } from "../sheets/cellAddresses";
import { SERVICE_DECIMALS } from "../api/config";
import type { CellDisplay } from "../money";
import {
  type AmountReading,
  CellInput,
  Reading,
  readAmount,
  readDateText,
  readRateText,
  readText,
} from "./cellReading";
import type { GridSnapshot, JournalRowMarks, SheetProblem } from "./contract";
import { formulaOperands } from "./formulaOperands";
import type { JournalDraft, JournalDraftLine, JournalSheetAddresses } from "./draft";
import { hiddenValueProblems } from "./hiddenLines";
import {
  INPUT_FIELD_LABELS,
  InputField,
  LINE_COLUMNS,
  LineInput,
  TOTAL_LABEL,
  labelKey,
} from "./journalSheet";
import {
  fieldPlace,
  fillAccountIds,
  linePlace,
  validateJournalDraft,
  type AccountKnowledge,
} from "./validate";

/** How a journal sheet is read. */
export interface ReadingOptions {
  /** The decimals the service keeps of amounts and rates; default {@link SERVICE_DECIMALS}. */
  readonly serviceDecimals?: number;
}

/** What the reader made of a journal sheet. */
export interface JournalGridReading {
  /** The journal to send; null whenever `problems` is not empty. */
  readonly draft: JournalDraft | null;
  /** What stops the journal from being sent, in sheet order (top to bottom, then whole-journal). */
  readonly problems: readonly SheetProblem[];
  /** Information only (severity "info"): what the reader did, such as filling in an account id. */
  readonly notices: readonly SheetProblem[];
}

const LABEL_COLUMN = 0;
const VALUE_COLUMN = 1;
const REOPEN = "put it back, or open the journal again to redraw the sheet";
const UNDO = "undo that, or open the journal again to redraw the sheet";

/** Cells of the snapshot by one-based row and zero-based column; "" outside it. */
class Grid {
  constructor(private readonly snapshot: GridSnapshot) {}

  get rowCount(): number {
    return this.snapshot.values.length;
  }

  value(row: number, column: number): CellInput {
    return this.snapshot.values[row - 1]?.[column] ?? "";
  }

  formula(row: number, column: number): CellInput {
    return this.snapshot.formulas[row - 1]?.[column] ?? this.value(row, column);
  }

  /** The cell's number format and displayed text, when the snapshot has them. */
  display(row: number, column: number): CellDisplay | undefined {
    const numberFormat = this.snapshot.numberFormats?.[row - 1]?.[column];
    if (numberFormat === undefined) return undefined;
    return { numberFormat, text: this.snapshot.texts?.[row - 1]?.[column] ?? "" };
  }

  width(row: number): number {
    return this.snapshot.values[row - 1]?.length ?? 0;
  }
}

/** Where the sheet's parts are, found by their texts. */
interface Structure {
  readonly headerRow: number;
  readonly totalRow: number;
  readonly differenceRow: number | null;
  readonly fieldRows: Readonly<Record<InputField, number>>;
  /** Zero-based column of each line field that has its header; line facts may be missing. */
  readonly columns: ReadonlyMap<string, number>;
  readonly addresses: JournalSheetAddresses;
}

/**
 * Reads `grid` (the sheet from A1, as Excel reports values and formulas) into a draft and checks
 * it. The lines table's header row and the Total row are the rows the snapshot's marks name
 * (the add-in's hidden names); the lines are the rows between them, the columns found by their
 * headers in the marked header row, the fields by their labels in column A above it. Rows whose
 * input cells are all empty are ignored; a row under the Total row with content is refused.
 * `accounts` (the lines as drawn, the open journals' accounts) resolves a changed Account code
 * to an ID. Amounts are read with the currency's decimals, at most the service's, and must show
 * as they are sent.
 */
export function parseJournalGrid(
  snapshot: GridSnapshot,
  accounts: AccountKnowledge = {},
  options: ReadingOptions = {},
): JournalGridReading {
  const grid = new Grid(snapshot);
  const located = locate(grid, snapshot.marks);
  if (Array.isArray(located)) return { draft: null, problems: located, notices: [] };
  const { addresses } = located;

  const problems: SheetProblem[] = [];
  const reported = new Set<string>();
  const refuse = (address: string, message: string): void => {
    problems.push({ address, message });
    reported.add(address);
  };
  const field = <T>(
    name: InputField,
    read: (value: CellInput, formula: CellInput) => Reading<T>,
    empty: T,
  ): T => {
    const row = located.fieldRows[name];
    const reading = read(grid.value(row, VALUE_COLUMN), grid.formula(row, VALUE_COLUMN));
    if (reading.ok) return reading.value;
    refuse(addresses[name], `${fieldPlace(addresses, name)}: ${reading.message}`);
    return empty;
  };
  const transactionDate = field("transactionDate", readDateText, "");
  const currency = field("currency", readText, "").trim();
  const exchangeRate = field("exchangeRate", readRateText, "");
  const description = field("description", readText, "");

  const minor = currencyMinorUnits(currency);
  const serviceDecimals = options.serviceDecimals ?? SERVICE_DECIMALS;
  const amounts = { places: Math.min(minor.places, serviceDecimals), currencyPlaces: minor.places };
  const standingAmounts = new Map<string, Money>();
  const accountNames = new Map<number, string>();
  const lines = readLines(grid, located, refuse, amounts, standingAmounts, accountNames);
  const fill = fillAccountIds(lines, addresses, {
    alreadyReported: reported,
    ...accounts,
    accountNames,
  });
  for (const problem of fill.problems) {
    if (problem.address !== null) refuse(problem.address, problem.message);
  }
  const draft: JournalDraft = {
    transactionDate,
    currency,
    exchangeRate,
    description,
    lines: fill.lines,
  };
  problems.push(
    ...validateJournalDraft(draft, addresses, {
      alreadyReported: reported,
      standingAmounts,
      serviceDecimals,
    }),
  );
  problems.push(
    ...hiddenValueProblems(
      { rows: snapshot.hiddenRows, columns: snapshot.hiddenColumns },
      { ...located, valueColumn: VALUE_COLUMN },
      fill.lines,
    ),
  );
  problems.push(...strayRowProblems(grid, located));
  const notices = [...fill.notices, ...totalsNotices(grid, located, fill.lines, reported)];
  if (!minor.known && /^[A-Za-z]{3}$/.test(currency)) {
    notices.push({
      address: addresses.currency,
      message: `${fieldPlace(addresses, "currency")}: ${currency} is not a currency this computer knows (ISO 4217), so amounts were checked with ${placesInWords(minor.places)}; the server decides whether it accepts it`,
      severity: "info",
    });
  }
  const sorted = inSheetOrder(problems);
  return { draft: sorted.length === 0 ? draft : null, problems: sorted, notices };
}

function locate(grid: Grid, marks: JournalRowMarks | undefined): Structure | SheetProblem[] {
  const { headerRow = null, totalRow = null, differenceRow = null } = marks ?? {};
  if (headerRow === null || totalRow === null || totalRow <= headerRow) {
    return [
      {
        address: null,
        message:
          headerRow === null
            ? `The lines table's header row was deleted, so where the lines start is not known; ${UNDO}`
            : `The “${TOTAL_LABEL}” row under the lines was deleted, so where the lines end is not known; ${UNDO}`,
      },
    ];
  }
  const problems: SheetProblem[] = [];
  const columns = new Map<string, number>();
  for (let column = grid.width(headerRow) - 1; column >= 0; column--) {
    const key = labelKey(grid.value(headerRow, column));
    const match = LINE_COLUMNS.find((candidate) => labelKey(candidate.header) === key);
    if (match) columns.set(match.key, column); // leftmost wins
  }
  for (const column of LINE_COLUMNS) {
    if (column.input && !columns.has(column.key)) {
      problems.push({
        address: cellAddress(0, headerRow),
        message: `The lines table (row ${headerRow}) has no “${column.header}” column; ${REOPEN}`,
      });
    }
  }

  const fieldRows: Partial<Record<InputField, number>> = {};
  for (let row = headerRow - 1; row >= 1; row--) {
    const key = labelKey(grid.value(row, LABEL_COLUMN));
    for (const [name, label] of Object.entries(INPUT_FIELD_LABELS)) {
      if (labelKey(label) === key) fieldRows[name as InputField] = row; // topmost wins
    }
  }
  for (const [name, label] of Object.entries(INPUT_FIELD_LABELS)) {
    if (fieldRows[name as InputField] === undefined) {
      problems.push({
        address: null,
        message: `The “${label}” field was not found (its label in column A, above the lines); ${REOPEN}`,
      });
    }
  }

  if (problems.length > 0) return problems;

  const letter = (key: LineInput): string => columnLetter(columns.get(key) ?? 0);
  const rows = fieldRows as Record<InputField, number>;
  const addresses: JournalSheetAddresses = {
    transactionDate: cellAddress(VALUE_COLUMN, rows.transactionDate),
    currency: cellAddress(VALUE_COLUMN, rows.currency),
    exchangeRate: cellAddress(VALUE_COLUMN, rows.exchangeRate),
    description: cellAddress(VALUE_COLUMN, rows.description),
    lineColumns: {
      accountId: letter("accountId"),
      accountCode: letter("accountCode"),
      description: letter("description"),
      debit: letter("debit"),
      credit: letter("credit"),
      taxId: letter("taxId"),
      contactId: letter("contactId"),
      staffId: letter("staffId"),
    },
    difference: differenceRow === null ? null : `${letter("debit")}${differenceRow}`,
  };
  return { headerRow, totalRow, differenceRow, fieldRows: rows, columns, addresses };
}

function headerOf(key: string): string {
  return LINE_COLUMNS.find((column) => column.key === key)?.header ?? key;
}

/**
 * Rows under the Total row that hold something in a line's input column: the add-in cannot
 * place them (they are not lines: Send would leave them out), so each is refused at its first
 * such cell rather than dropped unseen. The Difference row is the add-in's own.
 */
function strayRowProblems(grid: Grid, structure: Structure): SheetProblem[] {
  const inputs = LINE_COLUMNS.filter((column) => column.input).flatMap((column) => {
    const at = structure.columns.get(column.key);
    return at === undefined ? [] : [at];
  });
  inputs.sort((a, b) => a - b);
  const problems: SheetProblem[] = [];
  const own = new Set([structure.totalRow, structure.differenceRow]);
  for (let row = structure.totalRow + 1; row <= grid.rowCount; row++) {
    if (own.has(row)) continue;
    const column = inputs.find((at) => {
      const value = grid.value(row, at);
      return !(typeof value === "string" && value.trim() === "");
    });
    if (column === undefined) continue;
    problems.push({
      address: cellAddress(column, row),
      message:
        `Row ${row} (${cellAddress(column, row)}) is under the ${TOTAL_LABEL} row (row ` +
        `${structure.totalRow}), so it is not a line and would not be sent. To add a line, ` +
        `insert a row above row ${structure.totalRow} and move it there; otherwise clear it`,
    });
  }
  return problems;
}

type TextInput = Exclude<LineInput, "debit" | "credit">;

/** The non-blank rows between the header row and the Total row, as draft lines. */
function readLines(
  grid: Grid,
  structure: Structure,
  refuse: (address: string, message: string) => void,
  amounts: Pick<AmountReading, "places" | "currencyPlaces">,
  standingAmounts: Map<string, Money>,
  accountNames: Map<number, string>,
): JournalDraftLine[] {
  const inputs = LINE_COLUMNS.filter((column) => column.input).map((column) => column.key);
  // Every input column was found by locate(); a missing fact column (Line ID) reads as empty.
  const at = (key: string): number => structure.columns.get(key) ?? -1;
  const lines: JournalDraftLine[] = [];
  for (let row = structure.headerRow + 1; row < structure.totalRow; row++) {
    const blank = inputs.every((key) => {
      const value = grid.value(row, at(key));
      return typeof value === "string" && value.trim() === "";
    });
    if (blank) continue;
    const position = lines.length + 1;
    const failed = (key: LineInput, message: string): void => {
      const place = linePlace(structure.addresses, position, { row }, key);
      refuse(`${structure.addresses.lineColumns[key]}${row}`, `${place}: ${message}`);
    };
    const text = (key: TextInput): string => {
      const reading = readText(grid.value(row, at(key)), grid.formula(row, at(key)));
      if (!reading.ok) failed(key, reading.message);
      else return key === "description" ? reading.value : reading.value.trim();
      return "";
    };
    const amount = (key: "debit" | "credit"): Partial<Record<"debit" | "credit", Money>> => {
      const operands = formulaOperands(grid.formula(row, at(key)), (r, c) => grid.value(r, c));
      const display = grid.display(row, at(key));
      const reading = readAmount(grid.value(row, at(key)), {
        ...amounts,
        ...(operands === null ? {} : { operands: { values: operands } }),
        ...(display === undefined ? {} : { display }),
      });
      if (!reading.ok) {
        failed(key, reading.message);
        if (reading.standing !== undefined) {
          standingAmounts.set(`${structure.addresses.lineColumns[key]}${row}`, reading.standing);
        }
      } else if (reading.value !== undefined) return { [key]: reading.value };
      return {};
    };
    const lineId = readText(grid.value(row, at("lineId")), "");
    const accountName = readText(grid.value(row, at("accountName")), "");
    lines.push({
      row,
      accountId: text("accountId"),
      accountCode: text("accountCode"),
      description: text("description"),
      ...amount("debit"),
      ...amount("credit"),
      taxId: text("taxId"),
      contactId: text("contactId"),
      staffId: text("staffId"),
      lineId: lineId.ok ? lineId.value.trim() : "",
    });
    accountNames.set(row, accountName.ok ? accountName.value.trim() : "");
  }
  return lines;
}

/**
 * The Total row's formulas are the sheet's live check; a user may replace them, and a plain SUM
 * range (as a user may type one) misses a row inserted just above the Total row. Validation reads every
 * line regardless, but the user should know why the sheet's own balance may disagree.
 */
function totalsNotices(
  grid: Grid,
  structure: Structure,
  lines: readonly JournalDraftLine[],
  reported: ReadonlySet<string>,
): SheetProblem[] {
  if (lines.length === 0) return [];
  const notices: SheetProblem[] = [];
  for (const key of ["debit", "credit"] as const) {
    const column = structure.columns.get(key);
    if (column === undefined) continue;
    const address = cellAddress(column, structure.totalRow);
    const formula = grid.formula(structure.totalRow, column);
    const letter = columnLetter(column);
    const text = String(formula).replace(/\s/g, "");
    // The layout's own total (under the header row down to the row above Total), or a plain
    // SUM range (a user's own).
    const toAbove =
      /^=SUM\(INDEX\(\$?([A-Z]+):\$?\1,ROW\(\$?\1\$?(\d+)\)\+1\):INDEX\(\$?\1:\$?\1,ROW\(\)-1\)\)$/i.exec(
        text,
      );
    const range = toAbove
      ? [
          text,
          toAbove[1],
          String(Number(toAbove[2]) + 1),
          toAbove[1],
          String(structure.totalRow - 1),
        ]
      : /^=SUM\(\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)\)$/i.exec(text);
    const place = `${TOTAL_LABEL} ${headerOf(key)} (${address})`;
    // With an amount of the column refused, the lines' sum is not what would be sent (nothing
    // would be): comparing the Total with it would mislead.
    const refusedAmount = lines.some((line) => reported.has(`${letter}${line.row}`));
    const shows = refusedAmount
      ? null
      : totalDifference(grid.value(structure.totalRow, column), lines, key);
    if (!range || range[1]?.toUpperCase() !== letter || range[3]?.toUpperCase() !== letter) {
      notices.push({
        address,
        message: `${place}: ${String(formula) === "" ? "is empty" : `holds ${String(formula)}`} instead of the sum of the ${headerOf(key)} column, so the sheet's own balance may be wrong${shows ? `: ${shows}` : ""}; Validate checks every line`,
        severity: "info",
      });
      continue;
    }
    const first = Number(range[2]);
    const last = Number(range[4]);
    const outside = lines
      .filter((line) => line.row < first || line.row > last)
      .map((line) => line.row);
    if (outside.length > 0) {
      notices.push({
        address,
        message: `${place}: ${String(formula)} leaves out row${outside.length === 1 ? "" : "s"} ${outside.join(", ")}, so the sheet's own balance may be wrong${shows ? `: ${shows}` : ""}; Validate checks every line`,
        severity: "info",
      });
    } else if (shows) {
      notices.push({
        address,
        message: `${place}: ${shows}; check its formula and the lines before sending`,
        severity: "info",
      });
    }
  }
  return notices;
}

/**
 * "it shows 2,400.00 while the lines add up to 2,500.00, which is what would be sent", or null
 * when the Total cell shows the lines' exact sum (as Excel shows numbers: 15 significant digits)
 * or is empty (said elsewhere).
 */
function totalDifference(
  shown: CellInput,
  lines: readonly JournalDraftLine[],
  key: "debit" | "credit",
): string | null {
  if (shown === "") return null;
  const exact = sumMoney(lines.flatMap((line) => (line[key] ? [line[key]] : [])));
  const settled = typeof shown === "number" ? settleSpreadsheetNumber(shown) : null;
  if (settled !== null && settled.equals(exact.toSignificantDigits(SPREADSHEET_DIGITS)))
    return null;
  const text = (value: Money): string =>
    formatMoney(value, { places: Math.max(2, value.decimalPlaces()), grouping: true });
  const what = settled !== null ? text(settled) : String(shown);
  return `it shows ${what} while the lines add up to ${text(exact)}, which is what would be sent`;
}

/** Problems top to bottom, left to right; problems of the whole journal last (sort is stable). */
function inSheetOrder(problems: readonly SheetProblem[]): SheetProblem[] {
  return [...problems].sort((a, b) => compareAddresses(a.address, b.address));
}
