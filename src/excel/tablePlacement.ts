// Where an import table is, as opening it found or made it, and what the import may write there.
import type { UserColumns } from "../sheets/userColumns";
import type { StatusBlocked } from "./statusCell";
import type { TableView } from "./tableView";

/**
 * A refresh of a table that holds an earlier import's rows. The new rows go in below them, and
 * the old ones are dropped only once the whole list has arrived; a refresh that fails or is
 * cancelled takes its new rows and columns out again, so the table is as it was.
 */
export interface Replacing {
  /** The table's data rows before the refresh. */
  readonly oldRows: number;
  /** The table's columns before the refresh appended any. */
  readonly oldWidth: number;
  /** The filters and sort to apply again after the write. */
  readonly view: TableView;
  /** The columns the user added, and what each new row gets in them. */
  readonly userColumns: UserColumns;
  /** When the rows the table keeps on failure were imported (ISO), when the record says. */
  readonly since?: string;
}

/** Where the table is, as found or created by openImportTable. */
export interface Placement {
  readonly sheetName: string;
  readonly tableName: string;
  /** Zero-based row and column of the header row's first cell. */
  readonly headerRow: number;
  readonly firstColumn: number;
  /**
   * Zero-based row of the status cell (two rows above the header), or null when the import may
   * not write there: the table sits too high for one, or the cell holds the user's content.
   */
  readonly statusRow: number | null;
  /** Why there is no status cell: "no room", or the address of the user's cell in the way. */
  readonly statusBlocked?: StatusBlocked;
  /**
   * Data rows below the header (and below the rows a refresh replaces) that are the import's to
   * write in place: the one empty row of a new table. Rows beyond them are inserted, so the
   * user's cells under the table move down rather than being written over.
   */
  readonly ownedRows: number;
  /** The user had hidden the table's header row: it is hidden again when the import finishes. */
  readonly hideHeaders?: boolean;
  /**
   * The user switched the table's total row on (Table Design > Total Row). It stays directly
   * under the data: rows are inserted above it, never written over it.
   */
  readonly totalsRow: boolean;
  /** False when the user hid the sheet: it is not activated at the end. */
  readonly visible: boolean;
  /** Set when the table holds an earlier import's rows, which the new ones replace. */
  readonly replacing?: Replacing;
}
