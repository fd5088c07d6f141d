import { LedgerApi } from "../../../src/api";
import { ActiveConnection, ActiveConnectionHolder } from "../../../src/settings/activeConnection";

function connection(): ActiveConnection {
  const api = new LedgerApi({
    apiAddress: "http://127.0.0.1:4010/v1",
    version: "v1",
    token: "demo-token",
    identity: "demo-company",
  });
  return {
    api,
    origin: "http://127.0.0.1:4010",
    host: "127.0.0.1:4010",
    apiAddress: "http://127.0.0.1:4010/v1",
    version: "v1",
    identity: "demo-company",
    project: "demo-company",
  };
}

describe("activeConnection.ts", () => {
  it("tells subscribers of every change until they unsubscribe", () => {
    const holder = new ActiveConnectionHolder();
    const seen: Array<string | undefined> = [];
    const stop = holder.subscribe((current) => seen.push(current?.identity));
    holder.set(connection());
    holder.set(undefined);
    stop();
    holder.set(connection());
    expect(seen).toEqual(["demo-company", undefined]);
    expect(holder.current?.identity).toBe("demo-company");
  });
});
