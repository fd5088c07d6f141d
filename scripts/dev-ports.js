// The development ports, from one place: an environment variable when set, otherwise npm's view
// of package.json's `config` (npm_package_config_*), otherwise package.json itself (a script run
// outside npm). npm refuses `npm config set` for a package's config, so the environment is how a
// port is changed without editing a file.
const path = require("node:path");
const { readFileSync } = require("node:fs");

/** Each port: the variable that overrides it and its key in package.json's `config`. */
const DEV_PORTS = {
  devServer: { variable: "LEDGER_SHEETS_DEV_SERVER_PORT", config: "dev_server_port" },
  sandbox: { variable: "LEDGER_SHEETS_SANDBOX_PORT", config: "sandbox_port" },
  preview: { variable: "LEDGER_SHEETS_PREVIEW_PORT", config: "preview_port" },
};

function packageConfig() {
  return JSON.parse(readFileSync(path.join(__dirname, "..", "package.json"), "utf8")).config;
}

/** The port named `name` ("devServer", "sandbox" or "preview") under `env`. */
function devPort(name, env = process.env) {
  const { variable, config } = DEV_PORTS[name];
  const fromEnv = env[variable];
  const fromNpm = env[`npm_package_config_${config}`];
  const value = fromEnv || fromNpm || packageConfig()[config];
  const port = Number(value);
  if (!/^\d+$/.test(String(value).trim()) || port < 1 || port > 65535) {
    const source = fromEnv ? variable : `config.${config} in package.json`;
    throw new Error(`${source} must be a port number (1-65535), got ${value}`);
  }
  return port;
}

/** Every development port under `env`. */
function devPorts(env = process.env) {
  return {
    devServer: devPort("devServer", env),
    sandbox: devPort("sandbox", env),
    preview: devPort("preview", env),
  };
}

/** The sandbox's API address as the task pane's Use sandbox fills it in. */
function sandboxApiAddress(port) {
  return `http://127.0.0.1:${port}/v1`;
}

module.exports = { DEV_PORTS, devPort, devPorts, sandboxApiAddress };
