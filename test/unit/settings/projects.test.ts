import { CONNECTION_SETTING } from "../../../src/settings/connectionSettings";
import { MemoryDocumentSettings } from "../../../src/settings/memoryStores";
import {
  checkProjectLabel,
  EMPTY_PROJECTS,
  findProject,
  loadProjectList,
  nextProjectLabel,
  parseProjectList,
  projectAt,
  PROJECTS_SETTING,
  saveProjectList,
  withDefault,
  withoutProject,
  withProject,
  WorkbookProject,
} from "../../../src/settings/projects";

const FINGERPRINT_A = `sha256:${"a".repeat(64)}`;
const FINGERPRINT_B = `sha256:${"b".repeat(64)}`;

function project(label: string, identityFingerprint = FINGERPRINT_A): WorkbookProject {
  return { label, apiAddress: "https://api.example.com/v1", version: "v1", identityFingerprint };
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
  });

  describe("parseProjectList()", () => {
    it("makes an earlier version's one connection the default project, Project 1", () => {
      const legacy = {
        apiAddress: "https://api.example.com/v1",
        version: "v1",
        identityFingerprint: FINGERPRINT_A,
      };
      expect(parseProjectList(undefined, legacy)).toEqual({
        projects: [{ ...legacy, label: "Project 1" }],
        defaultLabel: "Project 1",
      });
      expect(parseProjectList(undefined, undefined)).toEqual(EMPTY_PROJECTS);
    });

    it("reads the list, dropping unreadable entries and repeated names (ignoring case)", () => {
      const list = parseProjectList(
        {
          default: "OTHER",
          projects: [
            project("Acme"),
            { label: "Broken" },
            project("acme", FINGERPRINT_B),
            project("Other", FINGERPRINT_B),
            { ...project("Bad/name") },
            "text",
          ],
        },
        undefined,
      );
      expect(list.projects.map((p) => p.label)).toEqual(["Acme", "Other"]);
      expect(list.defaultLabel).toBe("Other");
    });

    it("falls back to the first project when the default names none", () => {
      const list = parseProjectList({ default: "Gone", projects: [project("Acme")] }, undefined);
      expect(list.defaultLabel).toBe("Acme");
    });
  });

  it("adds, replaces, makes default and removes projects by name", () => {
    let list = withProject(EMPTY_PROJECTS, project("Acme"));
    expect(list.defaultLabel).toBe("Acme");
    list = withProject(list, project("Other", FINGERPRINT_B));
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
    const list = withProject(
      withProject(EMPTY_PROJECTS, project("Acme")),
      project("Other", FINGERPRINT_B),
    );
    expect(findProject(list, "other")?.label).toBe("Other");
    expect(findProject(list, undefined)?.label).toBe("Acme");
    const target = { apiAddress: "https://api.example.com/v1", version: "v1" as const };
    expect(projectAt(list, { ...target, identityFingerprint: FINGERPRINT_B })?.label).toBe("Other");
    expect(
      projectAt(list, {
        ...target,
        apiAddress: "https://elsewhere.example/v1",
        identityFingerprint: FINGERPRINT_B,
      }),
    ).toBeUndefined();
  });

  it("names the next project after the ones the workbook has", () => {
    const list = withProject(
      withProject(EMPTY_PROJECTS, project("Project 1")),
      project("Other", FINGERPRINT_B),
    );
    expect(nextProjectLabel(list)).toBe("Project 3");
  });

  it("saves the list, and the default's connection where earlier versions read it", async () => {
    const store = new MemoryDocumentSettings();
    const list = withDefault(
      withProject(withProject(EMPTY_PROJECTS, project("Acme")), project("Other", FINGERPRINT_B)),
      "Other",
    );
    await saveProjectList(store, list);
    expect(store.saved.get(CONNECTION_SETTING)).toEqual({
      apiAddress: "https://api.example.com/v1",
      version: "v1",
      identityFingerprint: FINGERPRINT_B,
    });
    expect(JSON.stringify(store.saved.get(PROJECTS_SETTING))).not.toContain('identity"');
    expect(await loadProjectList(store)).toEqual(list);
    await saveProjectList(store, EMPTY_PROJECTS);
    expect(store.saved.has(CONNECTION_SETTING)).toBe(false);
  });
});
