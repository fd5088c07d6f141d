// Which project's data a table holds, from its record: a table recorded without a project
// belongs to the workbook's first project, and project names are compared ignoring case.
import { ownedBy } from "../../../src/domain/tableOwnership";

describe("ownedBy()", () => {
  const acme = { label: "Acme", first: true };
  const beta = { label: "Beta", first: false };

  it("gives every table to an import of no project", () => {
    expect(ownedBy({})).toBe(true);
    expect(ownedBy({ project: "Beta" })).toBe(true);
  });

  it("gives a table recorded without a project to the first project only", () => {
    expect(ownedBy({}, acme)).toBe(true);
    expect(ownedBy({}, beta)).toBe(false);
  });

  it("gives a recorded table to its own project, ignoring case", () => {
    expect(ownedBy({ project: "ACME" }, acme)).toBe(true);
    expect(ownedBy({ project: "Acme" }, beta)).toBe(false);
    expect(ownedBy({ project: "beta" }, beta)).toBe(true);
  });
});
