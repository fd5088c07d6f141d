// Any text a server sends makes a valid .xlsx that reads back as that text: characters XML
// cannot hold replaced by U+FFFD (and said, per column), spaces, carriage returns and DEL kept.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as ExcelJS from "exceljs";
import JSZip from "jszip";
import { PartialFile } from "../../../src/cli/partialFile";
import { XlsxBook } from "../../../src/cli/xlsxBook";
import { xlsxText } from "../../../src/cli/xlsxText";
import { exportListOf } from "../../../src/export/exportLists";
import { ListRows } from "../../../src/export/exportRows";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "xlsx-text-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** XML 1.0's Char production (section 2.2): every character of a well-formed document. */
const XML_CHARS = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

/** Sent by the server → what a reader of the file must get. */
const TEXTS: readonly (readonly [string, string])[] = [
  ["a\ufffeb", "a\ufffdb"],
  ["\uffff", "\ufffd"],
  ["half \ud800 pair", "half \ufffd pair"],
  ["low \udc00 half", "low \ufffd half"],
  ["emoji 🧾 whole", "emoji 🧾 whole"],
  ["ctrl\u0001\u001f\u000b", "ctrl\ufffd\ufffd\ufffd"],
  ["  padded  ", "  padded  "],
  ["\ttabbed", "\ttabbed"],
  ["crlf\r\nline", "crlf\r\nline"],
  ["lone\rcr", "lone\rcr"],
  ["del\u007f", "del\u007f"],
  ["_x0041_ literal", "_x0041_ literal"],
  ["_x0041_x0042_", "_x0041_x0042_"],
  ["plain", "plain"],
  ["a < b & c > d", "a < b & c > d"],
  [" <padded & marked> ", " <padded & marked> "],
];

describe("xlsxText", () => {
  it("replaces what XML cannot hold and counts it; plain text stays a plain string", () => {
    expect(xlsxText("plain")).toEqual({ value: "plain", replaced: 0 });
    expect(xlsxText("a\ufffeb\u0000")).toEqual({ value: "a\ufffdb\ufffd", replaced: 2 });
    expect(xlsxText(" x")).toEqual({ value: { richText: [{ text: " x" }] }, replaced: 0 });
    expect(xlsxText("a\rb_x0041_")).toEqual({
      value: { richText: [{ text: "a_x000D_b_x005F_x0041_" }] },
      replaced: 0,
    });
  });
});

describe("an .xlsx of awkward text", () => {
  it("is well-formed XML, reads back as the text, and says which column had a replacement", async () => {
    const list = exportListOf("invoices");
    const rows = new ListRows(list);
    const records = TEXTS.map(([sent], index) => ({ id: `inv-${index}`, reference: sent }));
    const path = join(dir, "awkward.xlsx");
    const file = await PartialFile.create(path);
    const book = new XlsxBook(file, () => Promise.resolve(dir));
    const sheet = book.live(list.main);
    await sheet.add(records.map((record) => rows.rowsOf(record)!.main));
    await sheet.finish();
    await book.commit();
    await file.commit();
    expect(book.notes).toEqual([
      "Invoices, reference: 5 cells held characters an .xlsx cannot hold (control characters, U+FFFE, U+FFFF or half a surrogate pair); each is shown as \ufffd (U+FFFD).",
    ]);

    const zip = await JSZip.loadAsync(readFileSync(path));
    const xml = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
    expect(XML_CHARS.test(xml)).toBe(true);
    expect(xml).toContain('<t xml:space="preserve">  padded  </t>');
    expect(xml).toContain("<v>a &lt; b &amp; c &gt; d</v>");

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const worksheet = workbook.worksheets[0]!;
    const header = (worksheet.getRow(1).values as unknown[]).map(String);
    const reference = header.indexOf("reference");
    const read = TEXTS.map((_, index) => {
      const value = worksheet.getRow(index + 2).getCell(reference).value;
      return typeof value === "object" && value !== null && "richText" in value
        ? value.richText.map((run) => run.text).join("")
        : value;
    });
    expect(read).toEqual(TEXTS.map(([, expected]) => expected));
  });
});
