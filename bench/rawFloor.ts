// The independent floor: the fewest steps that can walk the invoices (fetch, JSON.parse, read the
// cursor, nothing else), so the project's client can be compared against the network alone.
import { DEMO_TOKEN } from "../tools/sandbox";

export interface RawFloorResult {
  readonly ms: number;
  /** CPU of this process (user + system) during the walk. */
  readonly cpuMs: number;
  readonly pages: number;
  readonly records: number;
}

interface MinimalPage {
  readonly data?: readonly unknown[];
  readonly last_id?: unknown;
  readonly keyset?: unknown;
}

/** Walks `/invoices` with a bare `fetch` loop; reads only `data.length` and the cursor. */
export async function measureRawFloor(baseUrl: string): Promise<RawFloorResult> {
  const headers = {
    Authorization: `Bearer ${DEMO_TOKEN}`,
    identity: "demo-company",
    Accept: "application/json",
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  let pages = 0;
  let records = 0;
  let query = "";
  for (;;) {
    const response = await fetch(`${baseUrl}/invoices${query}`, { headers });
    if (!response.ok) throw new Error(`The raw floor got ${response.status}.`);
    const page = JSON.parse(await response.text()) as MinimalPage;
    pages += 1;
    records += page.data?.length ?? 0;
    const { last_id: lastId, keyset } = page;
    if (typeof lastId !== "string" || typeof keyset !== "string") break;
    query = `?last_id=${encodeURIComponent(lastId)}&keyset=${encodeURIComponent(keyset)}`;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, pages, records };
}
