import type { RestoredProject } from "../../../../src/taskpane/connection/restore";
import { projectRows } from "../../../../src/taskpane/connection/projectList";

function project(label: string, apiAddress = "https://api.example.com/v1"): RestoredProject {
  return {
    label,
    isDefault: false,
    autoConnect: false,
    bound: true,
    values: { apiAddress, version: "v1", token: "", identity: label, remember: false },
  };
}

describe("projectRows()", () => {
  it("lists nothing for a workbook of one project", () => {
    expect(projectRows([project("Acme")], () => true, "Acme")).toEqual([]);
  });

  it("offers Disconnect or Connect; Make default to the others; Remove only when not connected", () => {
    const rows = projectRows(
      [project("Acme"), project("Beta"), project("Gamma")],
      (label) => label !== "Gamma",
      "acme",
    );
    expect(rows).toEqual([
      {
        label: "Acme",
        line: "Acme (default) · api.example.com (v1) · connected",
        actions: ["disconnect"],
      },
      {
        label: "Beta",
        line: "Beta · api.example.com (v1) · connected",
        actions: ["disconnect", "makeDefault"],
      },
      {
        label: "Gamma",
        line: "Gamma · api.example.com (v1) · not connected",
        actions: ["connect", "makeDefault", "remove"],
      },
    ]);
  });

  it("offers Enter new token, not Connect, for a project whose token the service refused", () => {
    const rows = projectRows(
      [project("Acme"), project("Beta")],
      (label) => label === "Acme",
      "Acme",
      (label) => label === "Beta" || label === "Acme",
    );
    expect(rows[1]).toEqual({
      label: "Beta",
      line: "Beta · api.example.com (v1) · token refused",
      actions: ["enterNewToken", "makeDefault", "remove"],
    });
    // Connected again since: connected, whatever was refused before.
    expect(rows[0]?.actions).toEqual(["disconnect"]);
  });

  it("offers no Connect on the row of the project the shown form holds: one Connect per project", () => {
    const rows = projectRows(
      [project("Acme"), project("Beta")],
      (label) => label === "Beta",
      "Acme",
      () => false,
      "acme",
    );
    expect(rows.map((row) => row.actions)).toEqual([[], ["disconnect", "makeDefault"]]);
    // Its token refused, the row keeps Enter new token, which takes the keyboard to the form.
    const refused = projectRows(
      [project("Acme"), project("Beta")],
      (label) => label === "Beta",
      "Acme",
      (label) => label === "Acme",
      "Acme",
    );
    expect(refused[0]?.actions).toEqual(["enterNewToken"]);
  });

  it("leaves out the host of an address that is not valid", () => {
    const rows = projectRows(
      [project("Acme", "not a url"), project("Beta")],
      () => false,
      undefined,
    );
    expect(rows[0]?.line).toBe("Acme · not connected");
    expect(rows[0]?.actions).toEqual(["connect", "makeDefault", "remove"]);
  });
});
