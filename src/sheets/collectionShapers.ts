// Which shapers, sheet and table an import uses: payments with their linked allocations sheet,
// or a discovering shaper for a collection whose schema the contract does not show, with a linked
// sheet for its nested list (invoice lines) once the first page with records has shown one.
import type { JsonRecord, Payment } from "../api";
import type { TableProject } from "../domain/tableOwnership";
import type { TableLayout } from "./tableNameAndStatus";
import {
  createAllocationsShaper,
  createDiscoveringShaper,
  createPaymentsShaper,
  estimateRowBytes,
  PAYMENT_ALLOCATIONS_LABEL,
  RecordShaper,
  ShapedBlock,
  sheetNameFor,
  tableNameFor,
} from "../sheets";
import { withProjectName } from "./names";
import { NestedListChoice } from "./nestedList";
import { createNestedListShaper } from "./shapeNestedList";
import type { ShapeOptions } from "./typedCells";
import { collectionInfo, type CollectionId } from "../domain/collections";

/** A shaped block with its estimated request size. */
export interface ShapedRows extends ShapedBlock {
  readonly bytes: number;
  /** Each row's share of `bytes`, so a page can be split between requests. */
  readonly rowBytes: readonly number[];
}

/** The linked sheet's rows of a page, and how many of them each main row (record) has. */
export interface LinkedRows extends ShapedRows {
  readonly perRecord: readonly number[];
}

/** One page shaped: its main rows, and the linked rows when there is a linked sheet. */
export interface ShapedPage {
  readonly main: ShapedRows;
  readonly linked?: LinkedRows;
}

/**
 * A column of a block that holds text cells among its numbers or dates gets its number formats as
 * one 2-D array, a cell each (the writer: one range per column, not one per text cell). Each row
 * of such a column costs an element such as `["yyyy-mm-dd hh:mm:ss"],`: 24 bytes at most.
 */
export const FORMAT_ARRAY_CELL_BYTES = 24;

/**
 * The block's rows with their estimated request bytes: the values' JSON, and for every column
 * holding text cells or cells of their own format, that column's number format element on
 * every row.
 */
export function withBytes(block: ShapedBlock): ShapedRows {
  const mixedColumns = new Set(
    [...block.textCells, ...(block.formatCells ?? [])].map((cell) => cell.column),
  ).size;
  const formats = mixedColumns * FORMAT_ARRAY_CELL_BYTES;
  const counted = block.rowValueBytes;
  const rowBytes = block.rows.map(
    (row, index) => (counted?.[index] ?? estimateRowBytes(row)) + formats,
  );
  let bytes = 0;
  for (const each of rowBytes) bytes += each;
  return { ...block, bytes, rowBytes };
}

/** The linked sheet of an import: where it goes, its shaper, whose rows it holds. */
export interface LinkedSheet {
  readonly layout: TableLayout;
  readonly shaper: RecordShaper;
  /** For its status line: "Allocations of the payments", "Lines of the invoices". */
  readonly what: string;
  /** One of its rows, for messages: "allocation", "line". */
  readonly noun: string;
}

export interface CollectionShapers {
  readonly layout: TableLayout;
  readonly main: RecordShaper;
  /**
   * The linked sheet of the records' nested list ("Payment allocations", "Invoice lines"); for a
   * discovered collection, known once a page with records has been shaped.
   */
  readonly linked?: LinkedSheet;
  /** Shapes one page: its main rows, and the linked rows when there is a linked sheet. */
  shapePage(records: readonly JsonRecord[], payments?: readonly Payment[]): ShapedPage;
}

/**
 * The sheet and table of `label`'s import: "Invoices" / "Invoices"; for a project other than the
 * workbook's first, with its name: "Invoices (Acme)" / "Invoices_Acme", so projects never share
 * a table and each reads plainly (the project's name is kept whole, the collection's is cut).
 * The first project's tables keep plain names, which formulas written before a second project
 * came use; a sheet it gets once the workbook has several names it too.
 */
export function layoutFor(label: string, project?: TableProject): TableLayout {
  if (project === undefined)
    return { sheetName: sheetNameFor(label), tableName: tableNameFor(label) };
  if (project.first) {
    const sheet = project.named === true ? withProjectName(label, project.label) : label;
    return { sheetName: sheetNameFor(sheet), tableName: tableNameFor(label), project };
  }
  return {
    sheetName: sheetNameFor(withProjectName(label, project.label)),
    tableName: `${tableNameFor(label)}_${tableNameFor(project.label).replace(/^_/, "")}`,
    project,
  };
}

/** A linked table's sheet and table, recorded with the table name of its records' import. */
function linkedLayout(label: string, parentLabel: string, project?: TableProject): TableLayout {
  return { ...layoutFor(label, project), parent: layoutFor(parentLabel, project).tableName };
}

/** The shapers of a collection's import; `options` for a file other than a workbook (CSV). */
export function shapersFor(
  collection: CollectionId,
  project?: TableProject,
  options: ShapeOptions = {},
): CollectionShapers {
  const info = collectionInfo(collection);
  if (collection === "payments") {
    const payments = createPaymentsShaper(options);
    const allocations = createAllocationsShaper(options);
    return {
      layout: layoutFor(info.label, project),
      main: payments,
      linked: {
        layout: linkedLayout(PAYMENT_ALLOCATIONS_LABEL, info.label, project),
        shaper: allocations,
        what: "Allocations of the payments",
        noun: "allocation",
      },
      shapePage: (_records, typed = []) => {
        const linked = withBytes(allocations.shapePayments(typed));
        // One allocation row per allocation, in payment order (createAllocationsShaper).
        const perRecord = typed.map((payment) => payment.allocations.length);
        if (perRecord.reduce((sum, n) => sum + n, 0) !== linked.rows.length) {
          throw new Error("The allocation rows do not match the payments' allocations.");
        }
        return { main: withBytes(payments.shapePayments(typed)), linked: { ...linked, perRecord } };
      },
    };
  }
  const nested = new NestedListChoice(info.label);
  const shaper = createDiscoveringShaper(options, nested);
  const items = createNestedListShaper(nested, options);
  return {
    layout: layoutFor(info.label, project),
    main: shaper,
    get linked() {
      const list = nested.list;
      return list
        ? {
            layout: linkedLayout(list.label, info.label, project),
            shaper: items,
            what: list.what,
            noun: list.link.childNoun,
          }
        : undefined;
    },
    shapePage: (records) => {
      // The first page with records decides which list, if any, gets its own sheet.
      const list = nested.choose(records);
      const main = withBytes(shaper.shape(records));
      if (!list) return { main };
      const { block, perRecord } = items.shapeParents(records);
      return { main, linked: { ...withBytes(block), perRecord } };
    },
  };
}
