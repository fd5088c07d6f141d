// The line that says which project the active sheet belongs to, when the workbook has several.
// The pane cannot see the user switch sheets on every host, so it looks again when Excel says
// a sheet was activated (where it can) and whenever the pane gets attention back.

import type { SheetProject } from "../../excel/sheetProject";
import type { ActiveConnectionHolder } from "../../settings/activeConnection";
import { setShown } from "./pageElements";

/** The line's text: "Sheet “Invoices (Acme)” holds data of project Acme." */
function sheetProjectText(
  found: SheetProject | null,
  active: Pick<ActiveConnectionHolder, "projects" | "projectOfRecord">,
): string | undefined {
  if (active.projects.length < 2 || found === null) return undefined;
  const project = active.projectOfRecord(found.project);
  return `Sheet “${found.sheetName}” holds data of project ${project}.`;
}

export function mountSheetProjectLine(
  root: Document,
  line: HTMLElement,
  active: ActiveConnectionHolder,
  read: () => Promise<SheetProject | null>,
): { refresh(): Promise<void> } {
  let found: SheetProject | null = null;
  function render(): void {
    const text = sheetProjectText(found, active);
    line.textContent = text ?? "";
    setShown(line, text !== undefined);
  }
  async function refresh(): Promise<void> {
    if (active.projects.length < 2) {
      render();
      return;
    }
    try {
      found = await read();
    } catch {
      found = null;
    }
    render();
  }
  active.subscribe(() => void refresh());
  root.defaultView?.addEventListener("focus", () => void refresh());
  root.addEventListener("visibilitychange", () => {
    if (root.visibilityState === "visible") void refresh();
  });
  root.body.addEventListener("pointerenter", () => void refresh());
  return { refresh };
}
