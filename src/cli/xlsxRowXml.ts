// A worksheet row as SpreadsheetML text (ECMA-376 Part 1, 18.3.1.73 row, 18.3.1.4 c), written
// directly instead of through exceljs's cell models: building a model per cell, its style
// lookup and its XML writer were most of the .xlsx export's CPU. The cells are what exceljs
// writes for the same values (numbers in `<v>`, booleans `t="b"`, text `t="str"`, text that must
// keep its spaces an inline string), so any reader sees the same workbook.
import { columnLetter } from "../sheets/cellAddresses";
import type { XlsxCell } from "./xlsxCells";

const ESCAPE = /[&<>]/;

/** Text as XML character data: the three characters markup would take for its own. */
export function xmlText(text: string): string {
  if (!ESCAPE.test(text)) return text;
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Renders rows of one table's cells, each cell's style given as the workbook's style id. */
export class XlsxRowXml {
  private readonly letters: string[];

  constructor(
    columns: number,
    private readonly styleId: (style: XlsxCell["style"]) => number,
  ) {
    this.letters = Array.from({ length: columns }, (_, index) => columnLetter(index));
  }

  /** Row `rowNumber` (1-based) of the sheet; a cell with no value is left out. */
  row(rowNumber: number, cells: readonly XlsxCell[]): string {
    let xml = `<row r="${rowNumber}">`;
    for (let index = 0; index < cells.length; index++) {
      const { value, style } = cells[index]!;
      if (value === null) continue;
      const head = `<c r="${this.letters[index]!}${rowNumber}" s="${this.styleId(style)}"`;
      if (typeof value === "number") xml += `${head}><v>${String(value)}</v></c>`;
      else if (typeof value === "boolean") xml += `${head} t="b"><v>${value ? 1 : 0}</v></c>`;
      else if (typeof value === "string") xml += `${head} t="str"><v>${xmlText(value)}</v></c>`;
      else {
        const text = xmlText(value.richText[0].text);
        xml += `${head} t="inlineStr"><is><r><t xml:space="preserve">${text}</t></r></is></c>`;
      }
    }
    return `${xml}</row>`;
  }
}
