import fc from "fast-check";
import { NUMBER_FORMATS, type CellKind, type CellValue } from "../../../src/sheets/cells";
import {
  dateTimeToSerial,
  plainDateSerial,
  plainDateTimeSerial,
  readDateSerial,
  readDateTimeSerial,
} from "../../../src/sheets/excelDates";
import type { JsonValue } from "../../../src/api";
import { parseJsonText } from "../../../src/api";
import { valueJsonBytes } from "../../../src/sheets/payload";
import { plainCellFor } from "../../../src/sheets/plainCells";
import { toCell, type ShapeOptions } from "../../../src/sheets/typedCells";

// Every kind: NUMBER_FORMATS has one entry per kind, so no list here can fall behind.
const KINDS = Object.keys(NUMBER_FORMATS) as CellKind[];

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

/** Strings shaped like what the cells of an import hold, near misses included. */
const cellTexts = fc.oneof(
  fc.stringMatching(/^-?\d{1,18}(\.\d{0,12})?$/),
  fc.stringMatching(/^-?0*\d{0,3}\.\d{1,4}0*$/),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,4})?([Zz]|[+-]\d{2}:\d{2})?$/),
  fc.string(),
);

/** A column's plain cell of `value`, and the bytes it counted for it. */
function plainOf(
  kind: CellKind,
  value: JsonValue | undefined,
  places: number,
  options: ShapeOptions = {},
): { cell: CellValue | undefined; bytes: number } {
  const row = { bytes: 0 };
  return { cell: plainCellFor(kind, options)(value, places, row), bytes: row.bytes };
}

function plainCellOf(
  kind: CellKind,
  value: JsonValue | undefined,
  places: number,
  options: ShapeOptions = {},
): CellValue | undefined {
  return plainOf(kind, value, places, options).cell;
}

/** Values of every JSON type, numbers a double does not hold (JsonNumber) included. */
const cellValues: fc.Arbitrary<JsonValue | undefined> = fc.oneof(
  cellTexts,
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e15, -1e15, 999_999_999_999_999, 1e-7, 1e21),
  fc.stringMatching(/^-?(0|[1-9]\d{0,24})(\.\d{1,5})?$/).map((text) => parseJsonText(text)),
  fc.boolean(),
  fc.constantFrom(null, undefined, "", []),
);

/** A column's kind, a value, the currency's minor units and whether text is kept exact. */
const cellCases = [
  fc.constantFrom(...KINDS),
  cellValues,
  fc.constantFrom(0, 2, 3),
  fc.boolean(),
] as const;

describe("plainCellFor()", () => {
  it("gives toCell's value with nothing to note whenever it gives one", () => {
    fc.assert(
      fc.property(...cellCases, (kind, value, places, exactText) => {
        const plain = plainCellOf(kind, value, places, { exactText });
        if (plain === undefined) return;
        const outcome = toCell(kind, value, "Header", places, { exactText });
        expect(outcome).toEqual({ value: plain, fallback: false, notes: [] });
        expect(Object.is(outcome.value, plain)).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  });

  it("counts exactly the bytes of the cell's JSON text, or none when it gives no cell", () => {
    fc.assert(
      fc.property(...cellCases, (kind, value, places, exactText) => {
        const { cell, bytes } = plainOf(kind, value, places, { exactText });
        expect(bytes).toBe(cell === undefined ? 0 : valueJsonBytes(cell));
      }),
      { numRuns: 10_000 },
    );
  });

  it("counts a date-time's bytes as JavaScript writes its serial, the same time on any day", () => {
    const msOfDay = fc.integer({ min: 0, max: 86_399_999 });
    // Days anywhere, and days of serials 32,768 to 65,535, where a time's digits are kept.
    const day = fc.oneof(
      fc.integer({ min: Date.UTC(1900, 2, 1), max: Date.UTC(9999, 11, 31) }),
      fc.integer({ min: Date.UTC(1989, 8, 18), max: Date.UTC(2079, 5, 6) }),
    );
    fc.assert(
      fc.property(msOfDay, fc.array(day, { minLength: 1, maxLength: 4 }), (time, days) => {
        for (const midnight of days) {
          const instant = midnight - (midnight % 86_400_000) + time;
          const text = new Date(instant).toISOString();
          const { cell, bytes } = plainOf("datetime", text, 2);
          expect(cell).toBe(plainDateTimeSerial(text));
          expect(bytes).toBe(String(cell).length);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("counts an amount's bytes as JavaScript writes it", () => {
    const amounts: [string, string][] = [
      ["20659.60", "20659.6"],
      ["-0.00", "0"],
      ["007.50", "7.5"],
      ["0.05", "0.05"],
      ["-12.30", "-12.3"],
      ["100.00", "100"],
    ];
    for (const [text, written] of amounts) {
      expect(plainOf("money", text, 2)).toEqual({ cell: Number(written), bytes: written.length });
    }
    expect(plainOf("rate", "0.000001", 2).bytes).toBe("0.000001".length);
    expect(plainOf("rate", "0.0000001", 2).bytes).toBe("1e-7".length);
  });

  it("takes the API's usual amounts, rates, dates and date-times without toCell", () => {
    expect(plainCellOf("money", "20659.60", 2)).toBe(20659.6);
    expect(plainCellOf("money", "-0.00", 2)).toBe(0);
    expect(Object.is(plainCellOf("money", "-0.00", 2), 0)).toBe(true);
    expect(plainCellOf("rate", "1.2345", 2)).toBe(1.2345);
    expect(plainCellOf("date", "2026-01-14", 2)).toBe(46036);
    expect(plainCellOf("datetime", "2026-01-15T12:00:00.000Z", 2)).toBe(46037.5);
    expect(plainCellOf("datetime", "2026-01-15T12:00:00Z", 2)).toBe(46037.5);
    expect(plainCellOf("text", "INV-0001", 2)).toBe("INV-0001");
    expect(plainCellOf("integer", 3, 2)).toBe(3);
    expect(Object.is(plainCellOf("number", -0, 2), 0)).toBe(true);
    expect(plainCellOf("boolean", false, 2)).toBe(false);
    expect(plainCellOf("money", null, 2)).toBe("");
    expect(plainCellOf("date", undefined, 2)).toBe("");
  });

  it("leaves to toCell what needs a note, a format of its own or the server's text", () => {
    expect(plainCellOf("money", "1.005", 2)).toBeUndefined(); // more than two decimals
    expect(plainCellOf("money", "12.500", 3)).toBeUndefined(); // KWD: a format of its own
    expect(plainCellOf("money", "1234567890123456", 2)).toBeUndefined(); // 16 digits
    expect(plainCellOf("money", "12.30", 2, { exactText: true })).toBeUndefined();
    expect(plainCellOf("rate", "1.25", 2, { exactText: true })).toBeUndefined();
    expect(plainCellOf("date", "2026-02-30", 2)).toBeUndefined();
    expect(plainCellOf("date", "1900-02-28", 2)).toBeUndefined();
    expect(plainCellOf("datetime", "2026-01-15T14:00:00+02:00", 2)).toBeUndefined();
    expect(plainCellOf("datetime", "2026-01-15T24:00:00Z", 2)).toBeUndefined();
    expect(plainCellOf("money", 12.5, 2)).toBeUndefined();
    expect(plainCellOf("integer", 12.5, 2)).toBeUndefined();
    expect(plainCellOf("integer", 1e15, 2)).toBeUndefined();
    expect(plainCellOf("text", 12, 2)).toBeUndefined();
  });
});

describe("dates read digit by digit", () => {
  /** Fields of any digits, impossible ones included (month 13, hour 24, second 60). */
  const fields = fc.record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 0, max: 19 }),
    day: fc.integer({ min: 0, max: 39 }),
    hour: fc.integer({ min: 0, max: 29 }),
    minute: fc.integer({ min: 0, max: 69 }),
    second: fc.integer({ min: 0, max: 69 }),
    millis: fc.option(fc.integer({ min: 0, max: 999 })),
  });

  /** The instant of the fields when they name one: Date.UTC with every field checked. */
  function instantOf(f: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
    millis: number | null;
  }): number | null {
    const ms = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, f.millis ?? 0);
    const date = new Date(ms);
    const exists =
      f.year >= 1000 &&
      date.getUTCFullYear() === f.year &&
      date.getUTCMonth() === f.month - 1 &&
      date.getUTCDate() === f.day &&
      f.hour < 24 &&
      f.minute < 60 &&
      f.second < 60;
    const inExcel = ms >= Date.UTC(1900, 2, 1) && ms < Date.UTC(10000, 0, 1);
    return exists && inExcel ? ms : null;
  }

  it("a date-time ending in Z has a serial exactly when its fields name an instant Excel shows", () => {
    fc.assert(
      fc.property(fields, (f) => {
        const date = `${pad(f.year, 4)}-${pad(f.month, 2)}-${pad(f.day, 2)}`;
        const time = `${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}`;
        const text = `${date}T${time}${f.millis === null ? "" : `.${pad(f.millis, 3)}`}Z`;
        const instant = instantOf(f);
        const plain = plainDateTimeSerial(text);
        expect(plain === undefined).toBe(instant === null);
        if (instant !== null) expect(plain).toBeCloseTo(instant / 86_400_000 + 25_569, 9);
        const read = readDateTimeSerial(text);
        expect(read.ok).toBe(instant !== null);
        // The same serial as the pattern gives for the same instant written with an offset.
        if (plain !== undefined) {
          expect(plain).toBe(dateTimeToSerial(`${date}T${time}.${pad(f.millis ?? 0, 3)}+00:00`));
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("a date has a serial exactly when it exists from 1900-03-01 on", () => {
    fc.assert(
      fc.property(fields, (f) => {
        const text = `${pad(f.year, 4)}-${pad(f.month, 2)}-${pad(f.day, 2)}`;
        const instant = instantOf({ ...f, hour: 0, minute: 0, second: 0, millis: null });
        const plain = plainDateSerial(text);
        expect(plain).toBe(instant === null ? undefined : instant / 86_400_000 + 25_569);
        expect(readDateSerial(text).ok).toBe(instant !== null);
      }),
      { numRuns: 5000 },
    );
  });
});
