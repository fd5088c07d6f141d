// The independent floor: the fewest steps that can walk the invoices (one kept-alive node:http
// connection, JSON.parse, read the cursor, nothing else), so the project's client can be compared
// against the network alone. It asks for pages of the client's size (50), the server's maximum.
import { Agent, get } from "node:http";
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

function getText(url: string, agent: Agent, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if (response.statusCode !== 200) {
          reject(new Error(`The raw floor got ${response.statusCode}.`));
        } else resolve(Buffer.concat(chunks).toString("utf8"));
      });
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** Walks `/invoices` with a bare node:http loop; reads only `data.length` and the cursor. */
export async function measureRawFloor(baseUrl: string): Promise<RawFloorResult> {
  const headers = {
    Authorization: `Bearer ${DEMO_TOKEN}`,
    identity: "demo-company",
    Accept: "application/json",
  };
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const cpu = process.cpuUsage();
  const started = performance.now();
  let pages = 0;
  let records = 0;
  let query = "?size=50";
  try {
    for (;;) {
      const page = JSON.parse(
        await getText(`${baseUrl}/invoices${query}`, agent, headers),
      ) as MinimalPage;
      pages += 1;
      records += page.data?.length ?? 0;
      const { last_id: lastId, keyset } = page;
      if (typeof lastId !== "string" || typeof keyset !== "string") break;
      query = `?size=50&last_id=${encodeURIComponent(lastId)}&keyset=${encodeURIComponent(keyset)}`;
    }
  } finally {
    agent.destroy();
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, pages, records };
}
