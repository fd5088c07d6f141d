import { layoutJournal, parseJournalGrid } from "../../../src/journal";
import type { JournalDraft, JournalGridReading } from "../../../src/journal";
import { dateToSerial } from "../../../src/sheets";
import { seededJournal } from "./seededJournals";
import { SheetGrid, drawnSheet } from "./sheetGrid";

// JNL-0001 as drawn: date B7, currency B8, rate B9, description B10; lines header in row 18,
// lines in rows 19 (debit 2500.00) and 20 (credit 2500.00), spare rows 21-30, Total row 31
// (F31 and G31), Difference row 32 (F32).

function read(grid: SheetGrid): JournalGridReading {
  return parseJournalGrid(grid.snapshot());
}

/** A draft's values in plain JSON (amounts as their decimal text). */
function plain(draft: JournalDraft | null): unknown {
  return JSON.parse(JSON.stringify(draft));
}

function messages(reading: JournalGridReading): string[] {
  return reading.problems.map((problem) => problem.message);
}

describe("parse.ts", () => {
  describe("parseJournalGrid()", () => {
    it("reads a freshly drawn DRAFT journal into its draft, without problems", () => {
      const journal = seededJournal("JNL-0002");
      const reading = read(drawnSheet("JNL-0002"));
      expect(reading.problems).toEqual([]);
      expect(reading.notices).toEqual([]);
      expect(plain(reading.draft)).toEqual({
        transactionDate: "2026-01-28",
        currency: "EUR",
        exchangeRate: "1.08",
        description: "EU consulting revenue and travel",
        lines: journal.lines.map((line, index) => ({
          row: 19 + index,
          accountId: line.account_id,
          accountCode: line.account_code,
          description: line.description ?? "",
          ...(line.debit === "0.00" ? {} : { debit: String(Number(line.debit)) }),
          ...(line.credit === "0.00" ? {} : { credit: String(Number(line.credit)) }),
          taxId: line.tax_id ?? "",
          contactId: line.contact_id ?? "",
          staffId: line.staff_id ?? "",
          lineId: line.id,
        })),
      });
    });

    it("ignores blank rows: a line typed after empty spare rows is read, numbered among non-blank lines", () => {
      const grid = drawnSheet("JNL-0001")
        .set("G20", 2000)
        .set("L25", "acc-new")
        .set("G25", 500)
        .set("D25", "Second half");
      const reading = read(grid);
      expect(reading.problems).toEqual([]);
      expect(reading.draft?.lines.map((line) => [line.row, line.accountId])).toEqual([
        [19, seededJournal("JNL-0001").lines[0]?.account_id],
        [20, seededJournal("JNL-0001").lines[1]?.account_id],
        [25, "acc-new"],
      ]);
    });

    it("treats a row whose input cells are all empty as blank, even with its line number, account name and line id left", () => {
      const grid = drawnSheet("JNL-0001");
      for (const address of ["L20", "B20", "D20", "F20", "G20", "E20", "I20", "J20"]) {
        grid.set(address, "");
      }
      expect(grid.get("K20")).not.toBe("");
      expect(read(grid).problems).toEqual([
        { address: "F32", message: "Debits 2,500.00 and credits 0.00 differ by 2,500.00" },
        { address: null, message: "The journal needs at least two lines; the sheet has 1" },
      ]);
    });

    it("treats input cells holding only spaces as empty", () => {
      const grid = drawnSheet("JNL-0001").set("D25", "   ").set("E26", " ");
      expect(read(grid).problems).toEqual([]);
    });

    it("finds the fields and the lines by their labels after rows are inserted above, between and within", () => {
      const grid = drawnSheet("JNL-0001")
        .insertRows(2, 2) // above the header block
        .insertRows(10, 1) // between Transaction date (now row 9) and Currency
        .insertRows(23, 3); // between the two lines (now rows 22 and 26)
      grid.set("B11", "usd").set("G26", 2400);
      const reading = read(grid);
      expect(reading.problems).toEqual([
        { address: "B11", message: "Currency (B11): write “usd” in capitals: USD" },
        { address: "F38", message: "Debits 2,500.00 and credits 2,400.00 differ by 100.00" },
      ]);
    });

    it("reads the lines up to the Total row after line and spare rows are deleted", () => {
      const grid = drawnSheet("JNL-0003").deleteRows(27, 10).deleteRows(20, 1);
      // Row 20 was James Okafor's 2,000.20 debit: the journal is now short of that amount.
      const reading = read(grid);
      expect(reading.problems).toEqual([
        { address: "F27", message: "Debits 4,747.50 and credits 6,747.70 differ by 2,000.20" },
      ]);
    });

    it("settles float noise from formulas: =0.1+0.2 reads as 0.30", () => {
      const grid = drawnSheet("JNL-0001")
        .setComputed("F19", "=0.1+0.2", 0.1 + 0.2)
        .setComputed("G20", "=1000.10-999.80", 1000.1 - 999.8);
      const reading = read(grid);
      expect(reading.problems).toEqual([]);
      expect(reading.draft?.lines.map((line) => (line.debit ?? line.credit)?.toFixed(2))).toEqual([
        "0.30",
        "0.30",
      ]);
    });

    it("refuses a real sub-cent amount, naming the line and its cell, and judges the balance with it as it stands", () => {
      const reading = read(drawnSheet("JNL-0001").set("G20", 10.005));
      expect(reading.problems).toEqual([
        {
          address: "G20",
          message:
            "Line 2, Credit (G20): 10.005 has more than two decimals. If it is a formula result, wrap the formula in ROUND(…, 2)",
        },
        {
          address: "F32",
          message:
            "Debits 2,500.00 and credits 10.005 differ by 2,489.995, counting G20 as it stands",
        },
      ]);
      expect(reading.draft).toBeNull();
    });

    it("reports a sub-cent amount and the imbalance it hid in one pass, with no misleading total", () => {
      // The debit is 2,600.00; the credit 2,500.005: fixing the credit alone would not balance.
      const reading = read(drawnSheet("JNL-0001").set("F19", 2600).set("G20", 2500.005));
      expect(reading.problems.map((problem) => [problem.address, problem.message])).toEqual([
        [
          "G20",
          "Line 2, Credit (G20): 2500.005 has more than two decimals. If it is a formula result, wrap the formula in ROUND(…, 2)",
        ],
        [
          "F32",
          "Debits 2,600.00 and credits 2,500.005 differ by 99.995, counting G20 as it stands",
        ],
      ]);
      // The Total shows 2,500.01: no note claims the lines add up to 0.00 "which would be sent".
      expect(reading.notices.filter((notice) => /would be sent/.test(notice.message))).toEqual([]);
    });

    it("judges the balance in one pass when every refused amount balances as it stands", () => {
      const reading = read(drawnSheet("JNL-0001").set("F19", 10.005).set("G20", 10.005));
      expect(reading.problems.map((problem) => problem.address)).toEqual(["F19", "G20"]);
    });

    it("reports an Excel error in an amount cell, and does not judge the balance without it", () => {
      const reading = read(drawnSheet("JNL-0001").setComputed("F19", "=1/0", "#DIV/0!"));
      expect(reading.problems).toEqual([
        {
          address: "F19",
          message:
            "Line 1, Debit (F19): the cell shows the error #DIV/0!; correct its formula or type the value",
        },
      ]);
    });

    it("reports an Excel error a formula shows in a text cell, but keeps text typed as #N/A", () => {
      const grid = drawnSheet("JNL-0001")
        .setComputed("L19", "=VLOOKUP(B19,Accounts,2)", "#N/A")
        .set("D20", "#N/A");
      const reading = read(grid);
      expect(reading.problems).toEqual([
        {
          address: "L19",
          message:
            "Line 1, Account ID (L19): the cell shows the error #N/A; correct its formula or type the value",
        },
      ]);
      const fixed = read(drawnSheet("JNL-0001").set("D20", "#N/A"));
      expect(fixed.draft?.lines[1]?.description).toBe("#N/A");
    });

    it("reports an Excel error in a header field", () => {
      const reading = read(drawnSheet("JNL-0001").setComputed("B9", "=1/0", "#DIV/0!"));
      expect(messages(reading)).toEqual([
        "Exchange rate (B9): the cell shows the error #DIV/0!; correct its formula or type the value",
      ]);
    });

    it("accepts the date as a serial (a time of day ignored) or as YYYY-MM-DD text", () => {
      const serial = dateToSerial("2026-02-15") ?? 0;
      expect(read(drawnSheet("JNL-0001").set("B7", serial + 0.75)).draft?.transactionDate).toBe(
        "2026-02-15",
      );
      expect(read(drawnSheet("JNL-0001").set("B7", " 2026-02-16 ")).draft?.transactionDate).toBe(
        "2026-02-16",
      );
    });

    it("reads the exchange rate as the decimal Excel shows (1.1, not its binary double)", () => {
      expect(read(drawnSheet("JNL-0002").set("B9", 1.1)).draft?.exchangeRate).toBe("1.1");
      expect(read(drawnSheet("JNL-0002").set("B9", "1.25")).draft?.exchangeRate).toBe("1.25");
    });

    it("refuses amounts typed as text, which the sheet's totals leave out, naming their cells", () => {
      const reading = read(drawnSheet("JNL-0001").set("F19", "2500.00").set("G20", " 2500 "));
      const tail =
        "is text, not a number, so the sheet's totals leave it out; enter it as a number " +
        "(retype it, or clear the cell's text format first)";
      expect(reading.problems).toEqual([
        { address: "F19", message: `Line 1, Debit (F19): 2500.00 ${tail}` },
        { address: "G20", message: `Line 2, Credit (G20): 2500 ${tail}` },
      ]);
      expect(reading.draft).toBeNull();
    });

    it("refuses amounts of more than 15 significant digits, naming their cells", () => {
      const journal = { ...seededJournal("JNL-0005"), status: "DRAFT" as const };
      const reading = read(SheetGrid.fromLayout(layoutJournal(journal)));
      const tail =
        "98765432109876.54 has more than 15 significant digits, which the server's numbers " +
        "cannot hold exactly (its cents would change); split it over several lines";
      expect(reading.problems).toEqual([
        { address: "F19", message: `Line 1, Debit (F19): ${tail}` },
        { address: "G20", message: `Line 2, Credit (G20): ${tail}` },
      ]);
      expect(reading.draft).toBeNull();
      const fifteen = read(drawnSheet("JNL-0001").set("F19", 9876543210987.65));
      expect(fifteen.problems.map((p) => p.address)).toEqual(["F32"]); // only the balance
    });

    it("refuses a typed sub-cent part that float noise cannot explain, naming its cell", () => {
      const reading = read(drawnSheet("JNL-0001").set("F19", 10.0000004).set("G20", 0.000001));
      expect(reading.problems.slice(0, 2)).toEqual([
        {
          address: "F19",
          message:
            "Line 1, Debit (F19): 10.0000004 has more than two decimals. If it is a formula result, wrap the formula in ROUND(…, 2)",
        },
        {
          address: "G20",
          message:
            "Line 2, Credit (G20): 0.000001 has more than two decimals. If it is a formula result, wrap the formula in ROUND(…, 2)",
        },
      ]);
    });

    it("reads an id typed as a number (a cell that lost its @ format) as its digits", () => {
      const reading = read(drawnSheet("JNL-0001").set("E19", 123).set("I20", true));
      expect(reading.draft?.lines.map((line) => [line.taxId, line.contactId])).toEqual([
        ["123", ""],
        ["", "TRUE"],
      ]);
    });

    it("trims ids, codes and the currency, but keeps descriptions exactly as typed", () => {
      const grid = drawnSheet("JNL-0001")
        .set("B8", " USD ")
        .set("L20", ` ${seededJournal("JNL-0001").lines[1]?.account_id ?? ""}\t`)
        .set("D20", "  =1+1 ")
        .set("B10", " Accrual ");
      const draft = read(grid).draft;
      expect(draft?.currency).toBe("USD");
      expect(draft?.lines[1]?.accountId).toBe(seededJournal("JNL-0001").lines[1]?.account_id);
      expect(draft?.lines[1]?.description).toBe("  =1+1 ");
      expect(draft?.description).toBe(" Accrual ");
    });

    it("reads the lines table by its headers, wherever its columns are", () => {
      const grid = drawnSheet("JNL-0001");
      // Swap the Debit and Credit columns, headers included.
      for (let row = 18; row <= 20; row++) {
        const [debit, credit] = [grid.get(`F${row}`), grid.get(`G${row}`)];
        grid.set(`F${row}`, credit).set(`G${row}`, debit);
      }
      grid.set("G19", 2400);
      expect(messages(read(grid))).toEqual([
        "Debits 2,400.00 and credits 2,500.00 differ by 100.00",
      ]);
    });

    it("refuses a sheet whose lines header row was deleted, wherever the headers' words appear", () => {
      const grid = drawnSheet("JNL-0001").deleteRows(18);
      expect(read(grid)).toEqual({
        draft: null,
        problems: [
          {
            address: null,
            message:
              "The lines table's header row was deleted, so where the lines start is not known; undo that, or open the journal again to redraw the sheet",
          },
        ],
        notices: [],
      });
    });

    it("keeps every line in the draft when “Total” is typed in column A of a line row", () => {
      const drawn = read(drawnSheet("JNL-0001"));
      const grid = drawnSheet("JNL-0001").set("A19", "Total").set("A20", "Difference");
      const reading = read(grid);
      expect(reading.problems).toEqual([]);
      expect(plain(reading.draft)).toEqual(plain(drawn.draft));
      expect(reading.draft?.lines.map((line) => line.row)).toEqual([19, 20]);
    });

    it("finds the Total row by its mark after rows are inserted, whatever column A says", () => {
      const grid = drawnSheet("JNL-0001").insertRows(25, 2).set("A31", "Total").set("A33", "");
      grid.set("L26", "acc-rent").set("F26", 10).set("L27", "acc-rent").set("G27", 10);
      const reading = read(grid);
      expect(reading.problems).toEqual([]);
      expect(reading.draft?.lines.map((line) => line.row)).toEqual([19, 20, 26, 27]);
    });

    it("refuses, at its cell, a row typed under the Total row rather than leaving it out", () => {
      const grid = drawnSheet("JNL-0001").set("B35", "6000").set("F35", 100);
      expect(read(grid).problems).toEqual([
        {
          address: "B35",
          message:
            "Row 35 (B35) is under the Total row (row 31), so it is not a line and would not be sent. To add a line, insert a row above row 31 and move it there; otherwise clear it",
        },
      ]);
    });

    it("refuses a lines table missing an input column", () => {
      expect(messages(read(drawnSheet("JNL-0001").set("I18", "")))).toEqual([
        "The lines table (row 18) has no “Contact ID” column; put it back, or open the journal again to redraw the sheet",
      ]);
    });

    it("refuses a sheet whose field label is gone", () => {
      expect(messages(read(drawnSheet("JNL-0001").set("A9", "Rate")))).toEqual([
        "The “Exchange rate” field was not found (its label in column A, above the lines); put it back, or open the journal again to redraw the sheet",
      ]);
    });

    it("refuses a sheet whose Total row was deleted", () => {
      expect(messages(read(drawnSheet("JNL-0001").deleteRows(31)))).toEqual([
        "The “Total” row under the lines was deleted, so where the lines end is not known; undo that, or open the journal again to redraw the sheet",
      ]);
    });

    it("finds labels whatever their case and spacing", () => {
      const grid = drawnSheet("JNL-0001").set("A8", "  currency ").set("A31", "TOTAL");
      expect(read(grid).problems).toEqual([]);
    });

    it("counts a line inserted just above the Total row in the sheet's own totals, without a note", () => {
      const grid = drawnSheet("JNL-0001").insertRows(31, 1); // just above Total
      grid.set("L31", "acc-x").set("F31", 10).set("L30", "acc-y").set("G30", 10);
      const reading = read(grid);
      expect(reading.problems).toEqual([]);
      expect(reading.notices).toEqual([]);
      expect(grid.get("F32")).toBe(2510);
      expect(grid.get("G32")).toBe(2510);
    });

    it("notes when a line lies outside an older sheet's Total SUM range, since the sheet's own balance may then be wrong", () => {
      const grid = drawnSheet("JNL-0001").insertRows(31, 1); // just above Total: outside F18:F30
      grid.setComputed("F32", "=SUM(F18:F30)", 2500).setComputed("G32", "=SUM(G18:G30)", 2500);
      grid.set("L31", "acc-x").set("F31", 10).set("L30", "acc-y").set("G30", 10);
      const reading = read(grid);
      expect(reading.problems).toEqual([]);
      expect(reading.notices).toEqual([
        {
          address: "F32",
          message:
            "Total Debit (F32): =SUM(F18:F30) leaves out row 31, so the sheet's own balance may be wrong: it shows 2,500.00 while the lines add up to 2,510.00, which is what would be sent; Validate checks every line",
          severity: "info",
        },
        {
          address: "G32",
          message:
            "Total Credit (G32): =SUM(G18:G30) leaves out row 31, so the sheet's own balance may be wrong: it shows 2,500.00 while the lines add up to 2,510.00, which is what would be sent; Validate checks every line",
          severity: "info",
        },
      ]);
    });

    it("notes when a Total cell no longer sums its column", () => {
      const grid = drawnSheet("JNL-0001").set("F31", 2500);
      expect(read(grid).notices).toEqual([
        {
          address: "F31",
          message:
            "Total Debit (F31): holds 2500 instead of the sum of the Debit column, so the sheet's own balance may be wrong; Validate checks every line",
          severity: "info",
        },
      ]);
    });

    it("says what a Total cell shows when it differs from the exact total that would be sent", () => {
      // A constant typed over the formula.
      const typed = drawnSheet("JNL-0001").set("F31", 2400);
      expect(read(typed).notices).toEqual([
        {
          address: "F31",
          message:
            "Total Debit (F31): holds 2400 instead of the sum of the Debit column, so the sheet's own balance may be wrong: it shows 2,400.00 while the lines add up to 2,500.00, which is what would be sent; Validate checks every line",
          severity: "info",
        },
      ]);
      // The layout's own formula, not recalculated (calculation set to manual) after an edit.
      const grid = drawnSheet("JNL-0001");
      const formula = String(grid.snapshot().formulas[30]?.[6]);
      grid.set("F19", 2600).set("G20", 2600).setComputed("G31", formula, 2500);
      const reading = read(grid);
      expect(reading.problems).toEqual([]);
      expect(reading.notices).toEqual([
        {
          address: "G31",
          message:
            "Total Credit (G31): it shows 2,500.00 while the lines add up to 2,600.00, which is what would be sent; check its formula and the lines before sending",
          severity: "info",
        },
      ]);
      // Float noise in a correct total is no difference.
      const noisy = drawnSheet("JNL-0001").set("F19", 0.1).set("G20", 0.3).set("L21", "acc-z");
      noisy.set("F21", 0.2);
      expect(read(noisy).notices).toEqual([]);
    });

    it("refuses lines in hidden or filtered-out rows, which would be sent unseen", () => {
      const grid = drawnSheet("JNL-0001")
        .set("G20", 1500)
        .set("L22", "acc-hidden")
        .set("G22", 1000);
      // Rows 22 (a line) and 25 (a blank spare row) hidden.
      const reading = parseJournalGrid({ ...grid.snapshot(), hiddenRows: [22, 25] });
      expect(reading.draft).toBeNull();
      expect(reading.problems).toEqual([
        {
          address: "B22",
          message:
            "Line 3 (row 22) is hidden or filtered out, so it would be sent unseen; show the row (unhide it, or clear the filter that hides it) to check it, or delete the line",
        },
      ]);
      expect(parseJournalGrid({ ...grid.snapshot(), hiddenRows: [25] }).problems).toEqual([]);
    });

    it("refuses a field in a hidden row or column, and a hidden line column that holds values", () => {
      const grid = drawnSheet("JNL-0001");
      const snapshot = grid.snapshot();
      expect(
        parseJournalGrid({ ...snapshot, hiddenRows: [9] }).problems.map((p) => p.message),
      ).toEqual([
        "Exchange rate (B9) is in row 9, which is hidden, so it would be sent unseen; unhide it to check it before sending",
      ]);
      // Column F (Debit) holds a value; column J (Contact ID) is empty on every line.
      const columns = parseJournalGrid({ ...snapshot, hiddenColumns: [5, 9] }).problems;
      expect(columns).toEqual([
        {
          address: "F18",
          message:
            "The “Debit” column (F) is hidden and holds values on 1 line that would be sent unseen; unhide column F to check them before sending",
        },
      ]);
      expect(parseJournalGrid({ ...snapshot, hiddenColumns: [1] }).problems).toHaveLength(5); // four fields and Account ID
    });

    it("lists problems top to bottom, then left to right, and problems of the whole journal last", () => {
      const grid = drawnSheet("JNL-0001")
        .set("G20", "")
        .set("F20", "")
        .set("L19", "")
        .set("B19", "")
        .set("B8", "")
        .set("B7", "");
      for (const address of ["L20", "B20", "D20"]) grid.set(address, "");
      expect(read(grid).problems.map((problem) => problem.address)).toEqual([
        "B7",
        "B8",
        "L19",
        "F32",
        null,
      ]);
    });
  });
});

describe("a changed account code", () => {
  const journal = seededJournal("JNL-0001");
  const drawn = journal.lines.map((line) => ({
    accountId: line.account_id,
    accountCode: line.account_code,
    accountName: line.account_name,
  }));
  const [first, second] = journal.lines;

  it("is refused at its cell when no open journal knows it: the service takes IDs", () => {
    const reading = parseJournalGrid(drawnSheet("JNL-0001").set("B20", "9999").snapshot(), {
      drawnAccounts: drawn,
    });
    expect(reading.problems).toEqual([
      {
        address: "B20",
        message: `Line 2, Account code (B20): was ${second!.account_code} and is 9999, an account code none of the open journals uses; the service takes account IDs, not codes, so the line would still go to ${second!.account_code}. Enter the account's ID in Account ID (L20), or put the code back`,
      },
    ]);
  });

  it("takes the ID of the account with that code, from this or another open journal", () => {
    const grid = drawnSheet("JNL-0001").set("B20", first!.account_code);
    const reading = parseJournalGrid(grid.snapshot(), { drawnAccounts: drawn });
    expect(reading.problems).toEqual([]);
    expect(reading.draft?.lines[1]?.accountId).toBe(first!.account_id);
    const elsewhere = parseJournalGrid(drawnSheet("JNL-0001").set("B20", "4100").snapshot(), {
      drawnAccounts: drawn,
      knownAccounts: [{ accountId: "acc-sales", accountCode: "4100", accountName: "Sales" }],
    });
    expect(elsewhere.draft?.lines[1]?.accountId).toBe("acc-sales");
    expect(elsewhere.notices.map((notice) => notice.address)).toContain("L20");
  });

  it("leaves a line alone when its ID was changed too: the ID decides", () => {
    const grid = drawnSheet("JNL-0001").set("L20", "acc-new").set("B20", "9999");
    const reading = parseJournalGrid(grid.snapshot(), { drawnAccounts: drawn });
    expect(reading.problems).toEqual([]);
    expect(reading.draft?.lines[1]?.accountId).toBe("acc-new");
  });
});
