// Where an import table is, as opening it found or made it, and what the import may write there.
import type { StatusBlocked } from "./statusCell";

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
   * Data rows below the header that are the import's to write in place: the table's rows when
   * it was refreshed (emptied, they stay the import's). Rows beyond them are inserted, so the
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
  /** The refreshed table was filtered: its filters were cleared so the new rows show. */
  readonly filtersCleared: boolean;
}
