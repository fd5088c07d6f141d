// The names an import gives its tables and the status line it writes above each: both are
// written and recognised here, so what an import writes and what a later import takes for its own
// cannot drift apart.
import { MAX_TABLE_NAME_LENGTH } from "../domain/excelLimits";
import type { TableProject } from "../domain/tableOwnership";
import { count } from "../util/plural";

export interface TableLayout {
  /** The sheet to create or reuse, e.g. "Invoices". */
  readonly sheetName: string;
  /** The table's name, e.g. "Invoices"; an existing table of that name is refreshed in place. */
  readonly tableName: string;
  /** The project the data comes from: only its tables are refreshed (see ownedBy). */
  readonly project?: TableProject;
  /** For a linked table (an invoice's lines), the table name its records' import asks for. */
  readonly parent?: string;
}

/** A sheet name Excel accepts that is not `taken` (case-insensitive): "Invoices (2)", ... */
export function freeSheetName(base: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((name) => name.toLowerCase()));
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, 31 - suffix.length)}${suffix}`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}

/** What holds the name an import wanted for its table: the user's, never touched. */
export interface NameInTheWay {
  /** The wanted name, e.g. "Invoices". */
  readonly name: string;
  /** A defined name (Formulas > Name Manager), or a table that no import created. */
  readonly usedBy: "defined name" | "table";
}

/** The table an import writes to, as {@link chooseImportTable} decides. */
export interface ImportTableChoice {
  /** The table's name: the wanted one, or the first free "Invoices_2", "Invoices_3", .... */
  readonly name: string;
  /** True when an earlier import created this table: it is refreshed in place. */
  readonly refresh: boolean;
  /** What holds the wanted name, when the choice is another one. */
  readonly inTheWay: NameInTheWay | null;
}

/** `name` with "_n" appended (n from 2), cut to Excel's table name length. */
function numberedName(name: string, n: number): string {
  if (n === 1) return name;
  const suffix = `_${n}`;
  const kept = name.slice(0, MAX_TABLE_NAME_LENGTH - suffix.length).replace(/[\uD800-\uDBFF]$/, "");
  return `${kept}${suffix}`;
}

/** n when `name` is `wanted` numbered n ("Invoices" 1, "Invoices_2" 2, ...), ignoring case. */
export function numberOf(wanted: string, name: string): number | undefined {
  const n = name.toLowerCase() === wanted.toLowerCase() ? 1 : Number(/_(\d+)$/.exec(name)?.[1]);
  if (!Number.isInteger(n) || n < 1) return undefined;
  return numberedName(wanted, n).toLowerCase() === name.toLowerCase() ? n : undefined;
}

/**
 * Which table an import of `wanted` writes to. An earlier import's table of that name, or
 * numbered "Invoices_2", "Invoices_3", ... (the lowest), is refreshed in place. Otherwise the
 * first of those names that nothing uses is created. Tables and defined names share one
 * namespace in Excel (ignoring case): a defined name, or a table the user made, that holds the
 * name keeps it, and the import takes the next one rather than fail or write into theirs.
 */
export function chooseImportTable(
  wanted: string,
  workbook: {
    readonly tables: readonly string[];
    readonly definedNames: readonly string[];
    /**
     * Tables earlier imports created (the ledgerSheets.importTables setting): the name each has
     * now and the name the import gave it.
     */
    readonly ours: readonly { readonly name: string; readonly given: string }[];
  },
): ImportTableChoice {
  const lower = (names: readonly string[]) => new Set(names.map((name) => name.toLowerCase()));
  const tables = lower(workbook.tables);
  const definedNames = lower(workbook.definedNames);
  const ours = lower(workbook.ours.map((table) => table.name));
  const wantedKey = wanted.toLowerCase();
  const blocker: NameInTheWay["usedBy"] | null = definedNames.has(wantedKey)
    ? "defined name"
    : tables.has(wantedKey) && !ours.has(wantedKey)
      ? "table"
      : null;
  const inTheWay = (name: string): NameInTheWay | null =>
    blocker === null || name.toLowerCase() === wantedKey ? null : { name: wanted, usedBy: blocker };
  // The import's own table, found by the name it was given: the user may have renamed it since.
  const earlier = workbook.ours
    .filter((table) => tables.has(table.name.toLowerCase()))
    .map((table) => ({ name: table.name, n: numberOf(wanted, table.given) }))
    .filter((table): table is { name: string; n: number } => table.n !== undefined)
    .sort((a, b) => a.n - b.n);
  if (earlier[0]) {
    const name = earlier[0].name;
    return { name, refresh: true, inTheWay: inTheWay(name) };
  }
  for (let n = 1; ; n++) {
    const name = numberedName(wanted, n);
    const key = name.toLowerCase();
    if (!tables.has(key) && !definedNames.has(key)) {
      return { name, refresh: false, inTheWay: inTheWay(name) };
    }
  }
}

/**
 * A collection's label as an import's status lines and messages say it: "Invoices of Acme" when
 * the workbook has several projects, so that two companies' tables never read the same.
 */
export function labelForProject(label: string, project?: TableProject): string {
  return project?.named === true ? `${label} of ${project.label}` : label;
}

/** The status line while an import of `label` from `source` runs, `rows` records written. */
export function importingStatus(label: string, source: string, rows: number): string {
  return `Importing ${label} from ${source}: ${count(rows, "record")} so far (partial until finished)…`;
}

/**
 * The status line of an import's linked table (a payment's allocations, an invoice's lines)
 * while the import runs; `what` says whose: "Allocations of the payments".
 */
export function linkedImportingStatus(what: string, parentSheet: string): string {
  return `${what} on sheet ${parentSheet}; importing…`;
}

/** The final status line of an import's linked table: the parent table's status. */
export function linkedStatus(what: string, parentSheet: string, parentStatus: string): string {
  return `${what} on sheet ${parentSheet} · ${parentStatus}`;
}

/** The progress lines an import writes while it runs ({@link importingStatus} and the like). */
const PROGRESS_STATUS =
  /^(Importing .+ from .+: [\d,]+ records? so far \(partial until finished\)…|[^;]+ of the [^;]+ on sheet .+; importing…)$/;

/** True when `text` is a status line an import writes while it runs. */
export function isProgressStatus(text: string): boolean {
  return PROGRESS_STATUS.test(text);
}

/**
 * Whether the status cell two rows above a refreshed table may be written, given its formula and
 * the table's record (the last import's final status, and whether it was shown there): it is
 * empty, or it still holds the status line the last import wrote there. Anything else is the
 * user's.
 */
export function statusCellIsOurs(
  formula: unknown,
  table: { readonly status?: string; readonly shown?: boolean },
): boolean {
  if (formula === "" || formula === null || formula === undefined) return true;
  if (typeof formula !== "string" || !table.shown || table.status === undefined) return false;
  // A progress line means the last import was stopped (the task pane closed) after it wrote
  // its first block.
  return formula === table.status || isProgressStatus(formula);
}
