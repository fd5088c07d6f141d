// Checks of a parsed manifest that return the problems they find (empty when all is well), so
// tests can show both that our manifest passes and that a broken one is caught.
import { child, childNames, descendants, XmlElement } from "./xmlTree";

// Order of OfficeApp's children in the TaskPaneApp schema (optional ones may be absent).
export const OFFICE_APP_ORDER = [
  "Id",
  "AlternateId",
  "Version",
  "ProviderName",
  "DefaultLocale",
  "DisplayName",
  "Description",
  "IconUrl",
  "HighResolutionIconUrl",
  "SupportUrl",
  "AppDomains",
  "Hosts",
  "Requirements",
  "DefaultSettings",
  "Permissions",
  "Dictionary",
  "VersionOverrides",
];

export function workbookHost(root: XmlElement): XmlElement {
  return child(child(child(root, "VersionOverrides"), "Hosts"), "Host");
}

export function resources(root: XmlElement): Map<string, { kind: string; value: string }> {
  const map = new Map<string, { kind: string; value: string }>();
  for (const group of child(child(root, "VersionOverrides"), "Resources").children) {
    for (const entry of group.children) {
      const id = entry.attributes.id as string;
      if (map.has(id)) throw new Error(`duplicate resource id ${id}`);
      map.set(id, {
        kind: group.name,
        value: entry.attributes.DefaultValue as string,
      });
    }
  }
  return map;
}

export function checkTopLevelOrder(root: XmlElement): string[] {
  const names = childNames(root);
  const positions = names.map((name) => OFFICE_APP_ORDER.indexOf(name));
  return names.flatMap((name, i) => {
    const p = positions[i] as number;
    if (p < 0) return [`<${name}> is not an OfficeApp element`];
    if (i > 0 && p <= (positions[i - 1] as number)) {
      return [`<${name}> must not come after <${names[i - 1]}>`];
    }
    return [];
  });
}

/**
 * Order of the children of the VersionOverrides elements we use, as the VersionOverrides 1.0
 * schema sequences them (a name may repeat; optional ones may be absent). An ExtensionPoint is
 * keyed by its xsi:type, since each type has its own sequence.
 */
export const CHILD_ORDER: Readonly<Record<string, readonly string[]>> = {
  VersionOverrides: [
    "Description",
    "Requirements",
    "Hosts",
    "Resources",
    "EquivalentAddins",
    "WebApplicationInfo",
  ],
  Hosts: ["Host"],
  Host: ["Runtimes", "AllFormFactors", "DesktopFormFactor", "MobileFormFactor"],
  Runtimes: ["Runtime"],
  AllFormFactors: ["ExtensionPoint"],
  "ExtensionPoint:CustomFunctions": ["Script", "Page", "Metadata", "Namespace"],
  DesktopFormFactor: ["GetStarted", "FunctionFile", "ExtensionPoint"],
  GetStarted: ["Title", "Description", "LearnMoreUrl"],
  "ExtensionPoint:PrimaryCommandSurface": ["CustomTab", "OfficeTab"],
  OfficeTab: ["Group"],
  Group: ["Label", "Icon", "Control"],
  Control: ["Label", "Supertip", "Icon", "Action"],
  Supertip: ["Title", "Description"],
  Icon: ["bt:Image"],
  "Action:ShowTaskpane": ["TaskpaneId", "SourceLocation", "Title", "SupportsPinning"],
  "Action:ExecuteFunction": ["FunctionName"],
  Resources: ["bt:Images", "bt:Urls", "bt:ShortStrings", "bt:LongStrings"],
};

function orderKey(element: XmlElement): string {
  const type = element.attributes["xsi:type"];
  return ["ExtensionPoint", "Action"].includes(element.name) && type !== undefined
    ? `${element.name}:${type}`
    : element.name;
}

/** Every element of VersionOverrides whose children break {@link CHILD_ORDER}, by path. */
export function checkChildOrder(root: XmlElement): string[] {
  const problems: string[] = [];
  const visit = (element: XmlElement, path: string): void => {
    const order = CHILD_ORDER[orderKey(element)];
    if (order !== undefined) {
      let last = -1;
      for (const name of childNames(element)) {
        const position = order.indexOf(name);
        if (position < 0) problems.push(`${path}: <${name}> does not belong in <${element.name}>`);
        else if (position < last) {
          problems.push(`${path}: <${name}> must come before <${order[last]}>`);
        } else last = position;
      }
    }
    for (const next of element.children) visit(next, `${path}/${next.name}`);
  };
  visit(child(root, "VersionOverrides"), "VersionOverrides");
  return problems;
}

/** The resource group each element's resid must point into. */
function expectedKind(element: XmlElement): string {
  if (element.name === "bt:Image") return "bt:Images";
  if (["Label", "Title", "Namespace"].includes(element.name)) return "bt:ShortStrings";
  if (element.name === "Description") return "bt:LongStrings";
  if (["SourceLocation", "FunctionFile", "Runtime", "LearnMoreUrl"].includes(element.name)) {
    return "bt:Urls";
  }
  return `(no resid expected on <${element.name}>)`;
}

export function checkResids(root: XmlElement): string[] {
  const res = resources(root);
  const problems: string[] = [];
  for (const element of descendants(root)) {
    const resid = element.attributes.resid;
    if (resid === undefined) continue;
    if (resid.length > 32) problems.push(`resid ${resid} is longer than 32 characters`);
    const found = res.get(resid);
    if (!found) problems.push(`<${element.name} resid="${resid}"> has no resource`);
    else if (found.kind !== expectedKind(element)) {
      problems.push(`<${element.name} resid="${resid}"> points at ${found.kind}`);
    }
  }
  return problems;
}

/**
 * The runtime, the functions page, the function file and every ShowTaskpane action share one
 * resid (function commands run in that runtime through the function file).
 */
export function checkSharedRuntime(root: XmlElement): string[] {
  const host = workbookHost(root);
  const runtime = child(child(host, "Runtimes"), "Runtime");
  const shared = runtime.attributes.resid;
  const problems: string[] = [];
  if (runtime.attributes.lifetime !== "long") problems.push('the runtime needs lifetime="long"');
  const point = child(child(host, "AllFormFactors"), "ExtensionPoint");
  const page = child(child(point, "Page"), "SourceLocation").attributes.resid;
  if (page !== shared) problems.push(`custom functions page ${page} is not the runtime ${shared}`);
  const desktop = child(host, "DesktopFormFactor");
  const functionFile = child(desktop, "FunctionFile").attributes.resid;
  if (functionFile !== shared)
    problems.push(`FunctionFile ${functionFile} is not the runtime ${shared}`);
  const paneActions = descendants(desktop).filter(
    (e) => e.name === "Action" && e.attributes["xsi:type"] === "ShowTaskpane",
  );
  for (const action of paneActions) {
    const pane = child(action, "SourceLocation").attributes.resid;
    if (pane !== shared) problems.push(`task pane action ${pane} is not the runtime ${shared}`);
    if (childNames(action).includes("TaskpaneId")) {
      problems.push("a shared runtime supports one task pane: remove <TaskpaneId>");
    }
  }
  return problems;
}

/** Every URL the manifest names, from attributes and from element text. */
export function allUrls(root: XmlElement): string[] {
  const urls: string[] = [];
  for (const element of [root, ...descendants(root)]) {
    for (const [name, value] of Object.entries(element.attributes)) {
      if (!name.startsWith("xmlns") && /^https?:/.test(value)) urls.push(value);
    }
    if (/^https?:/.test(element.text.trim())) urls.push(element.text.trim());
  }
  return urls;
}

/** URLs under base that name no emitted file (the bare origin, for AppDomains, is allowed). */
export function checkUrlsEmitted(root: XmlElement, base: string, files: Set<string>): string[] {
  const origin = new URL(base).origin;
  return allUrls(root).flatMap((url) => {
    if (url === origin) return [];
    if (!url.startsWith(base)) return [`${url} is not under ${base}`];
    return files.has(url.slice(base.length)) ? [] : [`${url} names a file the build does not emit`];
  });
}
