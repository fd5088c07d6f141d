// The workbook's settings through Excel.SettingCollection (`context.workbook.settings`): the one
// settings store of the add-in. Journal sheets and import tables write it directly inside their
// own batches; the connection, the collection paths and the formulas' cache time go through this
// adapter. Each write is one key, persisted with the workbook (no saveAsync): nothing here holds
// a copy of the whole store that could be written back over another key.
//
// Values are JSON values (an object for the project list and the paths, a number for the cache
// time), as Office.Settings would store them: Excel.Setting reads them back as such.

import type { DocumentSettingsStore } from "../settings/stores";
import type { ExcelRun } from "./run";

/** Setting values as Excel returns them: null or a missing item mean "no setting". */
function present(value: unknown): unknown {
  return value === null ? undefined : value;
}

export class ExcelWorkbookSettings implements DocumentSettingsStore {
  /**
   * The last value read or written per name, for callers that cannot wait for Excel (the custom
   * functions read the cache time on every call). Writes from this runtime keep it current; see
   * {@link peek}.
   */
  private readonly known = new Map<string, unknown>();
  private loading: Promise<void> | undefined;

  constructor(private readonly run: ExcelRun) {}

  async get(name: string): Promise<unknown> {
    const value = await this.run(async (context) => {
      const item = context.workbook.settings.getItemOrNullObject(name);
      item.load("value");
      await context.sync();
      return item.isNullObject ? undefined : present(item.value as unknown);
    });
    this.known.set(name, value);
    return value;
  }

  async set(name: string, value: unknown): Promise<void> {
    // A JSON copy: what Excel keeps, and no later change of the caller's object leaks in.
    const copy = JSON.parse(JSON.stringify(value)) as unknown;
    await this.run(async (context) => {
      context.workbook.settings.add(name, copy as string);
      await context.sync();
    });
    this.known.set(name, copy);
  }

  async remove(name: string): Promise<void> {
    await this.run(async (context) => {
      const item = context.workbook.settings.getItemOrNullObject(name);
      item.load("key");
      await context.sync();
      if (item.isNullObject) return;
      item.delete();
      await context.sync();
    });
    this.known.set(name, undefined);
  }

  /**
   * Reads `names` in one batch, once: later calls wait for the same read. After it, {@link peek}
   * answers for them without Excel.
   */
  preload(names: readonly string[]): Promise<void> {
    this.loading ??= this.run(async (context) => {
      const items = names.map((name) => {
        const item = context.workbook.settings.getItemOrNullObject(name);
        item.load("value");
        return item;
      });
      await context.sync();
      items.forEach((item, i) => {
        const name = names[i]!;
        // A write from this runtime that finished meanwhile is newer than this read.
        if (!this.known.has(name)) {
          this.known.set(name, item.isNullObject ? undefined : present(item.value as unknown));
        }
      });
    }).catch((error: unknown) => {
      this.loading = undefined; // try again on the next call
      throw error;
    });
    return this.loading;
  }

  /**
   * The value last read or written by this runtime, without asking Excel (undefined when never
   * read). Only this add-in writes these settings, and the task pane and the custom functions
   * share one runtime and this one object, so it is current; a co-author's change in Excel on
   * the web shows after the add-in restarts.
   */
  peek(name: string): unknown {
    return this.known.get(name);
  }
}
