// Offline checks of manifest.xml and the build it points at. Microsoft's online validator
// (npm run validate) cannot be reached from CI, so these pin down what it would catch and more.
import { readFileSync } from "node:fs";
import { parse } from "acorn";
import path from "node:path";
import { child, childNames, descendants, parseXml } from "./xmlTree";
import {
  allUrls,
  checkChildOrder,
  checkResids,
  checkSharedRuntime,
  checkTopLevelOrder,
  checkUrlsEmitted,
  resources,
  workbookHost,
} from "./manifestChecks";
import { buildProduction, BuildOutput } from "./buildOnce";

/** The ES5 script that tells IE11 users why the pane cannot start (src/taskpane/shared/oldWebView.js). */
const OLD_WEB_VIEW = "old-web-view.js";
import {
  DEV_URL,
  devServerPort,
  manifestForDevServer,
  productionUrl,
  rewriteManifestUrls,
} from "../../scripts/manifest-urls";
import { devPort, sandboxApiAddress } from "../../scripts/dev-ports";

const PUBLIC_URL = "https://addin.ledger-sheets.test/app/";
const sourceXml = readFileSync(path.join(__dirname, "../../manifest.xml"), "utf8");

function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("manifest.xml", () => {
  const root = parseXml(sourceXml);
  const host = workbookHost(root);
  const res = resources(root);

  it("is a TaskPaneApp whose top-level elements follow the schema order", () => {
    expect(root.name).toBe("OfficeApp");
    expect(root.attributes["xsi:type"]).toBe("TaskPaneApp");
    expect(checkTopLevelOrder(root)).toEqual([]);
  });

  it("orders the children of every VersionOverrides element as the schema sequences them", () => {
    expect(checkChildOrder(root)).toEqual([]);
  });

  it("has a GUID id and a four-part version", () => {
    expect(child(root, "Id").text).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    );
    expect(child(root, "Version").text).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it("targets Excel workbooks and requires the shared runtime and ExcelApi 1.13", () => {
    expect(child(child(root, "Hosts"), "Host").attributes.Name).toBe("Workbook");
    const sets = child(child(root, "Requirements"), "Sets").children;
    expect(sets.map((s) => [s.attributes.Name, s.attributes.MinVersion])).toContainEqual([
      "SharedRuntime",
      "1.1",
    ]);
    // The import resizes tables in place (Table.resize, ExcelApi 1.13).
    expect(sets.map((s) => [s.attributes.Name, s.attributes.MinVersion])).toContainEqual([
      "ExcelApi",
      "1.13",
    ]);
    expect(host.attributes["xsi:type"]).toBe("Workbook");
  });

  it("orders the workbook host: Runtimes, then AllFormFactors, then DesktopFormFactor", () => {
    expect(childNames(host)).toEqual(["Runtimes", "AllFormFactors", "DesktopFormFactor"]);
    const desktop = child(host, "DesktopFormFactor");
    expect(childNames(desktop)).toEqual(["GetStarted", "FunctionFile", "ExtensionPoint"]);
  });

  it("declares the custom functions extension point with namespace LEDGER", () => {
    const point = child(child(host, "AllFormFactors"), "ExtensionPoint");
    expect(point.attributes["xsi:type"]).toBe("CustomFunctions");
    expect(childNames(point)).toEqual(["Script", "Page", "Metadata", "Namespace"]);
    const namespaceId = child(point, "Namespace").attributes.resid as string;
    expect(res.get(namespaceId)?.value).toBe("LEDGER");
  });

  it("resolves every resid to a resource of the right kind, within 32 characters", () => {
    expect(checkResids(root)).toEqual([]);
  });

  it("keeps short strings within 125 characters and long strings within 250", () => {
    for (const [id, { kind, value }] of res) {
      if (kind === "bt:ShortStrings")
        expect({ id, length: value.length <= 125 }).toEqual({
          id,
          length: true,
        });
      if (kind === "bt:LongStrings")
        expect({ id, length: value.length <= 250 }).toEqual({
          id,
          length: true,
        });
    }
  });

  it("uses one runtime resid for the runtime, the functions page, the function file and the pane", () => {
    expect(checkSharedRuntime(root)).toEqual([]);
    const shared = child(child(host, "Runtimes"), "Runtime").attributes.resid as string;
    expect(child(child(root, "DefaultSettings"), "SourceLocation").attributes.DefaultValue).toBe(
      res.get(shared)?.value,
    );
  });

  it("has its own group on the Home tab with Import, Journal and Refresh all buttons, unique well-formed ids", () => {
    const desktop = child(host, "DesktopFormFactor");
    const tab = descendants(desktop).find((e) => e.name === "OfficeTab");
    expect(tab?.attributes.id).toBe("TabHome");
    const controls = descendants(desktop).filter((e) => e.name === "Control");
    expect(controls.map((c) => c.attributes["xsi:type"])).toEqual(["Button", "Button", "Button"]);
    const labels = controls.map(
      (c) => res.get(child(c, "Label").attributes.resid as string)?.value,
    );
    expect(labels).toEqual(["Import", "Journal", "Refresh all"]);
    const ids = descendants(desktop)
      .filter((e) => ["Group", "Control"].includes(e.name))
      .map((e) => e.attributes.id as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][A-Za-z0-9.]{0,124}$/);
  });

  it("runs each button as a function command the task pane registers (shared runtime)", () => {
    const desktop = child(host, "DesktopFormFactor");
    const actions = descendants(desktop).filter((e) => e.name === "Action");
    expect(actions.map((a) => a.attributes["xsi:type"])).toEqual([
      "ExecuteFunction",
      "ExecuteFunction",
      "ExecuteFunction",
    ]);
    const names = actions.map((a) => child(a, "FunctionName").text.trim());
    expect(names).toEqual(["showImportTab", "showJournalTab", "refreshAllTables"]);
    const pane = readFileSync(path.join(__dirname, "../../src/taskpane/taskpane.ts"), "utf8");
    for (const name of names) expect(pane).toContain(`associate("${name}"`);
  });

  it("points every URL at the development server", () => {
    const urls = allUrls(root);
    expect(urls.length).toBeGreaterThan(8);
    for (const url of urls) expect(url.startsWith(DEV_URL.slice(0, -1))).toBe(true);
  });
});

describe("the production build", () => {
  let build: BuildOutput;
  let builtXml: string;

  beforeAll(async () => {
    build = await buildProduction(PUBLIC_URL);
    builtXml = readFileSync(path.join(build.dir, "manifest.xml"), "utf8");
  }, 120_000);

  it("emits bundles that parse as ES2017, what every supported web view reads", () => {
    const bundles = [...build.files].filter(
      (file) => file.endsWith(".js") && file !== OLD_WEB_VIEW,
    );
    expect(bundles.sort()).toEqual(["functions.js", "runtime.js", "taskpane.js"]);
    for (const file of bundles) {
      const text = readFileSync(path.join(build.dir, file), "utf8");
      let problem: string | null = null;
      try {
        parse(text, { ecmaVersion: 2017, sourceType: "script" });
      } catch (error) {
        const at = (error as { pos?: number }).pos ?? 0;
        problem = `${(error as Error).message} near ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 40))}`;
      }
      expect({ file, problem }).toEqual({ file, problem: null });
    }
  });

  it("emits the IE11 notice as ES5, loaded by the task pane before everything else", () => {
    const text = readFileSync(path.join(build.dir, OLD_WEB_VIEW), "utf8");
    expect(() => parse(text, { ecmaVersion: 5, sourceType: "script" })).not.toThrow();
    const page = readFileSync(path.join(build.dir, "taskpane.html"), "utf8");
    // The published page is minified: attribute quotes may be gone.
    const scripts = [...page.matchAll(/<script[^>]*\ssrc=("?)([^"\s>]+)\1/g)].map((m) => m[2]);
    expect(scripts[0]).toBe(OLD_WEB_VIEW);
    expect(scripts.length).toBeGreaterThan(1);
  });

  it("emits the task pane page, functions.js, functions.json, the help page and the manifest", () => {
    for (const file of [
      "taskpane.html",
      "functions.js",
      "functions.json",
      "help.html",
      "manifest.xml",
    ]) {
      expect(build.files).toContain(file);
    }
  });

  it("names the configured sandbox in the task pane (Use sandbox) and the help page", () => {
    const sandbox = sandboxApiAddress(devPort("sandbox"));
    const page = readFileSync(path.join(build.dir, "taskpane.html"), "utf8");
    expect(page).toMatch(new RegExp(`<meta name="?ledger-sheets-sandbox"? content="?${sandbox}`));
    const help = readFileSync(path.join(build.dir, "help.html"), "utf8");
    expect(help).toContain(sandbox);
    expect(help).not.toContain("<%");
    // The ribbon group is on the Home tab (manifest.xml's TabHome), and the help says so.
    expect(sourceXml).toContain('<OfficeTab id="TabHome">');
    expect(help).toMatch(/<strong>Home<\/strong> tab/);
    expect(help).not.toMatch(/<strong>Data<\/strong>/);
  });

  it("publishes no source maps: no .map file and no sourceMappingURL in any script", () => {
    const files = [...build.files];
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
    const linking = files
      .filter((file) => file.endsWith(".js"))
      .filter((file) =>
        readFileSync(path.join(build.dir, file), "utf8").includes("sourceMappingURL"),
      );
    expect(linking).toEqual([]);
  });

  it("points every manifest URL at a file it emits (source manifest, development URLs)", () => {
    expect(checkUrlsEmitted(parseXml(sourceXml), DEV_URL, build.files)).toEqual([]);
  });

  it("rewrites every development URL in the built manifest to the public address", () => {
    expect(builtXml).not.toMatch(/localhost/);
    const built = parseXml(builtXml);
    expect(allUrls(built).length).toBe(allUrls(parseXml(sourceXml)).length);
    expect(checkUrlsEmitted(built, PUBLIC_URL, build.files)).toEqual([]);
  });

  it("reports a URL whose file the build does not emit", () => {
    const broken = parseXml(sourceXml.replace("functions.json", "function.json"));
    expect(checkUrlsEmitted(broken, DEV_URL, build.files)).toEqual([
      `${DEV_URL}function.json names a file the build does not emit`,
    ]);
  });

  it("ships icons whose pixel sizes match what the manifest declares", () => {
    const root = parseXml(builtXml);
    const res = resources(root);
    for (const [id, { kind, value }] of res) {
      if (kind !== "bt:Images") continue;
      const size = Number(/(\d+)x\d+$/.exec(id)?.[1]);
      expect(pngSize(path.join(build.dir, value.slice(PUBLIC_URL.length)))).toEqual({
        width: size,
        height: size,
      });
    }
    const icon = child(root, "IconUrl").attributes.DefaultValue as string;
    const hiRes = child(root, "HighResolutionIconUrl").attributes.DefaultValue as string;
    expect(pngSize(path.join(build.dir, icon.slice(PUBLIC_URL.length))).width).toBe(32);
    expect(pngSize(path.join(build.dir, hiRes.slice(PUBLIC_URL.length))).width).toBe(64);
    for (const size of [16, 32, 64, 80, 128]) {
      expect(pngSize(path.join(build.dir, `assets/icon-${size}.png`))).toEqual({
        width: size,
        height: size,
      });
    }
  });

  it("generates functions.json from the JSDoc, and functions.js registers each function", () => {
    const metadata = JSON.parse(readFileSync(path.join(build.dir, "functions.json"), "utf8")) as {
      functions: { id: string; name: string }[];
    };
    expect(metadata.functions.length).toBeGreaterThan(0);
    const script = readFileSync(path.join(build.dir, "functions.js"), "utf8");
    for (const fn of metadata.functions) {
      expect(fn.id).toMatch(/^[A-Z][A-Z0-9._]*$/);
      expect(script).toContain(`CustomFunctions.associate("${fn.id}"`);
    }
    expect(new Set(metadata.functions.map((f) => f.name)).size).toBe(metadata.functions.length);
  });

  it("loads functions.js on the shared runtime page", () => {
    const page = readFileSync(path.join(build.dir, "taskpane.html"), "utf8");
    expect(page).toMatch(/<script[^>]+src="?functions\.js"?/);
    expect(page).toContain("https://appsforoffice.microsoft.com/lib/1/hosted/office.js");
  });
});

describe("manifest checks on broken manifests", () => {
  it("catches children out of order deep inside VersionOverrides", () => {
    const swapped = sourceXml
      .replace(/(<Label resid="Import.Label"\/>)(\s*)(<Supertip>[\s\S]*?<\/Supertip>)/, "$3$2$1")
      .replace(/(<bt:Images>[\s\S]*?<\/bt:Images>)(\s*)(<bt:Urls>[\s\S]*?<\/bt:Urls>)/, "$3$2$1");
    expect(checkChildOrder(parseXml(swapped))).toEqual([
      "VersionOverrides/Hosts/Host/DesktopFormFactor/ExtensionPoint/OfficeTab/Group/Control: " +
        "<Label> must come before <Supertip>",
      "VersionOverrides/Resources: <bt:Images> must come before <bt:Urls>",
    ]);
  });

  it("catches an element placed where the schema has no room for it", () => {
    const misplaced = sourceXml.replace(
      "<Supertip>",
      '<SourceLocation resid="Taskpane.Url"/><Supertip>',
    );
    expect(checkChildOrder(parseXml(misplaced))).toEqual([
      "VersionOverrides/Hosts/Host/DesktopFormFactor/ExtensionPoint/OfficeTab/Group/Control: " +
        "<SourceLocation> does not belong in <Control>",
    ]);
  });

  it("catch a resid that resolves to nothing", () => {
    const broken = parseXml(sourceXml.replace('resid="Group.Label"', 'resid="Group.Lable"'));
    expect(checkResids(broken)).toEqual(['<Label resid="Group.Lable"> has no resource']);
  });

  it("catch a resid that points into the wrong resource group", () => {
    const broken = parseXml(
      sourceXml.replace('<Label resid="Group.Label"/>', '<Label resid="Icon.16x16"/>'),
    );
    expect(checkResids(broken)).toEqual(['<Label resid="Icon.16x16"> points at bt:Images']);
  });

  it("catch a runtime resid that differs from the functions page", () => {
    const broken = parseXml(
      sourceXml.replace('<Runtime resid="Taskpane.Url"', '<Runtime resid="Functions.Script.Url"'),
    );
    // The functions page and the function file (the ribbon's commands) no longer match it.
    expect(checkSharedRuntime(broken)).toEqual([
      "custom functions page Taskpane.Url is not the runtime Functions.Script.Url",
      "FunctionFile Taskpane.Url is not the runtime Functions.Script.Url",
    ]);
  });

  it("catch top-level elements out of schema order", () => {
    const broken = parseXml(
      sourceXml
        .replace(/(<Permissions>.*<\/Permissions>)\s*/, "")
        .replace("<Hosts>", "<Permissions>ReadWriteDocument</Permissions><Hosts>"),
    );
    expect(checkTopLevelOrder(broken)).toEqual(["<Hosts> must not come after <Permissions>"]);
  });
});

describe("the development manifest (npm start, development build)", () => {
  const withEnv = (value: string | undefined, run: () => void) => {
    const saved = process.env.npm_package_config_dev_server_port;
    if (value === undefined) delete process.env.npm_package_config_dev_server_port;
    else process.env.npm_package_config_dev_server_port = value;
    try {
      run();
    } finally {
      if (saved === undefined) delete process.env.npm_package_config_dev_server_port;
      else process.env.npm_package_config_dev_server_port = saved;
    }
  };

  it("puts every URL on the configured port", () => {
    const xml = manifestForDevServer(sourceXml, 3456);
    const urls = allUrls(parseXml(xml));
    expect(urls.length).toBe(allUrls(parseXml(sourceXml)).length);
    for (const url of urls) expect(url.startsWith("https://localhost:3456")).toBe(true);
    expect(xml).not.toContain("localhost:3000");
  });

  it("takes the port from package.json's config.dev_server_port, as npm passes it", () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, "../../package.json"), "utf8")) as {
      config: { dev_server_port: number };
    };
    withEnv(undefined, () => expect(devServerPort()).toBe(pkg.config.dev_server_port));
    withEnv("3456", () => expect(devServerPort()).toBe(3456));
    withEnv("not-a-port", () => expect(() => devServerPort()).toThrow(/dev_server_port/));
  });
});

describe("rewriteManifestUrls()", () => {
  it("replaces every occurrence, not just the first", () => {
    const xml = `<a u="${DEV_URL}x.html"/><b u="${DEV_URL}y.js"/><AppDomain>${DEV_URL.slice(0, -1)}</AppDomain>`;
    expect(rewriteManifestUrls(xml, "https://prod.test/")).toBe(
      '<a u="https://prod.test/x.html"/><b u="https://prod.test/y.js"/><AppDomain>https://prod.test</AppDomain>',
    );
  });

  it("refuses to produce a manifest that still mentions localhost", () => {
    expect(() =>
      rewriteManifestUrls('<a u="http://localhost:8080/x"/>', "https://prod.test/"),
    ).toThrow(/localhost/);
  });

  it("refuses a non-https public address", () => {
    const saved = process.env.LEDGER_SHEETS_PUBLIC_URL;
    process.env.LEDGER_SHEETS_PUBLIC_URL = "http://prod.test/";
    try {
      expect(() => productionUrl()).toThrow(/https/);
    } finally {
      process.env.LEDGER_SHEETS_PUBLIC_URL = saved;
    }
  });
});
