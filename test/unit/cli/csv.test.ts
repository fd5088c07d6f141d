// CSV quoting (RFC 4180) and the OWASP rule against formula injection, checked against an
// independent reader: what is written reads back as the text it was, apart from the guard.
import fc from "fast-check";
import { csvLine, csvText } from "../../../src/cli/csv";
import type { JsonRecord } from "../../../src/api";
import { csvTable } from "../../../src/cli/textTables";
import { exportListOf } from "../../../src/export/exportLists";
import { ListRows } from "../../../src/export/exportRows";

/** The guard's rule, restated: not a plain number, and a formula sign first (after blanks). */
function shouldGuard(text: string): boolean {
  if (/^[+-]?\d+(\.\d+)?$/.test(text)) return false;
  const lead = /^[\s\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]*/;
  return /^[\t\r]/.test(text) || /^[=+\-@＝＋－＠]/.test(text.replace(lead, ""));
}

/** An RFC 4180 reader: fields of one record (the line without its CRLF). */
function readRecord(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = "";
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) throw new Error("unterminated quote");
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      fields.push(value);
    } else {
      const comma = line.indexOf(",", i);
      const end = comma < 0 ? line.length : comma;
      const raw = line.slice(i, end);
      if (/["\r\n]/.test(raw)) throw new Error(`unquoted special character in ${raw}`);
      fields.push(raw);
      i = end;
    }
    if (i >= line.length) return fields;
    if (line[i] !== ",") throw new Error(`expected a comma at ${i}`);
    i++;
  }
}

describe("csv", () => {
  it("quotes commas, quotes and line breaks, and keeps Unicode as it is", () => {
    expect(csvText("plain")).toBe("plain");
    expect(csvText("a,b")).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText("two\nlines")).toBe('"two\nlines"');
    expect(csvText("cr\rhere")).toBe('"cr\rhere"');
    expect(csvText("Zürich — 東京 🧾")).toBe("Zürich — 東京 🧾");
    expect(
      csvLine([
        { kind: "text", text: "a" },
        { kind: "number", text: "-12.5" },
      ]),
    ).toBe("a,-12.5\r\n");
  });

  it("guards text that a spreadsheet would run as a formula (OWASP), and only text", () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText("+1+1")).toBe("'+1+1");
    expect(csvText("-2+3")).toBe("'-2+3");
    expect(csvText("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvText("\tcmd")).toBe("'\tcmd");
    expect(csvText("\rcmd")).toBe(`"'\rcmd"`);
    // A negative amount is a number, not text: it stays as it is.
    expect(csvText("-12.5")).toBe("-12.5");
    expect(csvText("-5 EUR")).toBe("'-5 EUR");
  });

  it("guards after leading spaces and invisible characters, and full-width signs", () => {
    expect(csvText(" =1+1")).toBe("' =1+1");
    expect(csvText("\n=1+1")).toBe(`"'\n=1+1"`);
    expect(csvText("\u200b=HYPERLINK(1)")).toBe("'\u200b=HYPERLINK(1)");
    expect(csvText("\ufeff\u2060+cmd")).toBe("'\ufeff\u2060+cmd");
    expect(csvText("＝1+1")).toBe("'＝1+1");
    expect(csvText("＋cmd|' /C calc'!A0")).toBe("'＋cmd|' /C calc'!A0");
    expect(csvText("－1+1")).toBe("'－1+1");
    expect(csvText("＠SUM(A1)")).toBe("'＠SUM(A1)");
    // A phone number is text a spreadsheet would read as a formula (=+1 555 0100): guarded.
    expect(csvText("+1 555 0100")).toBe("'+1 555 0100");
  });

  it("never touches an amount, as a number or as exact text", () => {
    for (const amount of ["-98765432109876.54", "-1250.125", "20659.60", "+1", "-2", "0.00"]) {
      expect(csvText(amount)).toBe(amount);
    }
  });

  it("writes a table's rows: the server's amounts, whole text, ISO dates, NULL apart from \"\"", async () => {
    const long = "x".repeat(40_000);
    const records: JsonRecord[] = [
      { id: "a", total: "20659.60", reference: long, created_at: "2026-01-15T10:00:00.123456Z" },
      { id: "b", total: "-98765432109876.54", reference: "", issue_date: "2026-01-15" },
      { id: "c", total: "-1250.125", reference: null, invoice_number: "00123" },
    ];
    const list = exportListOf("invoices");
    const rows = new ListRows(list);
    let text = "";
    const table = csvTable(
      {
        write: (data) => Promise.resolve(void (text += String(data))),
        finish: () => Promise.resolve(),
      },
      list.main,
    );
    await table.add(records.map((record) => rows.rowsOf(record)!.main));
    await table.finish();
    const [header, ...lines] = text.slice(1).split("\r\n");
    const names = header!.split(",");
    expect(names[0]).toBe("id");
    const cells = lines.slice(0, 3).map((line) => line.split(","));
    const at = (name: string) => names.indexOf(name);
    expect(cells.map((row) => row[at("total")])).toEqual([
      "20659.60",
      "-98765432109876.54",
      "-1250.125",
    ]);
    expect(cells[0]![at("reference")]).toBe(long);
    expect(cells[0]![at("created_at")]).toBe("2026-01-15T10:00:00.123456Z");
    expect(cells[1]![at("reference")]).toBe('""');
    expect(cells[1]![at("issue_date")]).toBe("2026-01-15");
    expect(cells[2]![at("reference")]).toBe("");
    expect(cells[2]![at("invoice_number")]).toBe("00123");
    expect(lines[3]).toBe("");
  });

  it("reads back every text as written, guard apart, with one field per value", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 6 }),
        (texts) => {
          const line = csvLine(texts.map((text) => ({ kind: "text", text })));
          expect(line.endsWith("\r\n")).toBe(true);
          const fields = readRecord(line.slice(0, -2));
          expect(fields).toHaveLength(texts.length);
          fields.forEach((field, index) => {
            const text = texts[index]!;
            expect(field).toBe(shouldGuard(text) ? `'${text}` : text);
            // Nothing a spreadsheet runs: a field never starts with a formula character.
            expect(shouldGuard(field)).toBe(false);
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
