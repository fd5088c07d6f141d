// Any server string in a text field lands in its cell unchanged: through the shaper an import
// uses, the table writer and the strict fake Excel host, and back out of the cell.
import fc from "fast-check";
import type { JsonRecord } from "../../../src/api";
import { writeBlocks } from "../../../src/excel/tableRequests";
import { TableWriter } from "../../../src/excel/tableWriter";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import type { CellSnapshot } from "../../../tools/excel-emulator/host";
import { shapersFor } from "../../../src/sheets/collectionShapers";

/** Excel's limit on one cell's text, in UTF-16 code units (stated here, not imported). */
const CELL_LIMIT = 32_767;

/** What the import leaves in the "Reference" and "Import notes" cells of each record's row. */
interface Landed {
  reference: CellSnapshot;
  notes: CellSnapshot;
}

/** Imports `records` (one page of invoices) into a fresh workbook and reads their rows back. */
async function importInvoices(records: readonly JsonRecord[]): Promise<Landed[]> {
  const host = new OfficeJsExcelHost();
  const shapers = shapersFor("invoices");
  const { main } = shapers.shapePage(records);
  const columns = shapers.main.columns();
  const writer = await TableWriter.open(host.run, shapers.layout, columns, "Importing…");
  await writeBlocks(host.run, [{ writer, columns, block: main, status: "Importing…" }]);
  const table = host.tableInfo(shapers.layout.tableName)!;
  const letter = (header: string) => {
    const index = table.headers.indexOf(header);
    expect([header, index >= 0]).toEqual([header, true]);
    return String.fromCharCode(65 + index);
  };
  const [reference, notes] = [letter("Reference"), letter("Import notes")];
  const sheet = table.sheet;
  return records.map((_, i) => ({
    reference: host.cell(sheet, `${reference}${4 + i}`),
    notes: host.cell(sheet, `${notes}${4 + i}`),
  }));
}

/** The one record's reference cell, after importing `{ id, reference: text }`. */
async function referenceCellOf(text: string): Promise<CellSnapshot> {
  const [landed] = await importInvoices([{ id: "INV-1", reference: text }]);
  return landed!.reference;
}

/** A literal text constant: the same string, no formula, under the text format. */
function literal(text: string) {
  return { value: text, formula: null, numberFormat: "@" };
}

/** Strings Excel would turn into something else if it were allowed to interpret them. */
const LOOKALIKES = [
  "=1+1",
  "+1",
  "-2",
  "@SUM(A1)",
  "00123",
  "1E5",
  "TRUE",
  "false",
  "2024-01-02",
  "1/2/2024",
  " 12 ",
  "\t=x",
  '=HYPERLINK("http://example.com","click")',
  "=",
  "-",
  "#N/A",
  "#DIV/0!",
  "1,234.50",
  "(5)",
  "12%",
  "12:30",
  "'quoted",
  "line one\nline two",
  "🧾✅ 👩🏽‍💻",
  "x".repeat(CELL_LIMIT),
  "=" + "1".repeat(CELL_LIMIT - 1),
  "a".repeat(CELL_LIMIT - 2) + "🧾",
];

/** A short name for a sample in a test title. */
function label(text: string): string {
  if (text.length <= 30) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, 12))}… (${text.length.toLocaleString("en-US")} characters)`;
}

/** The first characters that make Excel read typed text as a formula, number or error. */
const LEADS = ["=", "+", "-", "@", "#", "'", " ", "\t", "0", "1"];

function anyString(unit: "binary" | "grapheme"): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit, minLength: 1 }),
    fc
      .tuple(fc.constantFrom(...LEADS), fc.string({ unit }))
      .map(([lead, rest]) => `${lead}${rest}`),
  );
}

describe("a string in a text field, imported into a cell", () => {
  it.each(LOOKALIKES.map((text) => [label(text), text]))(
    "stays the literal text %s",
    async (_label, text) => {
      expect(await referenceCellOf(text)).toMatchObject(literal(text));
    },
  );

  it.each(["binary", "grapheme"] as const)(
    "stays literal and unchanged for any %s string",
    async (unit) => {
      await fc.assert(
        fc.asyncProperty(anyString(unit), async (text) => {
          expect(await referenceCellOf(text)).toMatchObject(literal(text));
        }),
        { numRuns: 200 },
      );
    },
  );

  it("leaves an empty string an empty cell that is still formatted as text", async () => {
    const [, empty] = await importInvoices([
      { id: "INV-1", reference: "R-1" },
      { id: "INV-2", reference: "" },
    ]);
    expect(empty!.reference).toMatchObject(literal(""));
    expect(empty!.notes.value).toBe("");
  });
});

describe("a string longer than a cell holds", () => {
  it("is cut to its first 32,767 characters, and the row's notes say so", async () => {
    const text = "=" + "y".repeat(39_999);
    const [landed] = await importInvoices([{ id: "INV-1", reference: text }]);
    expect(landed!.reference).toMatchObject(literal(text.slice(0, CELL_LIMIT)));
    expect(landed!.notes.value).toBe("Reference truncated to 32,767 characters (of 40,000)");
  });

  it("loses a whole emoji rather than half of one at the cut", async () => {
    const text = "a".repeat(CELL_LIMIT - 1) + "🧾" + "b";
    const [landed] = await importInvoices([{ id: "INV-1", reference: text }]);
    expect(landed!.reference).toMatchObject(literal("a".repeat(CELL_LIMIT - 1)));
    expect(landed!.notes.value).toBe("Reference truncated to 32,767 characters (of 32,769)");
  });

  it("is, whatever it holds, cut to a prefix of itself that fits, with a note", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.string({ unit: "binary", minLength: 1, maxLength: 8 }),
        async (over, tail) => {
          const text = "z".repeat(CELL_LIMIT - 4) + tail + "q".repeat(over + 4);
          const [landed] = await importInvoices([{ id: "INV-1", reference: text }]);
          const value = String(landed!.reference.value);
          expect(landed!.reference).toMatchObject({ formula: null, numberFormat: "@" });
          expect(text.startsWith(value)).toBe(true);
          expect(value.length).toBeGreaterThanOrEqual(CELL_LIMIT - 1);
          expect(value.length).toBeLessThanOrEqual(CELL_LIMIT);
          expect(landed!.notes.value).toMatch(/^Reference truncated to 32,767 characters/);
        },
      ),
      { numRuns: 30 },
    );
  });
});
