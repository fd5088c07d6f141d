// Numbers arrive in the sheet exactly, over real HTTP: the sandbox's number probes (numbers
// JSON.parse would round, a money column whose first value is "100.0", a "12.30" among numbers)
// through the real client, the shapers and the table writer into Microsoft's office.js client.
import { importCollection } from "../../src/import/importCollection";
import { NUMBER_FORMATS } from "../../src/sheets";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import {
  PROBE_COUNTS,
  PROBE_ODD_TOTAL_INDEX,
  PROBE_RATIOS,
  PROBE_TEXT_QUANTITY_INDEX,
} from "../../tools/sandbox/seed/numberProbes";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const RECORDS = 80;
const sandbox = useSandbox({ numberProbes: true, records: { invoices: RECORDS } });

function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Each literal as the sheet must hold it: a number when a cell holds it exactly, else its text. */
const EXPECTED_COUNTS: Readonly<Record<string, number | string>> = {
  "9007199254740993": "9007199254740993",
  "12345678901234567890": "12345678901234567890",
  "42": 42,
  "-9007199254740993": "-9007199254740993",
  // A double holds it, but a cell shows 15 digits: text, as before.
  "9007199254740992": "9007199254740992",
  "7": 7,
};
const EXPECTED_RATIOS: Readonly<Record<string, number | string>> = {
  "1.50": 1.5,
  "0.1": 0.1,
  "0.1000000000000000055511151231257827": "0.1000000000000000055511151231257827",
  "2.5e-3": 0.0025,
  "-0": 0,
  "1e400": "1e400",
  "1E+2": 100,
};

describe("importCollection() of numbers over HTTP", () => {
  it("writes every probe number exactly: numbers where a cell holds them, exact text with a note elsewhere", async () => {
    const host = new OfficeJsExcelHost();
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(result).toMatchObject({ rows: RECORDS, complete: true });
    const headers = host.tableInfo("Invoices")!.headers;
    const letter = (header: string) => {
      expect(headers).toContain(header);
      return columnLetter(headers.indexOf(header));
    };
    const check = (
      header: string,
      literals: readonly string[],
      expected: typeof EXPECTED_COUNTS,
    ) => {
      const column = letter(header);
      const inexact: string[] = [];
      for (let row = 0; row < RECORDS; row++) {
        const literal = literals[row % literals.length]!;
        const want = expected[literal];
        const cell = host.cell("Invoices", `${column}${4 + row}`);
        expect({ row, literal, value: cell.value }).toEqual({ row, literal, value: want });
        if (typeof want === "string") {
          expect({ row, format: cell.numberFormat }).toEqual({ row, format: "@" });
          inexact.push(`${column}${4 + row}`);
        }
      }
      return inexact;
    };
    const counts = check("Probe count", PROBE_COUNTS, EXPECTED_COUNTS);
    const ratios = check("Probe ratio", PROBE_RATIOS, EXPECTED_RATIOS);
    // The sentence counts the cells; the notes name the first records by number, each once,
    // with its cells' addresses, and count the rest.
    const cellsKept = /; ([\d,]+) cells in ([\d,]+) records were kept as text\.$/.exec(
      result.headline,
    );
    expect(Number(cellsKept?.[1]?.replace(/,/g, ""))).toBeGreaterThanOrEqual(
      counts.length + ratios.length,
    );
    const named = result.textCells.flatMap((record) =>
      record.cells.filter((cell) => cell.header === "Probe count").map((cell) => cell.address),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named).toEqual(counts.slice(0, named.length));
    expect(result.notes[0]).toMatch(
      // Named with its sheet: the invoices' lines are on a sheet of their own.
      /^INV-\d+ on Invoices: “.+” \([A-Z]+\d+\).* kept as text exactly as received/,
    );
    expect(result.notes.at(-1)).toMatch(/^[\d,]+ more records have cells kept as text; /);
    expect(result.message).toContain(result.notes[0]);
  });

  it('decides a column\'s kind from all its values: a first "100.0" leaves the totals money, a "12.30" among numbers is a number', async () => {
    const host = new OfficeJsExcelHost();
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    const headers = host.tableInfo("Invoices")!.headers;
    const total = columnLetter(headers.indexOf("Probe total"));
    const quantity = columnLetter(headers.indexOf("Probe quantity"));
    expect(host.cell("Invoices", `${total}4`)).toMatchObject({
      value: 100,
      numberFormat: NUMBER_FORMATS.money,
    });
    // The odd total is on the second page: the column stays money, the cell is text, and the
    // import's notes name it.
    const odd = 4 + PROBE_ODD_TOTAL_INDEX;
    expect(host.cell("Invoices", `${total}${odd}`)).toMatchObject({
      value: "12.345",
      numberFormat: "@",
    });
    // Past the records the message names: the row's own notes say why.
    const notes = columnLetter(headers.indexOf("Import notes"));
    expect(String(host.cell("Invoices", `${notes}${odd}`).value)).toContain("Probe total");
    expect(result.headline).toMatch(/kept as text\.$/);
    const numbers = host
      .values("Invoices", `${total}4:${total}${3 + RECORDS}`)
      .map((row) => row[0])
      .filter((value): value is number => typeof value === "number");
    expect(numbers).toHaveLength(RECORDS - 1);
    expect(host.cell("Invoices", `${quantity}${4 + PROBE_TEXT_QUANTITY_INDEX}`)).toMatchObject({
      value: 12.3,
      numberFormat: NUMBER_FORMATS.number,
    });
    expect(result.notes.some((note) => note.includes("Probe quantity"))).toBe(false);
  });
});
