// The add-in's custom functions, declared to the preview's workbook as Excel declares them: the
// metadata its build generated (functions.json) under the namespace its manifest gives
// (<Namespace resid="…"/> naming a string such as "LEDGER"). The functions themselves are
// registered by the task pane's page (CustomFunctions.associate), on the same host.
import type { FakeExcelHost } from "../excel-emulator";
import type { CustomFunctionMetadata } from "../excel-emulator/customFunctionCalls";

/** The custom functions' namespace a manifest declares, or undefined when it declares none. */
export function manifestNamespace(manifestXml: string): string | undefined {
  const manifest = new DOMParser().parseFromString(manifestXml, "application/xml");
  const all = Array.from(manifest.getElementsByTagName("*"));
  const resid = all.find((element) => element.localName === "Namespace")?.getAttribute("resid");
  if (!resid) return undefined;
  const text = all.find((element) => element.localName === "String" && element.id === resid);
  return text?.getAttribute("DefaultValue") ?? undefined;
}

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return await response.text();
}

/** Reads the built add-in's manifest and functions.json, and declares its functions to `host`. */
export async function declareAddinFunctions(host: FakeExcelHost): Promise<void> {
  const [manifest, metadata] = await Promise.all([text("manifest.xml"), text("functions.json")]);
  const namespace = manifestNamespace(manifest);
  if (!namespace) throw new Error("The manifest declares no custom functions namespace.");
  const { functions } = JSON.parse(metadata) as { functions: CustomFunctionMetadata[] };
  host.defineCustomFunctions(namespace, functions);
}
