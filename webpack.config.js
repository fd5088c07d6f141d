// Builds the add-in: the task pane page (which is also the shared runtime page), the custom
// functions script with its generated functions.json, the help page, icons and the manifest.
const path = require("node:path");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const {
  devServerPort,
  manifestForDevServer,
  rewriteManifestUrls,
  productionUrl,
} = require("./scripts/manifest-urls");
const { devPort, sandboxApiAddress } = require("./scripts/dev-ports");
const { devServerHttpsOptions } = require("./scripts/dev-certs");
const { ShippedSourcesPlugin } = require("./scripts/shipped-sources");
const pkg = require("./package.json");

const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const LOCAL_OFFICE_JS = "/office-js/office.js";

/**
 * The task pane's Content-Security-Policy. Scripts: the add-in's own and office.js from
 * Microsoft's CDN. Styles: the add-in inserts its stylesheet as a <style> element. Requests:
 * the API address the user configures (any https: address, or the local sandbox over http).
 * The development build also needs eval (its source maps) and the dev server's websocket.
 */
function contentSecurityPolicy(production) {
  const devOnly = (value) => (production ? [] : [value]);
  return [
    "default-src 'self'",
    ["script-src 'self' https://appsforoffice.microsoft.com", ...devOnly("'unsafe-eval'")].join(
      " ",
    ),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    [
      "connect-src 'self' https: http://127.0.0.1:* http://localhost:*",
      ...devOnly("ws://localhost:*"),
    ].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
}
const OFFICE_JS_DIST = path.join(__dirname, "node_modules/@microsoft/office-js/dist");

module.exports = async (env, argv) => {
  const production = argv.mode === "production";
  const isServe = Boolean(env && env.WEBPACK_SERVE);
  const publicUrl = production ? productionUrl() : undefined;
  const port = devServerPort();
  // Named in the task pane (Use sandbox) and the help page: the port `npm start` starts it on.
  const sandboxAddress = sandboxApiAddress(devPort("sandbox"));
  // LEDGER_OFFICE_JS=local: development behind a firewall, with Microsoft's copy of the CDN build
  // (@microsoft/office-js) served by the dev server. Published pages must use the CDN.
  const localOfficeJs = process.env.LEDGER_OFFICE_JS === "local";
  if (localOfficeJs && production) {
    throw new Error(
      "LEDGER_OFFICE_JS=local is for development only: published pages load office.js from " +
        "Microsoft's CDN. Unset it for a production build.",
    );
  }

  return {
    mode: production ? "production" : "development",
    // webpack's own runtime code at the same level as the bundles.
    target: ["web", "es2017"],
    // No source maps in the published build: they would hand out the original sources.
    devtool: production ? false : "eval-cheap-module-source-map",
    entry: {
      taskpane: "./src/taskpane/taskpane.ts",
      functions: "./src/functions/functions.ts",
    },
    output: {
      path: path.resolve(__dirname, (env && env.outDir) || "dist"),
      filename: "[name].js",
      clean: true,
    },
    // One webpack runtime for both entries: on the shared-runtime page they share one module
    // registry, so the functions see the task pane's connection and cache (src/settings,
    // src/functions/formulaRuntime.ts) instead of copies of their own. functions.js therefore
    // runs only after runtime.js, which taskpane.html loads first.
    optimization: { runtimeChunk: "single" },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: "ts-loader",
            // Type checking is `npm run typecheck` (tsc --strict over everything); the build only transpiles.
            // ES2017: parsed by every web view of a supported host (WebView2, Safari on the
            // oldest supported macOS); IE11 gets old-web-view.js instead (see docs/deploy.md).
            options: {
              onlyCompileBundledFiles: true,
              transpileOnly: true,
              compilerOptions: { target: "ES2017" },
            },
          },
        },
        { test: /\.css$/, type: "asset/source" },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __ADDIN_VERSION__: JSON.stringify(pkg.version) }),
      new ShippedSourcesPlugin(__dirname),
      new CustomFunctionsMetadataPlugin({
        output: "functions.json",
        input: "./src/functions/functions.ts",
      }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        // One page runs the task pane and the custom functions (shared runtime).
        chunks: ["runtime", "taskpane", "functions"],
        templateParameters: {
          officeJsUrl: localOfficeJs ? LOCAL_OFFICE_JS : OFFICE_JS_CDN,
          contentSecurityPolicy: contentSecurityPolicy(production),
          sandboxAddress,
        },
      }),
      new HtmlWebpackPlugin({
        filename: "help.html",
        template: "./src/help/help.html",
        chunks: [],
        templateParameters: { version: pkg.version, sandboxAddress },
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          // Not bundled: ES5 as written, so IE11 can run it (src/taskpane/shared/oldWebView.js).
          { from: "src/taskpane/shared/oldWebView.js", to: "old-web-view.js" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            // Development: the URLs name config.dev_server_port, the port the dev server uses.
            transform: (content) =>
              production
                ? rewriteManifestUrls(content.toString(), publicUrl)
                : manifestForDevServer(content.toString(), port),
          },
        ],
      }),
    ],
    performance: { hints: false },
    devServer: isServe
      ? {
          host: "localhost", // loopback only: the dev server is not for the network
          port,
          static: localOfficeJs
            ? [{ directory: OFFICE_JS_DIST, publicPath: "/office-js", watch: false }]
            : false,
          server: { type: "https", options: await devServerHttpsOptions() },
          headers: { "Access-Control-Allow-Origin": "*" },
          hot: false,
          client: { overlay: { warnings: false } },
        }
      : undefined,
  };
};
