// Which cells of a journal sheet are shaded grey: exactly those whose content the PATCH that Send
// makes does not carry. What is sent is worked out from the request body on the wire (each value
// of the body traced back to the cell that holds it), not from the layout's own idea of it.
import { LedgerApi } from "../../src/api";
import type { FetchLike } from "../../src/api/environment";
import { NOT_SENT_FILL } from "../../src/excel/journalDrawing";
import { openJournal, sendActiveJournal } from "../../src/journalEditor";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { CHARTS_OF_ACCOUNTS, SEEDED_JOURNALS } from "../../tools/sandbox";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox();
/** The body of each PATCH the client put on the wire. */
let patches: string[] = [];

const recordingFetch: FetchLike = (url, init) => {
  if (init.method === "PATCH") patches.push(String(init.body));
  return globalThis.fetch(url, init);
};

function api(): LedgerApi {
  return demoApi(sandbox(), { options: { timeoutMs: 2_000, fetch: recordingFetch } });
}

function seededId(reference: string): string {
  const journal = SEEDED_JOURNALS["demo-company"].find((j) => j.reference === reference);
  if (!journal) throw new Error(`no seeded journal ${reference}`);
  return journal.id;
}

beforeEach(async () => {
  patches = [];
});

type Value = string | number | boolean;

/** The sheet from A1 to the Difference row and the lines table's last column, read by office.js. */
interface SheetView {
  readonly values: Value[][];
  readonly texts: string[][];
  /** Each cell's fill: "#RRGGBB", or null for none. */
  readonly fills: (string | null)[][];
  /** One-based rows of the lines table's header, the Total row. */
  readonly headerRow: number;
  readonly totalRow: number;
}

async function viewOf(host: OfficeJsExcelHost, sheetName: string): Promise<SheetView> {
  return host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const used = sheet.getUsedRange(false);
    used.load("values,text,rowCount,columnCount");
    await context.sync();
    const values = used.values as Value[][];
    const find = (test: (row: Value[]) => boolean): number => {
      const index = values.findIndex(test);
      if (index < 0) throw new Error("the sheet has lost its structure");
      return index + 1;
    };
    const headerRow = find((row) => row.includes("Account ID") && row.includes("Debit"));
    const totalRow = find((row) => row[0] === "Total");
    const differenceRow = find((row) => row[0] === "Difference");
    const width = values[headerRow - 1]!.filter((value) => value !== "").length;
    const cells = Array.from({ length: differenceRow }, (_, row) =>
      Array.from({ length: width }, (_, column) => {
        const fill = sheet.getCell(row, column).format.fill;
        fill.load("color,pattern");
        return fill;
      }),
    );
    await context.sync();
    return {
      values: values.slice(0, differenceRow).map((row) => row.slice(0, width)),
      texts: (used.text as string[][]).slice(0, differenceRow).map((row) => row.slice(0, width)),
      fills: cells.map((row) =>
        row.map((fill) => (fill.pattern === "None" ? null : fill.color.toUpperCase())),
      ),
      headerRow,
      totalRow,
    };
  });
}

/** What the PATCH carried, as the sheet names it: header fields by label, line columns by header. */
interface SentFields {
  readonly labels: ReadonlySet<string>;
  readonly columns: ReadonlySet<string>;
}

/**
 * Traces each value of `body` back to the cell of `sheet` that holds it: a header value to the
 * one cell above the lines table showing it, a line's value to the cell of its own row (the
 * body's lines are the sheet's non-blank rows, in order). An account_id that no cell of its row
 * holds came from the row's account code: the cell holding the code of that account.
 */
function traceBody(body: string, sheet: SheetView): SentFields {
  const update = JSON.parse(body) as Record<string, unknown> & {
    lines: Record<string, unknown>[];
  };
  const labels = new Set<string>();
  const columns = new Set<string>();
  const matches = (rows: number[], wanted: (value: Value, text: string) => boolean) =>
    rows.flatMap((row) =>
      sheet.values[row - 1]!.flatMap((value, column) =>
        value !== "" && wanted(value, sheet.texts[row - 1]![column]!) ? [{ row, column }] : [],
      ),
    );
  const one = <T>(found: T[], what: string): T => {
    if (found.length !== 1) throw new Error(`${what} is in ${found.length} cells, not one`);
    return found[0]!;
  };
  const equal = (sent: unknown) => (value: Value) =>
    typeof value === "number" ? value === Number(sent) : value === sent;

  const headerRows = Array.from({ length: sheet.headerRow - 1 }, (_, i) => i + 1);
  for (const [field, sent] of Object.entries(update)) {
    if (field === "lines") continue;
    const wanted =
      field === "transaction_date"
        ? (_: Value, text: string) => text === String(sent).slice(0, 10)
        : equal(sent);
    const { row } = one(matches(headerRows, wanted), `${field} ${String(sent)}`);
    labels.add(String(sheet.values[row - 1]![0]));
  }

  const lineRows = Array.from(
    { length: sheet.totalRow - sheet.headerRow - 1 },
    (_, i) => sheet.headerRow + 1 + i,
  ).filter((row) => sheet.values[row - 1]!.some((value, column) => column > 0 && value !== ""));
  const chart = CHARTS_OF_ACCOUNTS["demo-company"];
  update.lines.forEach((line, index) => {
    const row = lineRows[index]!;
    for (const [field, sent] of Object.entries(line)) {
      if (field === "type") continue; // the side: which of Debit and Credit holds the amount
      let found = matches([row], equal(sent));
      if (found.length === 0 && field === "account_id") {
        const code = chart.find((account) => account.id === sent)?.code;
        found = matches([row], (value) => value === code);
      }
      const { column } = one(found, `line ${index + 1}'s ${field} ${String(sent)}`);
      columns.add(String(sheet.values[sheet.headerRow - 1]![column]));
    }
  });
  return { labels, columns };
}

/** Every cell's expected fill: none where the cell's content is sent, the grey elsewhere. */
function expectedFills(sheet: SheetView, sent: SentFields): (string | null)[][] {
  const header = sheet.values[sheet.headerRow - 1]!;
  return sheet.values.map((row, r) =>
    row.map((_, column) => {
      const rowNumber = r + 1;
      const isSent =
        rowNumber < sheet.headerRow
          ? column === 1 && sent.labels.has(String(row[0]))
          : rowNumber > sheet.headerRow &&
            rowNumber < sheet.totalRow &&
            sent.columns.has(String(header[column]));
      return isSent ? null : NOT_SENT_FILL;
    }),
  );
}

describe("the shading of a journal sheet", () => {
  it("leaves white exactly the cells whose content the PATCH carries, before and after Send and after reopening", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const opened = await openJournal(deps, seededId("JNL-0002"));
    if (opened.kind !== "opened") throw new Error(opened.kind);
    const name = opened.sheetName;
    const drawn = await viewOf(host, name);
    const row = (line: number) => drawn.headerRow + line;
    // A description of its own, and line 2 moved to line 1's account by its code alone, so the
    // body's values can be traced to one cell each.
    host.setCells(name, "B10", [["Traced description 7F3A"]]);
    host.setCells(name, `B${row(2)}`, [[drawn.values[row(1) - 1]![1]]]);
    const edited = await viewOf(host, name);

    // JNL-0002 has a tax amount the update cannot carry: the pane asks first, then sends.
    const asked = await sendActiveJournal(deps);
    if (asked.kind !== "confirm-resets") throw new Error(asked.kind);
    expect(patches).toHaveLength(0);
    const outcome = await sendActiveJournal(deps, { acceptResets: asked });
    expect(outcome).toMatchObject({ kind: "saved" });
    expect(patches).toHaveLength(1);
    const sent = traceBody(patches[0]!, edited);
    // What the trace found, for the reader; the fills are checked against the trace itself.
    expect([...sent.labels].sort()).toEqual([
      "Currency",
      "Description",
      "Exchange rate",
      "Transaction date",
    ]);
    expect([...sent.columns].sort()).toEqual([
      "Account ID",
      "Account code",
      "Contact ID",
      "Credit",
      "Debit",
      "Description",
      "Staff ID",
      "Tax ID",
    ]);
    expect(edited.fills).toEqual(expectedFills(edited, sent));

    // Send redrew the sheet from the server's copy; saving and reopening keeps the fills.
    const redrawn = await viewOf(host, name);
    expect(redrawn.fills).toEqual(expectedFills(redrawn, sent));
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize());
    const again = await viewOf(reopened, name);
    expect(again.fills).toEqual(expectedFills(again, sent));
  });

  it("shades every cell of a journal that cannot be sent", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const opened = await openJournal(deps, seededId("JNL-0004"));
    if (opened.kind !== "opened") throw new Error(opened.kind);
    expect(await sendActiveJournal(deps)).not.toMatchObject({ kind: "saved" });
    expect(patches).toEqual([]);
    const sheet = await viewOf(host, opened.sheetName);
    expect(sheet.fills).toEqual(expectedFills(sheet, { labels: new Set(), columns: new Set() }));
  });
});
