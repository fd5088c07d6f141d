// The rules a journal draft must pass before it is sent, each problem naming its cell; and the
// account ids a line may take from another line with the same account code.

import { SERVICE_DECIMALS } from "../api/config";
import {
  Money,
  MoneyDecimal,
  formatMoney,
  parseRate,
  placesInWords,
  sendablePlaces,
  sumMoney,
  tooManyDecimals,
} from "../money";
import { quoteText } from "../money/money";
import { readDateSerial } from "../sheets/excelDates";
import { asClause } from "./cellReading";
import type { KnownAccount, SheetProblem } from "./contract";
import type { JournalDraft, JournalDraftLine, JournalSheetAddresses } from "./draft";
import { INPUT_FIELD_LABELS, InputField, LINE_COLUMNS, LineInput } from "./journalSheet";

export interface ValidateOptions {
  /**
   * Cells already reported by the reader (a cell showing #VALUE!, an amount with sub-cent
   * digits): the rules say nothing more about them, and do not judge the balance while an amount
   * is unknown.
   */
  readonly alreadyReported?: ReadonlySet<string>;
  /**
   * Refused amounts whose value is still plain (2500.005, refused for its third decimal), by
   * cell: the balance is judged with them as they stand, so an imbalance shows in the same pass
   * rather than after the amount is fixed.
   */
  readonly standingAmounts?: ReadonlyMap<string, Money>;
  /** The decimals the service keeps of amounts and rates; default {@link SERVICE_DECIMALS}. */
  readonly serviceDecimals?: number;
}

const DATE_EXAMPLE = "2026-01-31";
const MINIMUM_LINES = 2;

/** "Currency (B8)". */
export function fieldPlace(addresses: JournalSheetAddresses, field: InputField): string {
  return `${INPUT_FIELD_LABELS[field]} (${addresses[field]})`;
}

/** The address of a line's cell. */
function lineAddress(
  addresses: JournalSheetAddresses,
  line: Pick<JournalDraftLine, "row">,
  column: LineInput,
): string {
  return `${addresses.lineColumns[column]}${line.row}`;
}

/** "Line 4, Credit (G21)": the line's position among the non-blank lines, and the real cell. */
export function linePlace(
  addresses: JournalSheetAddresses,
  position: number,
  line: Pick<JournalDraftLine, "row">,
  column: LineInput,
): string {
  return `Line ${position}, ${headerOf(column)} (${lineAddress(addresses, line, column)})`;
}

function headerOf(column: LineInput): string {
  return LINE_COLUMNS.find((candidate) => candidate.key === column)?.header ?? column;
}

/**
 * Every problem of `draft`: a real date, a three-letter currency, a positive rate, at least two
 * lines, an account on every line, exactly one positive amount of whole minor units of the currency
 * (cents; none for JPY, three decimals for KWD) per line, and
 * debits equal to credits (exactly, in decimal). Empty when the draft can be sent.
 */
export function validateJournalDraft(
  draft: JournalDraft,
  addresses: JournalSheetAddresses,
  options: ValidateOptions = {},
): SheetProblem[] {
  const reported = options.alreadyReported ?? new Set<string>();
  const problems: SheetProblem[] = [];
  // Whole minor units of the journal's currency (cents mostly, none for JPY), at most as many
  // decimals as the service keeps: a third KWD decimal would be refused by the server.
  const serviceDecimals = options.serviceDecimals ?? SERVICE_DECIMALS;
  const places = sendablePlaces(draft.currency, serviceDecimals);
  const report = (address: string | null, message: string): void => {
    if (address === null || !reported.has(address)) problems.push({ address, message });
  };

  const dateProblem = checkDate(draft.transactionDate);
  if (dateProblem) {
    report(
      addresses.transactionDate,
      `${fieldPlace(addresses, "transactionDate")}: ${dateProblem}`,
    );
  }
  const currencyProblem = checkCurrency(draft.currency);
  if (currencyProblem) {
    report(addresses.currency, `${fieldPlace(addresses, "currency")}: ${currencyProblem}`);
  }
  const rateProblem = checkRate(draft.exchangeRate, serviceDecimals);
  if (rateProblem) {
    report(addresses.exchangeRate, `${fieldPlace(addresses, "exchangeRate")}: ${rateProblem}`);
  }

  let amountsKnown = true;
  const standing = options.standingAmounts ?? new Map<string, Money>();
  /** Each line's amounts for the balance: as read, or a refused one as it stands. */
  const balanceLines: { debit?: Money; credit?: Money }[] = [];
  const asItStands: string[] = [];
  draft.lines.forEach((line, index) => {
    const position = index + 1;
    const place = (column: LineInput): string => linePlace(addresses, position, line, column);
    const address = (column: LineInput): string => lineAddress(addresses, line, column);
    if (line.accountId.trim() === "") {
      report(address("accountId"), `${place("accountId")}: enter the account's ID`);
    }
    if (reported.has(address("debit")) || reported.has(address("credit"))) {
      const sides: { debit?: Money; credit?: Money } = {};
      for (const side of ["debit", "credit"] as const) {
        const cell = address(side);
        if (!reported.has(cell)) {
          if (line[side] !== undefined) sides[side] = line[side];
          continue;
        }
        const value = standing.get(cell);
        if (value === undefined) amountsKnown = false;
        else {
          sides[side] = value;
          asItStands.push(cell);
        }
      }
      balanceLines.push(sides);
      return;
    }
    balanceLines.push(line);
    const sideProblems = checkSides(line, places, place, address);
    if (sideProblems.length > 0) amountsKnown = false;
    for (const [cell, message] of sideProblems) report(cell, message);
  });

  if (draft.lines.length < MINIMUM_LINES) {
    const has = draft.lines.length === 0 ? "none" : String(draft.lines.length);
    report(null, `The journal needs at least two lines; the sheet has ${has}`);
  }

  if (amountsKnown && draft.lines.length > 0) {
    const debits = sumMoney(balanceLines.map((line) => line.debit ?? new MoneyDecimal(0)));
    const credits = sumMoney(balanceLines.map((line) => line.credit ?? new MoneyDecimal(0)));
    if (!debits.equals(credits)) {
      const counting =
        asItStands.length === 0
          ? ""
          : `, counting ${asItStands.join(", ")} as ${asItStands.length === 1 ? "it stands" : "they stand"}`;
      report(
        addresses.difference,
        `Debits ${shown(debits, places)} and credits ${shown(credits, places)} differ by ${shown(debits.minus(credits).abs(), places)}${counting}`,
      );
    }
  }
  return problems;
}

/** An amount for a message: grouped, with the currency's decimals, or more when it has them. */
function shown(amount: Money, places: number): string {
  return formatMoney(amount, {
    grouping: true,
    places: Math.max(places, amount.decimalPlaces()),
  });
}

function checkDate(text: string): string | null {
  if (text === "") return `enter the date as YYYY-MM-DD, for example ${DATE_EXAMPLE}`;
  const serial = readDateSerial(text);
  if (serial.ok) return null;
  if (serial.problem === "out-of-range") {
    return `${quoteText(text)} is outside the dates a sheet can hold (1900-03-01 to 9999-12-31)`;
  }
  return `${quoteText(text)} is not a date; type it as YYYY-MM-DD, for example ${DATE_EXAMPLE}`;
}

function checkCurrency(text: string): string | null {
  if (/^[A-Z]{3}$/.test(text)) return null;
  if (text === "") return "enter a three-letter code such as USD";
  if (/^[A-Za-z]{3}$/.test(text))
    return `write ${quoteText(text)} in capitals: ${text.toUpperCase()}`;
  return `${quoteText(text)} is not a currency code; use a three-letter code such as USD`;
}

function checkRate(text: string, serviceDecimals: number): string | null {
  if (text === "") return "enter a rate greater than zero, such as 1.00";
  const rate = parseRate(text);
  if (!rate.ok) return asClause(rate.problem.message);
  if (rate.value.decimalPlaces() <= serviceDecimals) return null;
  // The server would store it rounded, and say so only after the save.
  const stored = rate.value.toDecimalPlaces(serviceDecimals);
  return (
    `the service keeps ${placesInWords(serviceDecimals)} of an exchange rate, so ${text} would ` +
    `be stored as ${stored.toFixed(serviceDecimals)}; enter the rate with at most ` +
    `${placesInWords(serviceDecimals)}`
  );
}

/** The problems of a line's Debit and Credit, as [cell, message]. */
function checkSides(
  line: JournalDraftLine,
  places: number,
  place: (column: LineInput) => string,
  address: (column: LineInput) => string,
): [string, string][] {
  const problems: [string, string][] = [];
  const sides = [
    { column: "debit", other: "credit", amount: line.debit },
    { column: "credit", other: "debit", amount: line.credit },
  ] as const;
  for (const { column, other, amount } of sides) {
    if (amount === undefined) continue;
    if (amount.isNegative() && !amount.isZero()) {
      const positive = formatMoney(amount.abs(), { places });
      problems.push([
        address(column),
        `${place(column)}: ${formatMoney(amount, { places })} is negative; enter ${positive} in ` +
          `${headerOf(other)} (${address(other)}) instead`,
      ]);
    } else if (amount.decimalPlaces() > places) {
      problems.push([
        address(column),
        `${place(column)}: ${amount.toString()} ${tooManyDecimals(places)}`,
      ]);
    }
  }
  if (problems.length > 0) return problems;
  const debit = line.debit !== undefined && line.debit.greaterThan(0);
  const credit = line.credit !== undefined && line.credit.greaterThan(0);
  if (debit && credit) {
    problems.push([
      address("credit"),
      `${place("credit")}: the line also has a debit (${address("debit")}); ` +
        "enter its amount in Debit or in Credit, not both",
    ]);
  } else if (!debit && !credit) {
    problems.push([
      address("debit"),
      `${place("debit")}: enter an amount greater than zero in Debit or in Credit (${address("credit")})`,
    ]);
  }
  return problems;
}

/** The outcome of filling blank account ids from account codes. */
export interface AccountFill {
  readonly lines: readonly JournalDraftLine[];
  /** What was filled in, as information (severity "info"). */
  readonly notices: readonly SheetProblem[];
  /** Blank ids that could not be filled, and codes that contradict their ids. */
  readonly problems: readonly SheetProblem[];
}

/**
 * A line whose Account ID is blank takes the id of the other lines with the same account code,
 * when they agree on one id; the user is told where it came from. A line whose code is used by
 * another line with a different id is refused: one of its cells was edited and not the other.
 * Lines whose Account ID cell was already reported (it shows an error) are left alone.
 */
export function fillAccountIds(
  given: readonly JournalDraftLine[],
  addresses: JournalSheetAddresses,
  options: ValidateOptions & AccountKnowledge = {},
): AccountFill {
  const reported = options.alreadyReported ?? new Set<string>();
  const resolved = resolveChangedCodes(given, addresses, options, reported);
  const lines = resolved.lines;
  const known = new Map<string, { position: number; accountId: string }[]>();
  lines.forEach((line, index) => {
    const code = line.accountCode.trim();
    if (code === "" || line.accountId === "") return;
    const users = known.get(code) ?? [];
    users.push({ position: index + 1, accountId: line.accountId });
    known.set(code, users);
  });

  const notices: SheetProblem[] = [...resolved.notices];
  const problems: SheetProblem[] = [...resolved.problems];
  const filled = lines.map((line, index) => {
    const position = index + 1;
    const code = line.accountCode.trim();
    const users = known.get(code) ?? [];
    if (code === "" || reported.has(lineAddress(addresses, line, "accountId"))) return line;
    if (resolved.refusedCodes.has(index)) return line;
    const place = (column: LineInput): string => linePlace(addresses, position, line, column);
    if (line.accountId !== "") {
      const first = users[0];
      if (first && first.accountId !== line.accountId) {
        problems.push({
          address: lineAddress(addresses, line, "accountCode"),
          message:
            `${place("accountCode")}: line ${first.position} has account code ${code} with ` +
            `Account ID ${first.accountId}, but this line's Account ID ` +
            `(${lineAddress(addresses, line, "accountId")}) is ${line.accountId}; correct one of them`,
        });
      }
      return line;
    }
    const ids = [...new Set(users.map((user) => user.accountId))];
    const address = lineAddress(addresses, line, "accountId");
    if (ids.length === 1 && users[0]) {
      notices.push({
        address,
        message: `${place("accountId")}: taken from line ${users[0].position}, which has the same account code ${code}`,
        severity: "info",
      });
      return { ...line, accountId: users[0].accountId };
    }
    const elsewhere = ids.length === 0 ? idsOfCode(options, code) : [];
    if (elsewhere.length === 1 && elsewhere[0] !== undefined) {
      notices.push({
        address,
        message: `${place("accountId")}: set to ${elsewhere[0]}, the ID of account code ${code} in the open journals (the service takes account IDs, not codes)`,
        severity: "info",
      });
      return { ...line, accountId: elsewhere[0] };
    }
    const why =
      elsewhere.length > 1
        ? `the open journals use account code ${code} for more than one account ID`
        : ids.length === 0
          ? `no other line or open journal has account code ${code} to take it from`
          : `account code ${code} has different IDs on lines ${listed(users.map((user) => user.position))}`;
    problems.push({ address, message: `${place("accountId")}: enter the account's ID; ${why}` });
    return line;
  });
  return { lines: filled, notices, problems };
}

/** The account IDs that this journal as drawn and the other open journals give `code`. */
function idsOfCode(knowledge: AccountKnowledge, code: string): string[] {
  const ids = new Set<string>();
  for (const account of [...(knowledge.drawnAccounts ?? []), ...(knowledge.knownAccounts ?? [])]) {
    if (account.accountCode.trim() === code && account.accountId !== "") ids.add(account.accountId);
  }
  return [...ids];
}

/** "1 and 2", "1, 2 and 3". */
function listed(numbers: readonly number[]): string {
  const texts = numbers.map(String);
  const last = texts.pop();
  return texts.length === 0 ? (last ?? "") : `${texts.join(", ")} and ${last ?? ""}`;
}

/** What the add-in knows of accounts beyond the sheet: as drawn, and in other open journals. */
export interface AccountKnowledge {
  /** This journal's accounts as drawn. */
  readonly drawnAccounts?: readonly KnownAccount[];
  /** The accounts of the journals open in the workbook (this one included). */
  readonly knownAccounts?: readonly KnownAccount[];
  /** The Account name each line's row shows (a fact cell), by sheet row. */
  readonly accountNames?: ReadonlyMap<number, string>;
}

/**
 * The service takes a line's account by its ID only; the code is for people. A line whose
 * Account code was changed is given the ID of the account with that code when the open journals
 * know exactly one; otherwise the code is refused, naming its cell, rather than sent as the old
 * account unnoticed. The code counts as changed when the line's ID is an account drawn with
 * another code and the row still shows that account's name (the name cell is not editable): a
 * changed ID moves away from the row's name, and then the ID decides.
 */
function resolveChangedCodes(
  lines: readonly JournalDraftLine[],
  addresses: JournalSheetAddresses,
  knowledge: AccountKnowledge,
  reported: ReadonlySet<string>,
): {
  lines: JournalDraftLine[];
  notices: SheetProblem[];
  problems: SheetProblem[];
  refusedCodes: Set<number>;
} {
  const drawn = new Map((knowledge.drawnAccounts ?? []).map((each) => [each.accountId, each]));
  const notices: SheetProblem[] = [];
  const problems: SheetProblem[] = [];
  const refusedCodes = new Set<number>();
  const result = lines.map((line, index) => {
    const before = drawn.get(line.accountId);
    const code = line.accountCode.trim();
    const codeCell = lineAddress(addresses, line, "accountCode");
    const idCell = lineAddress(addresses, line, "accountId");
    if (before === undefined || reported.has(codeCell) || reported.has(idCell)) return line;
    // An emptied code sends nothing else: the ID decides, as it always does.
    if (code === "" || code === before.accountCode.trim()) return line;
    const shownName = knowledge.accountNames?.get(line.row) ?? "";
    if (shownName !== before.accountName.trim()) return line;
    const place = (column: LineInput): string => linePlace(addresses, index + 1, line, column);
    const ids = idsOfCode(knowledge, code);
    if (ids.length === 1 && ids[0] !== undefined) {
      notices.push({
        address: idCell,
        message: `${place("accountId")}: set to ${ids[0]}, the ID of account code ${code} that you entered (the service takes account IDs, not codes)`,
        severity: "info",
      });
      return { ...line, accountId: ids[0] };
    }
    refusedCodes.add(index);
    const why =
      ids.length === 0
        ? `is ${code}, an account code none of the open journals uses`
        : `is ${code}, which the open journals use for more than one account ID`;
    problems.push({
      address: codeCell,
      message:
        `${place("accountCode")}: was ${before.accountCode} and ${why}; the service takes ` +
        `account IDs, not codes, so the line would still go to ${before.accountCode}. Enter the ` +
        `account's ID in Account ID (${idCell}), or put the code back`,
    });
    return line;
  });
  return { lines: result, notices, problems, refusedCodes };
}
