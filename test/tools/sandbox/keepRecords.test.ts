// The sandbox's keepRecords option: the same answers as generating each time, and records kept
// frozen, so a later answer cannot differ from an earlier one.
import { iterateCollection, JsonRecord, LedgerApi } from "../../../src/api";
import { collectionRecord, RecordMemo } from "../../../tools/sandbox/seed/records";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../../tools/sandbox";

async function walk(sandbox: RunningSandbox, path: string): Promise<JsonRecord[]> {
  const api = new LedgerApi({
    apiAddress: sandbox.baseUrl,
    version: "v1",
    token: DEMO_TOKEN,
    identity: "demo-company",
  });
  const records: JsonRecord[] = [];
  for await (const page of iterateCollection(api, path)) records.push(...page.data);
  return records;
}

describe("keepRecords", () => {
  it("serves exactly what a generating sandbox serves, walk after walk", async () => {
    const plain = await startSandbox({ port: 0, records: { bills: 180 } });
    const kept = await startSandbox({ port: 0, records: { bills: 180 }, keepRecords: true });
    try {
      const expected = await walk(plain, "/bills");
      expect(expected).toHaveLength(180);
      expect(await walk(kept, "/bills")).toEqual(expected);
      expect(await walk(kept, "/bills")).toEqual(expected);
    } finally {
      await plain.close();
      await kept.close();
    }
  });

  it("keeps records frozen and starts over past its limit", () => {
    const key = { seed: 1, identity: "demo-company", list: "invoices", count: 10 } as const;
    const memo = new RecordMemo(3);
    const first = memo.record(key, 0);
    expect(Object.isFrozen(first)).toBe(true);
    expect(memo.record(key, 0)).toBe(first);
    expect(first).toEqual(collectionRecord(key, 0));
    for (const index of [1, 2, 3]) memo.record(key, index);
    // The fourth record cleared the memo: record 0 is made again, equal but not the same object.
    const again = memo.record(key, 0);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
