// A cell's value as a custom function receives it, reduced to the plain value Excel shows. From
// CustomFunctionsRuntime 1.4, with `allowCustomDataForDataTypeAny` (which Microsoft's metadata
// generator emits), a cell holding a data type reaches an `any` parameter as an object, e.g.
// `{ type: "Double", basicValue: 12.5 }` or a formatted number, instead of the number itself.

/** Data types whose `basicValue` is the value the cell shows. */
const PLAIN_TYPES: ReadonlySet<string> = new Set([
  "Double",
  "FormattedNumber",
  "String",
  "Boolean",
  "Empty",
]);

/**
 * The plain value of a cell: itself when it is not a data type; the `basicValue` of a number,
 * formatted number, text, boolean or empty data type (empty as ""). Any other data type (an
 * entity, an error, a web image) is returned as it came, for the caller to refuse.
 */
export function plainCellValue(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const { type, basicValue } = value as { type?: unknown; basicValue?: unknown };
  if (typeof type !== "string" || !PLAIN_TYPES.has(type)) return value;
  if (type === "Empty") return "";
  return basicValue;
}
