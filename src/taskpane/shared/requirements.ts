// What the host must support, checked once when the pane starts: the manifest already keeps the
// add-in from hosts without them, but one that loads it anyway (an old build, a sideload) gets one
// clear message instead of failures later. The versions are in docs/deploy.md.

/** The requirement sets Ledger Sheets needs, and why. */
const REQUIRED_SETS: readonly { name: string; version: string; for: string }[] = [
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

/**
 * What the LEDGER formulas need: `CustomFunctions.ErrorCode`'s `invalidValue` and `notAvailable`
 * (the cell errors that carry a message) are CustomFunctionsRuntime 1.3. Imports and journals do
 * not need it, so the manifest does not require it: a host without it keeps the rest.
 */
const FORMULAS_SET = { name: "CustomFunctionsRuntime", version: "1.3" } as const;

/** Why the LEDGER formulas cannot work in this Excel, or null when they can. */
export function formulasUnavailableMessage(
  isSetSupported: (name: string, version: string) => boolean,
): string | null {
  let supported: boolean;
  try {
    supported = isSetSupported(FORMULAS_SET.name, FORMULAS_SET.version);
  } catch {
    supported = false;
  }
  if (supported) return null;
  return (
    `LEDGER formulas are not available in this version of Excel: they need ` +
    `${FORMULAS_SET.name} ${FORMULAS_SET.version}. Update Office (Excel for Microsoft 365: ` +
    "Version 2008 or later on Windows, 16.40 or later on Mac; Excel 2021: Version 2311 or later, " +
    "or 2108 with a volume licence), or use Excel on the web. Import and journals work as they are."
  );
}
