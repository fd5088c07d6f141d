// An import's progress reports as the pane's one counter needs them: the counts and the time
// since the start in their figures, and a status sentence that says what is happening with no
// count of its own (which would lag the figures and disagree with them).
import { fetchNewIntoTable } from "../../src/import/fetchNew";
import { importCollection } from "../../src/import/importCollection";
import type { ImportProgress } from "../../src/import/importTypes";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { changeRecords } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({ records: { payments: 230, invoices: 300 } });

/** Each report's times never go back, and its sentence holds no digit but the server's port. */
function expectOneCounter(seen: readonly ImportProgress[]): void {
  expect(seen.length).toBeGreaterThan(2);
  const times = seen.map((progress) => progress.elapsedMs);
  for (const time of times) expect(time).toEqual(expect.any(Number));
  expect([...times].sort((a, b) => a! - b!)).toEqual(times);
  const host = sandbox().baseUrl.replace(/^https?:\/\//, "");
  for (const progress of seen) {
    expect(progress.message.replace(host, "")).not.toMatch(/\d/);
  }
}

describe("import progress reports", () => {
  it("payments: records of the server's count, pages and time; sentences without counts", async () => {
    const host = new OfficeJsExcelHost();
    const seen: ImportProgress[] = [];
    await importCollection(host.run, {
      collection: "payments",
      api: demoApi(sandbox()),
      onProgress: (progress) => seen.push(progress),
    });
    expectOneCounter(seen);
    expect(seen.at(-1)).toMatchObject({ records: 230, total: 230 });
    expect(seen.at(-1)!.pages).toBeGreaterThan(1);
    expect(new Set(seen.slice(1).map((progress) => progress.message))).toEqual(
      new Set([`Importing Payments from ${sandbox().baseUrl.replace(/^https?:\/\//, "")}…`]),
    );
  });

  it("Fetch new: found records, requests and time; sentences without counts", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    expect((await changeRecords(sandbox().origin, { list: "invoices", add: 3 })).status).toBe(200);
    const seen: ImportProgress[] = [];
    await fetchNewIntoTable(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
      onProgress: (progress) => seen.push(progress),
    });
    expectOneCounter(seen);
    expect(seen.at(-1)).toMatchObject({ records: 3, written: 3 });
  });
});
