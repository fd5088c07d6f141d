// The add-in's build refuses to bundle anything from the project outside src/: tools/ (the Excel
// emulator, the sandbox) must never reach dist/, even when an import in src/ pulls them in.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import webpack from "webpack";
import { ShippedSourcesPlugin } from "../../scripts/shipped-sources";

const ROOT = path.resolve(__dirname, "../..");

/** Bundles one entry with the plugin; resolves to webpack's error text ("" when it built). */
function bundle(entry: string): Promise<string> {
  const config: webpack.Configuration = {
    mode: "development",
    devtool: false,
    context: ROOT,
    entry: path.join(ROOT, entry),
    output: { path: mkdtempSync(path.join(tmpdir(), "ledger-sheets-shipped-")) },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        { test: /\.ts$/, loader: "ts-loader", options: { transpileOnly: true } },
        { test: /\.css$/, type: "asset/source" },
      ],
    },
    plugins: [new ShippedSourcesPlugin(ROOT)],
  };
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      resolve(stats?.hasErrors() ? stats.toString("errors-only") : "");
    });
  });
}

describe("ShippedSourcesPlugin", () => {
  it("lets src/ and packages through", async () => {
    expect(await bundle("src/money/index.ts")).toBe("");
  });

  it("fails the build when a module from tools/ is bundled, naming it", async () => {
    const errors = await bundle("tools/excel-emulator/errors.ts");
    expect(errors).toContain("Only src/ (and packages) may ship");
    expect(errors).toContain(path.join("tools", "excel-emulator", "errors.ts"));
  });

  it("counts symlinked packages and data: URIs as shipping, other project folders not", () => {
    const plugin = new ShippedSourcesPlugin(ROOT);
    expect(plugin.ships("/elsewhere/node_modules/decimal.js/decimal.mjs")).toBe(true);
    expect(plugin.ships("data:text/javascript,void 0")).toBe(true);
    expect(plugin.ships(path.join(ROOT, "test/unit/money/money.test.ts"))).toBe(false);
    expect(plugin.ships(path.join(ROOT, "srcx/a.ts"))).toBe(false);
  });
});
