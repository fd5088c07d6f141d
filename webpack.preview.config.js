// Builds the preview page and the fake office.js it gives the task pane: a way to see and test the
// built add-in without Excel. Not part of the published add-in (dist/).
const path = require("node:path");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");

module.exports = (env, argv) => {
  const production = argv.mode === "production";
  return {
    mode: production ? "production" : "development",
    devtool: production ? false : "eval-cheap-module-source-map",
    entry: {
      preview: "./tools/preview/preview.ts",
      "fake-office": "./tools/excel-emulator/fakeOfficeEntry.ts",
    },
    output: {
      path: path.resolve(__dirname, (env && env.outDir) || "dist-preview"),
      filename: "[name].js",
      clean: true,
    },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: "ts-loader",
            // Type checking is `npm run typecheck` (tsc --strict over everything); the build only transpiles.
            options: { onlyCompileBundledFiles: true, transpileOnly: true },
          },
        },
        { test: /\.css$/, type: "asset/source" },
      ],
    },
    plugins: [
      // Microsoft's Excel client: the task pane's batches go through it (fake-office.js answers).
      new CopyWebpackPlugin({
        patterns: [
          {
            from: require.resolve("@microsoft/office-js/dist/excel-web-16.00.js"),
            to: "excel-web-16.00.js",
            info: { minimized: true },
          },
        ],
      }),
      new HtmlWebpackPlugin({
        filename: "preview.html",
        template: "./tools/preview/preview.html",
        chunks: ["preview"],
      }),
    ],
    performance: { hints: false },
  };
};
