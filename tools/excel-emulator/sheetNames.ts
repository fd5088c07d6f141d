// Excel's rules for a worksheet's name (Rename Sheet refuses the rest).

/** Excel's rules for a worksheet name; returns what is wrong, or undefined when it is valid. */
export function sheetNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string" || name.trim() === "") return "A sheet name cannot be empty.";
  if (name.length > 31) return `"${name}" is longer than 31 characters.`;
  if (/[:\\/?*[\]]/.test(name)) return `"${name}" contains one of : \\ / ? * [ ].`;
  if (name.startsWith("'") || name.endsWith("'")) return "A sheet name cannot start or end with '.";
  if (name.toLowerCase() === "history") return '"History" is reserved by Excel.';
  return undefined;
}
