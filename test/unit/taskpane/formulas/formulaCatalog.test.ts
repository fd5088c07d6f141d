// The Formulas tab's list comes from the functions' generated metadata (functions.json), and each
// function's example formula from its parameters' own examples.
import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata/lib/generate";
import {
  catalogOf,
  exampleFormula,
  exampleIn,
  formulaText,
} from "../../../../src/taskpane/formulas/formulaCatalog";

const METADATA = {
  functions: [
    {
      id: "LIST",
      name: "LIST",
      description: "Records of a collection.",
      parameters: [
        { name: "collection", description: 'The collection, for example "invoices".' },
        { name: "max_records", description: "How many, for example 500.", optional: true },
        { name: "project", description: 'The project, for example "Acme".', optional: true },
      ],
    },
    {
      id: "BALANCED",
      name: "BALANCED",
      description: "TRUE when balanced.",
      parameters: [
        { name: "debits", description: "The debits, for example C2:C20." },
        { name: "credits", description: "The credits, for example D2:D20." },
        { name: "currency", description: 'A code, for example "KWD".', optional: true },
      ],
    },
    { id: "VERSION", name: "VERSION", description: "The version.", parameters: [] },
  ],
};

describe("formulaCatalog.ts", () => {
  it("lists the functions of functions.json under the LEDGER namespace, in order", () => {
    const catalog = catalogOf(METADATA);
    expect(catalog.map((entry) => entry.name)).toEqual([
      "LEDGER.LIST",
      "LEDGER.BALANCED",
      "LEDGER.VERSION",
    ]);
    expect(catalog[0]?.description).toBe("Records of a collection.");
  });

  it("refuses a file that lists no functions", () => {
    expect(() => catalogOf({})).toThrow(/no functions/);
    expect(() => catalogOf(null)).toThrow(/no functions/);
  });

  it.each([
    ['The collection, for example "credit notes" or "bills".', '"credit notes"'],
    ["Amounts, for example C2:C20; empty cells are skipped.", "C2:C20"],
    ["A range or a list, for example D2:D20.", "D2:D20"],
    ["How many, for example 50.", "50"],
    ["How many: 1 to 2000.", undefined],
  ])("finds the example in %j", (description, example) => {
    expect(exampleIn(description)).toBe(example);
  });

  it("makes the example of the required arguments and the project, optional ones before it given their example", () => {
    const [list, balanced, version] = catalogOf(METADATA);
    expect(exampleFormula(list!, "Acme")).toBe('=LEDGER.LIST("invoices", 500, "Acme")');
    expect(exampleFormula(list!, "")).toBe('=LEDGER.LIST("invoices")');
    expect(exampleFormula(list!)).toBe('=LEDGER.LIST("invoices")');
    expect(exampleFormula(balanced!, "Acme")).toBe("=LEDGER.BALANCED(C2:C20, D2:D20)");
    expect(exampleFormula(version!, "Acme")).toBe("=LEDGER.VERSION()");
  });

  it("quotes a project's name as a formula's text", () => {
    expect(formulaText('Smith "& Sons"')).toBe('"Smith ""& Sons"""');
    const [list] = catalogOf(METADATA);
    expect(exampleFormula(list!, 'A "B"')).toBe('=LEDGER.LIST("invoices", 500, "A ""B""")');
  });

  it("gives every LEDGER function of src/functions an example with all its required arguments", async () => {
    const generated = await generateCustomFunctionsMetadata(
      path.resolve(__dirname, "../../../../src/functions/functions.ts"),
    );
    expect(generated.errors).toEqual([]);
    const catalog = catalogOf(JSON.parse(generated.metadataJson));
    expect(catalog.length).toBeGreaterThanOrEqual(7);
    for (const entry of catalog) {
      expect(entry.description).not.toBe("");
      for (const project of ["Acme", undefined]) {
        const example = exampleFormula(entry, project);
        // No argument left empty: neither "( ," nor ", ," nor ", )".
        expect(example).not.toMatch(/\(\s*,|,\s*,|,\s*\)/);
      }
    }
    const list = catalog.find((entry) => entry.name === "LEDGER.LIST");
    expect(exampleFormula(list!, "Acme")).toBe('=LEDGER.LIST("invoices", 500, "Acme")');
    const payments = catalog.find((entry) => entry.name === "LEDGER.PAYMENTS");
    expect(exampleFormula(payments!, "Acme")).toBe('=LEDGER.PAYMENTS(500, "Acme")');
    expect(exampleFormula(payments!)).toBe("=LEDGER.PAYMENTS()");
    const journalField = catalog.find((entry) => entry.name === "LEDGER.JOURNAL.FIELD");
    expect(exampleFormula(journalField!, "Acme")).toBe(
      '=LEDGER.JOURNAL.FIELD("TRX-2026-0001", "total debit", "Acme")',
    );
  });
});
