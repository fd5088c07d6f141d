import { MemoryDocumentSettings } from "../../doubles/memoryStores";
import {
  checkProjectLabel,
  EMPTY_PROJECTS,
  findProject,
  loadProjectList,
  parseProjectList,
  projectAt,
  PROJECTS_SETTING,
  saveProjectList,
  withDefault,
  withoutProject,
  withProject,
  WorkbookProject,
} from "../../../src/settings/projects";

const KEY_A = `hmac-sha256:${"0123abcd".repeat(4)}:${"a".repeat(64)}:${"c".repeat(16)}`;
const KEY_B = `hmac-sha256:${"0123abcd".repeat(4)}:${"b".repeat(64)}:${"c".repeat(16)}`;

function project(label: string, identityKey = KEY_A): WorkbookProject {
  return { label, apiAddress: "https://api.example.com/v1", version: "v1", identityKey };
}

describe("projects.ts", () => {
  describe("checkProjectLabel()", () => {
    it("takes a short name, trimmed, with inner spaces kept single", () => {
      expect(checkProjectLabel("  Acme   UK  ")).toEqual({ ok: true, label: "Acme UK" });
      expect(checkProjectLabel("other-company")).toEqual({ ok: true, label: "other-company" });
      expect(checkProjectLabel("Acme (UK)")).toEqual({ ok: true, label: "Acme (UK)" });
    });

    it("refuses an empty name, a long one, and characters sheet names or formulas cannot hold", () => {
      expect(checkProjectLabel("   ")).toMatchObject({ ok: false });
      expect(checkProjectLabel("x".repeat(21))).toMatchObject({
        ok: false,
        message: "The project name is too long: use at most 20 characters.",
      });
      for (const bad of ["A/B", "A:B", "A*", "A?", "[A]", 'A"B', "A'B", "A\\B"]) {
        expect(checkProjectLabel(bad)).toMatchObject({ ok: false });
      }
    });

    it("refuses direction marks and invisible characters, which make two names look alike", () => {
      for (const mark of ["\u202e", "\u2066", "\u200f", "\u061c", "\u200b", "\ufeff", "\u00ad"]) {
        expect(checkProjectLabel(`Ac${mark}me`)).toEqual({
          ok: false,
          message:
            "The project name cannot hold invisible characters or text-direction marks: " +
            "type it again.",
        });
      }
    });
  });

  describe("parseProjectList()", () => {
    it("drops a project whose name hides characters, or only looks like another's", () => {
      const list = parseProjectList({
        default: "Acme",
        projects: [
          project("Acme"),
          project("\u202eemcA"),
          project("Ａｃｍｅ"),
          project("Ac\u200bme"),
        ],
      });
      expect(list.projects.map((p) => p.label)).toEqual(["Acme"]);
      expect(findProject(list, "ＡＣＭＥ")?.label).toBe("Acme");
    });

    it("reads no project from a workbook without the list, whatever else it holds", () => {
      expect(parseProjectList(undefined)).toEqual(EMPTY_PROJECTS);
      expect(parseProjectList({ apiAddress: "https://api.example.com/v1", version: "v1" })).toEqual(
        EMPTY_PROJECTS,
      );
    });

    it("never reads an identity in clear, nor a key of another form", () => {
      const list = parseProjectList({
        projects: [
          { ...project("Acme"), identityKey: undefined, identity: "victim-co" },
          { ...project("Other"), identityKey: `sha256:${"c".repeat(64)}` },
        ],
      });
      expect(list.projects).toEqual([
        { label: "Acme", apiAddress: "https://api.example.com/v1", version: "v1" },
        { label: "Other", apiAddress: "https://api.example.com/v1", version: "v1" },
      ]);
    });

    it("reads the list, dropping unreadable entries and repeated names (ignoring case)", () => {
      const list = parseProjectList({
        default: "OTHER",
        projects: [
          project("Acme"),
          { label: "Broken" },
          project("acme", KEY_B),
          project("Other", KEY_B),
          { ...project("Bad/name") },
          "text",
        ],
      });
      expect(list.projects.map((p) => p.label)).toEqual(["Acme", "Other"]);
      expect(list.defaultLabel).toBe("Other");
    });

    it("falls back to the first project when the default names none", () => {
      const list = parseProjectList({ default: "Gone", projects: [project("Acme")] });
      expect(list.defaultLabel).toBe("Acme");
    });
  });

  it("adds, replaces, makes default and removes projects by name", () => {
    let list = withProject(EMPTY_PROJECTS, project("Acme"));
    expect(list.defaultLabel).toBe("Acme");
    list = withProject(list, project("Other", KEY_B));
    expect(list.defaultLabel).toBe("Acme");
    list = withProject(list, { ...project("ACME"), version: "rc-1" });
    expect(list.projects.map((p) => [p.label, p.version])).toEqual([
      ["ACME", "rc-1"],
      ["Other", "v1"],
    ]);
    list = withDefault(list, "other");
    expect(list.defaultLabel).toBe("Other");
    expect(withDefault(list, "nobody")).toBe(list);
    list = withoutProject(list, "Other");
    expect(list).toEqual({
      projects: [{ ...project("ACME"), version: "rc-1" }],
      defaultLabel: "ACME",
    });
  });

  it("finds a project by name or by where it points, whatever its name", () => {
    const list = withProject(withProject(EMPTY_PROJECTS, project("Acme")), project("Other", KEY_B));
    expect(findProject(list, "other")?.label).toBe("Other");
    expect(findProject(list, undefined)?.label).toBe("Acme");
    expect(projectAt(list, "https://api.example.com/v1", KEY_B)?.label).toBe("Other");
    expect(projectAt(list, "https://elsewhere.example/v1", KEY_B)).toBeUndefined();
    expect(projectAt(list, "https://api.example.com/v1", undefined)).toBeUndefined();
  });

  it("saves the list alone, and reads it back", async () => {
    const store = new MemoryDocumentSettings();
    const list = withDefault(
      withProject(withProject(EMPTY_PROJECTS, project("Acme")), project("Other", KEY_B)),
      "Other",
    );
    await saveProjectList(store, list);
    expect([...store.saved.keys()]).toEqual([PROJECTS_SETTING]);
    expect(JSON.stringify(store.saved.get(PROJECTS_SETTING))).not.toContain('identity"');
    expect(await loadProjectList(store)).toEqual(list);
  });
});
