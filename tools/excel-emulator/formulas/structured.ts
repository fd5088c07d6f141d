// Structured table references: the part in brackets after a table name, e.g. Table1[Amount],
// Table1[#All], Table1[[#Headers],[Name]], Table1[[Debit]:[Credit]].
import { FormulaSyntaxError } from "./syntaxError";

export type TableItem = "#All" | "#Data" | "#Headers" | "#Totals" | "#This Row";

const ITEMS: readonly TableItem[] = ["#All", "#Data", "#Headers", "#Totals", "#This Row"];

export interface StructuredSpec {
  /** Special items; none means the data body. */
  readonly items: readonly TableItem[];
  readonly firstColumn?: string;
  /** Set for a column span [A]:[B]. */
  readonly lastColumn?: string;
}

/** Parses the text inside the outer brackets. Throws on what Excel would refuse. */
export function parseStructuredSpec(inner: string): StructuredSpec {
  const trimmed = inner.trim();
  if (trimmed === "") return { items: [] };
  if (trimmed.startsWith("@")) {
    const column = trimmed.slice(1).replace(/^\[(.*)\]$/s, "$1");
    return { items: ["#This Row"], firstColumn: unescapeColumn(column) };
  }
  if (!trimmed.startsWith("[")) return single(trimmed);
  const parts = splitTopLevel(trimmed);
  const items: TableItem[] = [];
  let firstColumn: string | undefined;
  let lastColumn: string | undefined;
  for (const part of parts) {
    const span = /^\[((?:[^\]']|'.)*)\]:\[((?:[^\]']|'.)*)\]$/s.exec(part.trim());
    if (span) {
      firstColumn = unescapeColumn(span[1] ?? "");
      lastColumn = unescapeColumn(span[2] ?? "");
      continue;
    }
    const m = /^\[((?:[^\]']|'.)*)\]$/s.exec(part.trim());
    if (!m) throw new FormulaSyntaxError(`Bad table reference part ${part}.`);
    const piece = single(m[1] ?? "");
    items.push(...piece.items);
    if (piece.firstColumn !== undefined) firstColumn = piece.firstColumn;
  }
  const spec: StructuredSpec = { items };
  if (firstColumn === undefined) return spec;
  return lastColumn === undefined ? { items, firstColumn } : { items, firstColumn, lastColumn };
}

function single(text: string): StructuredSpec {
  const item = ITEMS.find((i) => i.toLowerCase() === text.trim().toLowerCase());
  if (item) return { items: [item] };
  if (text.startsWith("#")) throw new FormulaSyntaxError(`Unknown table item ${text}.`);
  return { items: [], firstColumn: unescapeColumn(text) };
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (ch === "'") {
      current += ch + (text[i + 1] ?? "");
      i++;
      continue;
    }
    if (ch === "[") depth++;
    if (ch === "]") depth--;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

/** Column names escape [ ] # ' with a leading apostrophe. */
function unescapeColumn(text: string): string {
  return text.replace(/'(.)/gs, "$1");
}

function escapeColumn(name: string): string {
  return name.replace(/(['[\]#])/g, "'$1");
}

/** The text of a structured reference, as Excel writes it. */
export function formatStructured(table: string, spec: StructuredSpec): string {
  const columnPart =
    spec.firstColumn === undefined
      ? undefined
      : spec.lastColumn === undefined
        ? `[${escapeColumn(spec.firstColumn)}]`
        : `[${escapeColumn(spec.firstColumn)}]:[${escapeColumn(spec.lastColumn)}]`;
  if (spec.items.length === 0 && columnPart === undefined) return `${table}[]`;
  if (spec.items.length === 1 && spec.items[0] === "#This Row" && spec.lastColumn === undefined) {
    // Excel writes "this row" with @: [@Amount], or [@[Due date]] when the name needs brackets.
    const name = spec.firstColumn;
    if (name !== undefined) {
      const plain = /^[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_\u00C0-\uFFFF]*$/.test(name);
      return `${table}[@${plain ? name : `[${escapeColumn(name)}]`}]`;
    }
  }
  if (spec.items.length === 0 && spec.lastColumn === undefined) return `${table}${columnPart}`;
  if (spec.items.length === 1 && columnPart === undefined) return `${table}[${spec.items[0]}]`;
  const parts = spec.items.map((item) => `[${item}]`);
  if (columnPart !== undefined) parts.push(columnPart);
  return `${table}[${parts.join(",")}]`;
}
