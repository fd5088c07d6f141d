// axe-core over the page a browser test opened, its findings as one line per element
// ("serious color-contrast: #pane .hint"), so that an assertion's diff names what to fix.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** What axe looks at: the task pane frame unless a test says otherwise. */
export interface AxeScope {
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
}

const PANE: AxeScope = { include: ["#pane"] };

async function findings(page: Page, scope: AxeScope, serious: boolean): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  for (const selector of scope.include ?? []) builder.include(selector);
  for (const selector of scope.exclude ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => !serious || v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(" ")}`));
}

/** axe's serious and critical findings in `scope` (the task pane frame by default). */
export function seriousFindings(page: Page, scope: AxeScope = PANE): Promise<string[]> {
  return findings(page, scope, true);
}

/** Every axe finding in `scope` (the task pane frame by default), whatever its impact. */
export function axeFindings(page: Page, scope: AxeScope = PANE): Promise<string[]> {
  return findings(page, scope, false);
}
