// Refresh all's words: a table's line while it runs and after. Pure.
import type { TableProgress } from "../import/refreshAll";

const NUMBER = new Intl.NumberFormat("en-US");

/** What follows the table's name in its line, e.g. "1,200 records…" or "done: Imported …". */
export function tableProgressLine(table: TableProgress): string {
  switch (table.state) {
    case "waiting":
      return "waiting";
    case "running":
      return table.records > 0 ? `${NUMBER.format(table.records)} records…` : "starting…";
    case "done":
      return `done: ${table.message}`;
    case "partial":
      return `partial: ${table.message}`;
    case "cancelled":
      return `cancelled: ${table.message}`;
    case "failed":
      return `failed: ${table.message}`;
  }
}
