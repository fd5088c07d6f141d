import { ApiError, LedgerApi } from "../../../../src/api/index";
import type { ExcelRun } from "../../../../src/excel/run";
import { COLLECTIONS } from "../../../../src/domain/collections";
import type {
  ImportProgress,
  ImportRequest,
  ImportResult,
} from "../../../../src/import/importTypes";
import { ImportRun } from "../../../../src/taskpane/import/importRun";

const api = new LedgerApi({
  apiAddress: "http://127.0.0.1:4010/v1",
  version: "v1",
  token: "demo-token",
  identity: "demo-company",
});
const invoices = COLLECTIONS.find((collection) => collection.id === "invoices")!;
const excelRun: ExcelRun = () => Promise.reject(new Error("not used by the fake import"));

function result(overrides: Partial<ImportResult> = {}): ImportResult {
  return {
    sheetName: "Invoices",
    tableName: "Invoices",
    rows: 2,
    complete: true,
    message: "Imported 2 invoices.",
    details: [],
    notes: [],
    textCells: [],
    ...overrides,
    headline: overrides.headline ?? overrides.message ?? "Imported 2 invoices.",
  };
}

/** An import that waits for `finish` (or the signal) and records its request. */
function controllableImport() {
  const requests: ImportRequest[] = [];
  let finish: (value: ImportResult) => void = () => undefined;
  const importCollection = (_run: ExcelRun, request: ImportRequest) => {
    requests.push(request);
    return new Promise<ImportResult>((resolve) => {
      finish = resolve;
      request.signal?.addEventListener("abort", () =>
        resolve(result({ complete: false, message: "Imported 1 invoice; cancelled." })),
      );
    });
  };
  return { requests, importCollection, finish: (value: ImportResult) => finish(value) };
}

describe("importRun.ts", () => {
  it("tells of a token the service refused, with the import's project, and of nothing else", async () => {
    const refused: (string | undefined)[] = [];
    const failing = (error: Error) => () => Promise.reject(error);
    const project = { label: "Acme", first: true };
    const start = (error: Error) =>
      new ImportRun(failing(error), excelRun, {
        tokenRefused: (label) => refused.push(label),
      }).start({ collection: invoices, api, project, onProgress: () => undefined });
    const end = await start(new ApiError("auth", "The server refused the access token (401)."));
    expect(end.outcome).toBe("failed");
    await start(new ApiError("server", "The server has a problem."));
    expect(refused).toEqual(["Acme"]);
  });

  it("passes collection, api, path, a signal and a progress callback to importCollection", async () => {
    const fake = controllableImport();
    const run = new ImportRun(fake.importCollection, excelRun);
    const seen: ImportProgress[] = [];
    const pending = run.start({
      collection: invoices,
      api,
      path: "/sales/invoices",
      onProgress: (progress) => seen.push(progress),
    });
    const request = fake.requests[0]!;
    expect(request).toMatchObject({ collection: "invoices", api, path: "/sales/invoices" });
    expect(request.signal).toBeInstanceOf(AbortSignal);
    request.onProgress?.({ records: 20, pages: 1, message: "Fetching page 2…" });
    fake.finish(result());
    expect(await pending).toEqual({
      outcome: "finished",
      complete: true,
      message: "Imported 2 invoices.",
      details: [],
    });
    expect(seen).toEqual([{ records: 20, pages: 1, message: "Fetching page 2…" }]);
  });

  it("is running until the import ends", async () => {
    const fake = controllableImport();
    const run = new ImportRun(fake.importCollection, excelRun);
    const pending = run.start({ collection: invoices, api, onProgress: () => undefined });
    expect(run.running).toBe(true);
    fake.finish(result());
    await pending;
    expect(run.running).toBe(false);
  });

  it("cancels by aborting the signal it passed", async () => {
    const fake = controllableImport();
    const run = new ImportRun(fake.importCollection, excelRun);
    const pending = run.start({ collection: invoices, api, onProgress: () => undefined });
    expect(run.cancel()).toBe(true);
    expect(fake.requests[0]!.signal?.aborted).toBe(true);
    expect(await pending).toEqual({
      outcome: "finished",
      complete: false,
      message: "Imported 1 invoice; cancelled.",
      details: [],
    });
  });

  it("has nothing to cancel when idle", () => {
    const run = new ImportRun(controllableImport().importCollection, excelRun);
    expect(run.cancel()).toBe(false);
  });

  it("refuses a second import while one runs", async () => {
    const fake = controllableImport();
    const run = new ImportRun(fake.importCollection, excelRun);
    const first = run.start({ collection: invoices, api, onProgress: () => undefined });
    const second = await run.start({ collection: invoices, api, onProgress: () => undefined });
    expect(second).toEqual({ outcome: "failed", message: "An import is already running." });
    expect(fake.requests).toHaveLength(1);
    fake.finish(result());
    await first;
  });

  it("turns a rejected import into a failed outcome", async () => {
    const run = new ImportRun(
      () =>
        Promise.reject(
          Object.assign(new Error("Busy."), { code: "InvalidOperationInCellEditMode" }),
        ),
      excelRun,
    );
    expect(await run.start({ collection: invoices, api, onProgress: () => undefined })).toEqual({
      outcome: "failed",
      message: "Excel could not finish the import (InvalidOperationInCellEditMode): Busy.",
    });
    expect(run.running).toBe(false);
  });

  it("ignores progress reported after the end", async () => {
    const fake = controllableImport();
    const run = new ImportRun(fake.importCollection, excelRun);
    const seen: ImportProgress[] = [];
    const pending = run.start({
      collection: invoices,
      api,
      onProgress: (progress) => seen.push(progress),
    });
    fake.finish(result());
    await pending;
    fake.requests[0]!.onProgress?.({ records: 99, pages: 9, message: "late" });
    expect(seen).toEqual([]);
  });

  it("uses fetch new when asked, and tells the formulas after every run, Refresh all apart", async () => {
    const calls: string[] = [];
    const run = new ImportRun(
      () => {
        calls.push("import");
        return Promise.resolve(result());
      },
      excelRun,
      {
        fetchNew: () => {
          calls.push("new");
          return Promise.resolve(result({ message: "Added 2 new records." }));
        },
        refreshAll: () => {
          calls.push("all");
          return Promise.resolve({ tables: [], complete: true, message: "Refreshed 0 of 0." });
        },
        afterChange: (kind) => {
          calls.push(`after ${kind}`);
          return Promise.reject(new Error("recalculation refused"));
        },
      },
    );
    const kinds: (string | null)[] = [];
    run.subscribe((kind) => kinds.push(kind));
    expect(
      await run.start({ collection: invoices, api, newOnly: true, onProgress: () => undefined }),
    ).toEqual({
      outcome: "finished",
      message: "Added 2 new records.",
      complete: true,
      details: [],
    });
    await run.start({ collection: invoices, api, onProgress: () => undefined });
    const all = await run.startAll({
      api,
      mode: "full",
      pathFor: (info) => info.defaultPath,
      onProgress: () => undefined,
    });
    expect(all).toEqual({
      outcome: "finished",
      result: { tables: [], complete: true, message: "Refreshed 0 of 0." },
    });
    // The hook's failure does not change the outcome.
    expect(calls).toEqual(["new", "after one", "import", "after one", "all", "after all"]);
    expect(kinds).toEqual(["one", null, "one", null, "all", null]);
  });

  it("refuses Refresh all while an import runs", async () => {
    const fake = controllableImport();
    const run = new ImportRun(fake.importCollection, excelRun, {
      refreshAll: () => Promise.reject(new Error("must not start")),
    });
    const pending = run.start({ collection: invoices, api, onProgress: () => undefined });
    expect(
      await run.startAll({
        api,
        mode: "new",
        pathFor: (info) => info.defaultPath,
        onProgress: () => undefined,
      }),
    ).toEqual({ outcome: "failed", message: "An import is already running." });
    fake.finish(result());
    await pending;
  });

  it("says the import waits while a cell is edited, with its figures, then its own words again", async () => {
    const refused = Object.assign(new Error("Excel is in cell-editing mode."), {
      code: "InvalidOperationInCellEditMode",
    });
    let editing = true;
    // An Excel that refuses batches while `editing`, as a host without DelayForCellEdit does.
    const excel: ExcelRun = async (batch) => {
      const context = {
        sync: () => (editing ? Promise.reject(refused) : Promise.resolve()),
      } as unknown as Excel.RequestContext;
      return await batch(context);
    };
    const importCollection = async (run: ExcelRun, request: ImportRequest) => {
      const reading = { records: 50, pages: 1, message: "Importing Invoices…" };
      request.onProgress?.(reading);
      await run(async (context) => context.sync());
      return result();
    };
    const run = new ImportRun(importCollection, excel, { cellEdit: { retryAfterMs: 10 } });
    const seen: ImportProgress[] = [];
    let waited: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (waited = resolve));
    const ending = run.start({
      collection: invoices,
      api,
      onProgress: (progress) => {
        seen.push(progress);
        if (progress.message.startsWith("Waiting for you to finish editing a cell")) waited();
      },
    });
    await waiting;
    expect(seen.at(-1)).toMatchObject({ records: 50, pages: 1 });
    editing = false;
    expect(await ending).toMatchObject({ outcome: "finished" });
    expect(seen.map((progress) => progress.message)).toEqual([
      "Importing Invoices…",
      "Waiting for you to finish editing a cell: press Enter, or click another cell.",
      "Importing Invoices…",
    ]);
  });
});
