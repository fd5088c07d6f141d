// HTTPS options for the development server. Office requires https for add-in pages.
// office-addin-dev-certs installs a trusted CA where it can (Windows, macOS). On Linux its CA
// install needs sudo and fails, so we fall back to the certificate files it generates and say so.
const fs = require("node:fs");
const { devPort } = require("./dev-ports");

async function devServerHttpsOptions() {
  // Loaded here, not at the top: production builds never need the certificate tooling.
  const devCerts = require("office-addin-dev-certs");
  const defaults = require("office-addin-dev-certs/lib/defaults");
  try {
    return await devCerts.getHttpsServerOptions();
  } catch (error) {
    const files = [
      defaults.caCertificatePath,
      defaults.localhostCertificatePath,
      defaults.localhostKeyPath,
    ];
    if (!files.every((file) => fs.existsSync(file))) {
      await devCerts.generateCertificates();
    }
    console.warn(
      "Note: the development certificate authority could not be installed on this machine " +
        `(${String(error && error.message ? error.message : error).split("\n")[0]}). ` +
        `Browsers will warn about https://localhost:${devPort("devServer")} until you trust ` +
        defaults.caCertificatePath,
    );
    return {
      ca: fs.readFileSync(defaults.caCertificatePath),
      cert: fs.readFileSync(defaults.localhostCertificatePath),
      key: fs.readFileSync(defaults.localhostKeyPath),
    };
  }
}

module.exports = { devServerHttpsOptions };
