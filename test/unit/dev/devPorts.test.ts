import { readFileSync } from "node:fs";
import path from "node:path";
import { devPort, devPorts, sandboxApiAddress } from "../../../scripts/dev-ports";

const CONFIG = (
  JSON.parse(readFileSync(path.join(__dirname, "../../../package.json"), "utf8")) as {
    config: { dev_server_port: number; sandbox_port: number; preview_port: number };
  }
).config;

describe("dev-ports.js", () => {
  it("takes package.json's config when nothing is set", () => {
    expect(devPorts({})).toEqual({
      devServer: CONFIG.dev_server_port,
      sandbox: CONFIG.sandbox_port,
      preview: CONFIG.preview_port,
    });
  });

  it("takes npm's view of the config (npm_package_config_*) over the file", () => {
    expect(devPort("sandbox", { npm_package_config_sandbox_port: "4999" })).toBe(4999);
  });

  it("takes an environment variable over both, for each port", () => {
    const env = {
      LEDGER_SHEETS_DEV_SERVER_PORT: "3100",
      LEDGER_SHEETS_SANDBOX_PORT: "4100",
      LEDGER_SHEETS_PREVIEW_PORT: "3101",
      npm_package_config_sandbox_port: "4999",
    };
    expect(devPorts(env)).toEqual({ devServer: 3100, sandbox: 4100, preview: 3101 });
  });

  it("refuses what is not a port, naming the variable to correct", () => {
    for (const value of ["0", "65536", "40x", "-1", "1e3"]) {
      expect(() => devPort("preview", { LEDGER_SHEETS_PREVIEW_PORT: value })).toThrow(
        `LEDGER_SHEETS_PREVIEW_PORT must be a port number (1-65535), got ${value}`,
      );
    }
    expect(() => devPort("devServer", { npm_package_config_dev_server_port: "x" })).toThrow(
      /config\.dev_server_port/,
    );
  });

  it("gives the sandbox's API address as Use sandbox fills it in", () => {
    expect(sandboxApiAddress(4100)).toBe("http://127.0.0.1:4100/v1");
  });
});
