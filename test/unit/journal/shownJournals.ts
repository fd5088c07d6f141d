// Random journal sheets as people fill them, drawn and recalculated by the emulator's formula
// engine, and the truth of each amount cell computed without the code under test: the exact
// decimal the cell holds (by construction) and what the cell displays (the emulator's text).
import Decimal from "decimal.js";
import fc from "fast-check";
import type { JournalLine, ManualJournal } from "../../../src/api";
import { layoutJournal } from "../../../src/journal";
import type { GridSnapshot, JournalLayout } from "../../../src/journal/contract";
import { LINE_COLUMNS } from "../../../src/journal/journalSheet";
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { seededJournal } from "./seededJournals";

export const SHOWN_CURRENCIES = ["USD", "JPY", "KWD", "BHD", "HUF", "IDR"] as const;
export type ShownCurrency = (typeof SHOWN_CURRENCIES)[number];

/** ISO 4217 minor units of the currencies above, written out here rather than read from src. */
const ISO_PLACES: Readonly<Record<ShownCurrency, number>> = {
  USD: 2,
  JPY: 0,
  KWD: 3,
  BHD: 3,
  HUF: 2,
  IDR: 2,
};
/** The decimals the service keeps (the contract: two). */
const SERVICE_PLACES = 2;

/** The decimals a journal in `currency` may send. */
export function sendable(currency: ShownCurrency): number {
  return Math.min(ISO_PLACES[currency], SERVICE_PLACES);
}

/**
 * What one amount cell is given: a typed number, a formula (with its exact result), a number
 * typed as text, a logical value, a formula giving "", or nothing.
 */
export type Content =
  | { readonly kind: "typed"; readonly exact: string }
  | { readonly kind: "formula"; readonly formula: string; readonly exact: string }
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "logical"; readonly formula: string }
  | { readonly kind: "emptyString" }
  | { readonly kind: "empty" };

export interface ShownLine {
  readonly side: "debit" | "credit";
  readonly content: Content;
  /** A number format other than the currency's (fewer decimals, General), or null. */
  readonly format: string | null;
}

export interface ShownJournal {
  readonly drawnIn: ShownCurrency;
  /** The Currency cell as the user left it (another code than drawn: the formats stay). */
  readonly currency: ShownCurrency;
  readonly lines: readonly ShownLine[];
}

const decimalText = (units: bigint, places: number): string =>
  new Decimal(units.toString()).dividedBy(new Decimal(10).pow(places)).toFixed();

/** Decimal text of `places` decimals at most, 15 significant digits at most, positive. */
function amount(places: number, maxUnits: bigint): fc.Arbitrary<string> {
  return fc.bigInt(1n, maxUnits).map((units) => decimalText(units, places));
}

function typed(): fc.Arbitrary<Content> {
  // From whole amounts to four decimals (sub-unit digits for every currency).
  return fc
    .oneof(
      fc.tuple(fc.constantFrom(0, 0, 0, 2, 2, 2, 1, 3, 4), fc.constantFrom(10n ** 6n, 10n ** 12n)),
      fc.tuple(fc.constantFrom(0, 2), fc.constant(10n ** 14n)),
    )
    .chain(([places, max]) => amount(places, max))
    .map((exact) => ({ kind: "typed", exact }));
}

function formula(): fc.Arbitrary<Content> {
  const sum = fc
    .constantFrom(0, 2, 3)
    .chain((places) => fc.tuple(amount(2, 10n ** 11n), amount(places, 10n ** 9n)))
    .map(([a, b]): Content => ({
      kind: "formula",
      formula: `=${a}+${b}`,
      exact: new Decimal(a).plus(b).toFixed(),
    }));
  const product = fc
    .tuple(amount(2, 10n ** 8n), fc.constantFrom("1.1", "1.075", "0.5", "3", "0.25", "1.15"))
    .map(([a, b]): Content => ({
      kind: "formula",
      formula: `=${a}*${b}`,
      exact: new Decimal(a).times(b).toFixed(),
    }));
  // Beyond 15 significant digits: a half cent (an exact tie, or near it) on an amount of 15
  // digits, shown by Excel rounded; and half a yen on 15 digits of yen.
  const beyond = fc
    .tuple(
      // Up to 2^43 (8.8e12) with cents: beyond it the three units in the last place that
      // Validate allows a formula's double as noise reach from a half cent to a whole one.
      fc.bigInt(10n ** 14n, 879n * 10n ** 12n),
      fc.constantFrom("0.005", "0.004", "0.006"),
      fc.constantFrom("0.5", "0.4", "0.6"),
      fc.boolean(),
    )
    .map(([units, half, halfYen, cents]): Content => {
      // Yen up to 2^48 (2.8e14), where three units in the last place stay under half a yen.
      const yen = 10n ** 14n + (units % (18n * 10n ** 13n));
      const base = cents ? decimalText(units, 2) : yen.toString();
      const added = cents ? half : halfYen;
      return {
        kind: "formula",
        formula: `=${base}+${added}`,
        exact: new Decimal(base).plus(added).toFixed(),
      };
    });
  const rounded = amount(4, 10n ** 10n).map((a): Content => ({
    kind: "formula",
    formula: `=ROUND(${a},2)`,
    exact: new Decimal(a).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(),
  }));
  return fc.oneof(sum, product, beyond, rounded);
}

function content(): fc.Arbitrary<Content> {
  return fc.oneof(
    { weight: 10, arbitrary: typed() },
    { weight: 6, arbitrary: formula() },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("2500.00", "12.5", "1,000.00")
        .map((text): Content => ({ kind: "text", text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("=TRUE", "=1=1", "=1>2")
        .map((f): Content => ({ kind: "logical", formula: f })),
    },
    { weight: 1, arbitrary: fc.constant<Content>({ kind: "emptyString" }) },
    { weight: 1, arbitrary: fc.constant<Content>({ kind: "empty" }) },
  );
}

/** A line; a third of the time the same content on both sides (two lines), so many balance. */
function lines(): fc.Arbitrary<ShownLine[]> {
  const format = fc.oneof(
    { weight: 16, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom("#,##0", "#,##0.0", "0") },
    { weight: 1, arbitrary: fc.constantFrom("General", "#,##0.000", "0.00") },
  );
  const one = fc.record({
    side: fc.constantFrom<"debit" | "credit">("debit", "credit"),
    content: content(),
    format,
  });
  const pair = fc.tuple(content(), format, format).map(([shared, f1, f2]): ShownLine[] => [
    { side: "debit", content: shared, format: f1 },
    { side: "credit", content: shared, format: f2 },
  ]);
  return fc
    .array(
      fc.oneof({ weight: 1, arbitrary: one.map((line) => [line]) }, { weight: 2, arbitrary: pair }),
      { minLength: 1, maxLength: 4 },
    )
    .map((groups) => groups.flat())
    .filter((all) => all.length >= 2 && all.length <= 8);
}

export function shownJournals(): fc.Arbitrary<ShownJournal> {
  return fc
    .tuple(
      fc.constantFrom(...SHOWN_CURRENCIES),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...SHOWN_CURRENCIES) },
      ),
      lines(),
    )
    .map(([drawnIn, changed, all]) => ({ drawnIn, currency: changed ?? drawnIn, lines: all }));
}

const BASE = seededJournal("JNL-0001");
const [RENT] = BASE.lines as [JournalLine, JournalLine];

/** Where a journal sheet's parts are, from its layout. */
export interface DrawnSheet {
  readonly host: FakeExcelHost;
  readonly sheet: string;
  readonly layout: JournalLayout;
  /** The address of each line's amount cell, in line order. */
  readonly amountCells: readonly string[];
  /** The Debit and Credit columns' letters, and the rows of the lines. */
  readonly debit: string;
  readonly credit: string;
  readonly firstRow: number;
  readonly lastRow: number;
  readonly currencyCell: string;
}

function letter(key: string): string {
  return String.fromCharCode(65 + LINE_COLUMNS.findIndex((column) => column.key === key));
}

/** Draws `journal` into a new emulated workbook, formats included, and fills its amounts. */
export function drawShownJournal(journal: ShownJournal): DrawnSheet {
  const manual: ManualJournal = {
    ...BASE,
    currency_code: journal.drawnIn,
    lines: journal.lines.map(() => ({ ...RENT, debit: "0.00", credit: "0.00" })),
  };
  const layout = layoutJournal(manual, { spareLines: 0 });
  const host = new FakeExcelHost({ sheets: [layout.sheetName] });
  const sheet = layout.sheetName;
  for (const cell of layout.cells) {
    host.setCells(sheet, cell.address, [[cell.formula ?? cell.value ?? ""]], cell.numberFormat);
  }
  const currencyCell = layout.cells.find((cell) => cell.value === journal.drawnIn)!.address;
  if (journal.currency !== journal.drawnIn)
    host.setCells(sheet, currencyCell, [[journal.currency]]);
  const debit = letter("debit");
  const credit = letter("credit");
  const firstRow = layout.frozenRows + 1;
  const amountCells = journal.lines.map((line, index) => {
    const address = `${line.side === "debit" ? debit : credit}${firstRow + index}`;
    const { content } = line;
    const format = content.kind === "text" ? "@" : (line.format ?? undefined);
    const value =
      content.kind === "typed"
        ? Number(content.exact)
        : content.kind === "formula" || content.kind === "logical"
          ? content.formula
          : content.kind === "text"
            ? content.text
            : content.kind === "emptyString"
              ? '=IF(TRUE,"",1)'
              : "";
    host.setCells(sheet, address, [[value]], format);
    return address;
  });
  return {
    host,
    sheet,
    layout,
    amountCells,
    debit,
    credit,
    firstRow,
    lastRow: firstRow + journal.lines.length - 1,
    currencyCell,
  };
}

/** The sheet as the add-in reads it (src/excel/journalGrid.ts), from the emulator's cells. */
export function snapshotOf(drawn: DrawnSheet): GridSnapshot {
  const [, lastColumn = "A", lastRow = "1"] = /^A1:([A-Z]+)(\d+)$/.exec(drawn.layout.extent)!;
  const rows = Number(lastRow);
  const columns = lastColumn.charCodeAt(0) - 64;
  const grid = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) =>
      drawn.host.cell(drawn.sheet, `${String.fromCharCode(65 + c)}${r + 1}`),
    ),
  );
  return {
    values: grid.map((row) => row.map((cell) => cell.value)),
    formulas: grid.map((row) => row.map((cell) => cell.formula ?? cell.value)),
    numberFormats: grid.map((row) => row.map((cell) => cell.numberFormat)),
    texts: grid.map((row) => row.map((cell) => cell.text)),
    ...(drawn.layout.marks ? { marks: drawn.layout.marks } : {}),
  };
}

/** What an amount cell holds, by the truth: refused, no amount, or an amount in minor units. */
export type Truth =
  | { readonly kind: "refuse"; readonly valueLevel: boolean }
  | { readonly kind: "empty" }
  | { readonly kind: "amount"; readonly units: bigint };

/**
 * The truth of one amount cell in a journal whose amounts may have `places` decimals: the
 * exact decimal it holds must have at most `places` decimals and 15 digits in minor units, and
 * its number format must show at least `places` decimals (General: its displayed text must be
 * that decimal); then its amount is what it displays. `valueLevel` marks a refusal that the
 * value alone shows (what LEDGER.BALANCED, which sees no format, must refuse too).
 */
export function truthOf(
  content: Content,
  cell: { readonly value: unknown; readonly numberFormat: string; readonly text: string },
  places: number,
): Truth {
  if (content.kind === "empty" || content.kind === "emptyString") return { kind: "empty" };
  if (content.kind === "text" || content.kind === "logical") {
    return { kind: "refuse", valueLevel: true };
  }
  const exact = new Decimal(content.exact);
  const units = exact.times(new Decimal(10).pow(places));
  if (!units.isInteger() || units.abs().greaterThan("999999999999999")) {
    return { kind: "refuse", valueLevel: true };
  }
  // A zero is no amount: the line then needs one, as an empty cell does.
  if (exact.isZero()) return { kind: "empty" };
  const shown = shownDecimals(cell.numberFormat);
  if (shown === "general") {
    const text = cell.text.trim();
    return /^-?\d+(\.\d+)?$/.test(text) && new Decimal(text).equals(exact)
      ? { kind: "amount", units: BigInt(units.toFixed(0)) }
      : { kind: "refuse", valueLevel: false };
  }
  if (shown < places) return { kind: "refuse", valueLevel: false };
  // What the cell displays, read back from its text, is the amount itself.
  const displayed = new Decimal(cell.text.replace(/,/g, ""));
  if (!displayed.equals(exact)) throw new Error(`${cell.text} displayed for ${content.exact}`);
  return { kind: "amount", units: BigInt(units.toFixed(0)) };
}

/** The decimals of the formats the generator uses. */
function shownDecimals(format: string): number | "general" {
  if (format === "General") return "general";
  const point = format.indexOf(".");
  return point < 0 ? 0 : format.length - point - 1;
}
