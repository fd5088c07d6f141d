// Rewrites the manifest's development URLs for a production build. Microsoft's template replaces
// only the first occurrence; every URL must move, so this replaces them all and verifies.
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

module.exports = { DEV_URL, DEFAULT_PRODUCTION_URL, productionUrl, rewriteManifestUrls };
