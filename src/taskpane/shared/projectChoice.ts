// A "Project" choice (Import, Journal): the workbook's projects, the default chosen first. Shown
// only when the workbook has more than one; a workbook with one project looks as it always did.

import type { ActiveConnection, ActiveConnectionHolder } from "../../settings/activeConnection";
import { setShown } from "./pageElements";

export interface ProjectChoice {
  /** The chosen project's name; undefined when the workbook has at most one (its default). */
  selected(): string | undefined;
  /** The chosen project's connection (the default's when there is no choice). */
  connection(): ActiveConnection | undefined;
}

export function mountProjectChoice(
  root: Document,
  field: HTMLElement,
  select: HTMLSelectElement,
  active: ActiveConnectionHolder,
): ProjectChoice {
  let shownFor = "";
  function render(): void {
    const names = active.projects;
    const many = names.length > 1;
    setShown(field, many);
    const signature = `${names.join("\n")}\n${active.defaultLabel ?? ""}`;
    if (signature === shownFor) return;
    const keep = select.value;
    shownFor = signature;
    select.replaceChildren(
      ...names.map((name) => {
        const option = root.createElement("option");
        option.value = name;
        option.textContent = name === active.defaultLabel ? `${name} (default)` : name;
        return option;
      }),
    );
    const kept = names.find((name) => name === keep);
    select.value = kept ?? active.defaultLabel ?? names[0] ?? "";
  }
  active.subscribe(render);
  render();
  const selected = (): string | undefined =>
    active.projects.length > 1 && select.value !== "" ? select.value : undefined;
  return {
    selected,
    connection: () => active.get(selected()),
  };
}
