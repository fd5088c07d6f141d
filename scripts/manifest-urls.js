// Rewrites the manifest's development URLs: to the configured dev server port for development
// (npm start, the development build), to the public address for a production build. Microsoft's
// template replaces only the first occurrence; every URL must move, so this replaces them all.
const { devPort } = require("./dev-ports");

/** The development URL as manifest.xml is written (port 3000, package.json's default). */
const DEV_URL = "https://localhost:3000/";
const DEFAULT_PRODUCTION_URL = "https://ledger-sheets.example.com/";

/** The address the built add-in is published at, from LEDGER_SHEETS_PUBLIC_URL. */
function productionUrl() {
  const value = process.env.LEDGER_SHEETS_PUBLIC_URL || DEFAULT_PRODUCTION_URL;
  const url = new URL(value);
  if (url.protocol !== "https:") {
    throw new Error(`LEDGER_SHEETS_PUBLIC_URL must be an https address, got ${value}`);
  }
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** Replaces every development URL (and the bare dev origin in AppDomains) with publicUrl. */
function rewriteManifestUrls(xml, publicUrl) {
  const origin = new URL(publicUrl).origin;
  const rewritten = xml.split(DEV_URL).join(publicUrl).split(DEV_URL.slice(0, -1)).join(origin);
  if (rewritten.includes("localhost")) {
    throw new Error("The production manifest still mentions localhost after rewriting URLs.");
  }
  return rewritten;
}

/** The dev server's port (scripts/dev-ports.js: LEDGER_SHEETS_DEV_SERVER_PORT or package.json). */
function devServerPort() {
  return devPort("devServer");
}

/** The manifest with every development URL on `port` (the file itself says 3000). */
function manifestForDevServer(xml, port) {
  return xml.split(DEV_URL.slice(0, -1)).join(`https://localhost:${port}`);
}

module.exports = {
  DEV_URL,
  DEFAULT_PRODUCTION_URL,
  devServerPort,
  manifestForDevServer,
  productionUrl,
  rewriteManifestUrls,
};
