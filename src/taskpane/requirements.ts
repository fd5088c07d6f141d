// What the host must support, checked once when the pane starts: the manifest already keeps the
// add-in from hosts without them, but one that loads it anyway (an old build, a sideload) gets one
// clear message instead of failures later. The versions are in docs/deploy.md.

/** The requirement sets Ledger Sheets needs, and why. */
export const REQUIRED_SETS: readonly { name: string; version: string; for: string }[] = [
  {
    name: "SharedRuntime",
    version: "1.1",
    for: "one runtime for the task pane, the ribbon and the LEDGER formulas",
  },
  { name: "ExcelApi", version: "1.13", for: "refreshing imported tables in place" },
];

/** The message for a host missing any of the sets, or null when it has them all. */
export function missingRequirementsMessage(
  isSetSupported: (name: string, version: string) => boolean,
): string | null {
  const missing = REQUIRED_SETS.filter((set) => {
    try {
      return !isSetSupported(set.name, set.version);
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return null;
  const names = missing.map((set) => `${set.name} ${set.version} (${set.for})`).join(" and ");
  return `This version of Excel lacks ${names}, which Ledger Sheets needs. Update Office (Excel for Microsoft 365: Version 2102 or later on Windows, 16.50 or later on Mac), or use Excel on the web.`;
}
