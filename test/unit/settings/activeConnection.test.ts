import { LedgerApi } from "../../../src/api";
import { ActiveConnection, ActiveConnectionHolder } from "../../../src/settings/activeConnection";

function connection(project = "demo-company"): ActiveConnection {
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
    project,
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

  it("holds one connection per project, and the default's is the current one", () => {
    const holder = new ActiveConnectionHolder();
    const seen: Array<string | undefined> = [];
    holder.subscribe((current) => seen.push(current?.project));
    holder.setProjects(["demo-company", "Other"]);
    holder.put(connection("Other"));
    // The first connected becomes the default until one is chosen.
    expect(holder.current?.project).toBe("Other");
    holder.setDefault("demo-company");
    expect(holder.current).toBeUndefined();
    holder.put(connection("demo-company"));
    expect(holder.current?.project).toBe("demo-company");
    expect(holder.get("other")?.project).toBe("Other");
    expect(holder.all.map((c) => c.project)).toEqual(["Other", "demo-company"]);
    holder.remove("OTHER");
    expect(holder.get("Other")).toBeUndefined();
    expect(seen).toEqual([undefined, "Other", undefined, "demo-company", "demo-company"]);
  });

  it("tells tables of the workbook's first project from the others'", () => {
    const holder = new ActiveConnectionHolder();
    expect(holder.tableProject("Acme")).toBeUndefined();
    holder.setProjects(["Acme", "Other"]);
    expect(holder.tableProject("acme")).toEqual({ label: "acme", first: true, named: true });
    expect(holder.tableProject("Other")).toEqual({ label: "Other", first: false, named: true });
    holder.setProjects(["Acme"]);
    expect(holder.tableProject("Acme")).toEqual({ label: "Acme", first: true, named: false });
    // Recorded before projects: the workbook's first project's.
    expect(holder.projectOfRecord(undefined)).toBe("Acme");
    expect(holder.projectOfRecord("Other")).toBe("Other");
  });

  it("tells connection listeners of connections added, replaced or removed and of another default only", () => {
    const holder = new ActiveConnectionHolder();
    let changes = 0;
    const stop = holder.subscribeToConnections(() => (changes += 1));
    holder.setProjects(["Acme", "Other"]);
    expect(changes).toBe(0);
    holder.setDefault("Other");
    expect(changes).toBe(1);
    const acme = connection("Acme");
    holder.put(acme);
    expect(changes).toBe(2);
    // The same projects read again, the same default, the same connection: nothing to tell.
    holder.setProjects(["Acme", "Other"]);
    holder.setDefault("Other");
    holder.put(acme);
    expect(changes).toBe(2);
    // A connection and the default changing together are one change.
    holder.put(connection("Acme"), { makeDefault: true });
    expect(changes).toBe(3);
    holder.remove("Acme");
    expect(changes).toBe(4);
    holder.set(undefined);
    expect(changes).toBe(5); // the default is gone
    stop();
    holder.put(connection("Other"));
    expect(changes).toBe(5);
  });
});
