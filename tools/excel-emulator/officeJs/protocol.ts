// The wire format between Microsoft's office.js Excel client and Excel: what
// `OfficeExtension.HttpUtility.setCustomSendRequestFunc` hands over and what office.js reads back.
// Learnt from excel-web-16.00.debug.js (@microsoft/office-js); only what the executor needs.

/** ObjectPathType: how an object is reached from its parent. */
export const PathType = {
  root: 1,
  method: 3,
  property: 4,
  indexer: 5,
  referenceId: 6,
  nullObject: 7,
} as const;

/** ActionType: what an action does to its object. */
export const ActionType = {
  instantiate: 1,
  query: 2,
  method: 3,
  setProperty: 4,
  trace: 5,
} as const;

export interface ArgumentInfo {
  readonly Arguments?: readonly unknown[];
  /** Per argument: the id of the object path passed there, or null for a plain value. */
  readonly ReferencedObjectPathIds?: readonly (number | null)[];
}

export interface ObjectPathInfo {
  readonly Id: number;
  readonly ObjectPathType: number;
  /** Property or method name (PascalCase); "" for the root and for indexers. */
  readonly Name: string;
  readonly ParentObjectPathId?: number;
  readonly ArgumentInfo?: ArgumentInfo;
}

export interface QueryInfo {
  /** Property paths in camelCase, e.g. "values", "format/fill/color". */
  readonly Select?: readonly string[];
  readonly Expand?: readonly string[];
  readonly Top?: number;
  readonly Skip?: number;
}

export interface ActionInfo {
  readonly Id: number;
  readonly ActionType: number;
  readonly Name: string;
  readonly ObjectPathId: number;
  readonly ArgumentInfo?: ArgumentInfo;
  readonly QueryInfo?: QueryInfo;
}

/** The request body office.js builds for one `context.sync()`. */
export interface RequestBody {
  readonly Actions: readonly ActionInfo[];
  readonly ObjectPaths: Readonly<Record<string, ObjectPathInfo>>;
  readonly AutoKeepReference?: boolean;
}

/** What office.js passes to the custom send function. */
export interface RequestInfo {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** An object in Node; a JSON text where a transport stringified it. */
  readonly body: RequestBody | string;
}

/** What the custom send function answers. */
export interface ResponseInfo {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export interface ActionResult {
  readonly ActionId: number;
  readonly Value: unknown;
}

export interface ErrorInfo {
  readonly Code: string;
  readonly Message: string;
  readonly Location?: string;
  readonly ActionIndex?: number;
  readonly HttpStatusCode: number;
}

export interface ResponseBody {
  readonly Results?: readonly ActionResult[];
  readonly Error?: ErrorInfo;
}

/** "values" -> "Values", "items" -> "_Items": names as Excel writes them in a response. */
export function responseName(name: string): string {
  if (name === "items") return "_Items";
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** "GetItemOrNullObject" -> "getItemOrNullObject": the member office.js's client exposes. */
export function memberName(name: string): string {
  if (name.startsWith("_")) return name; // office.js's internal members keep their case
  return name.charAt(0).toLowerCase() + name.slice(1);
}
