// A webpack plugin that fails the add-in's build when a bundled module comes from anywhere but
// src/ or node_modules/: src/ is exactly what ships, and tools/, test/ and bench/ must never
// leak into dist/ (an import from src/ into tools/ would otherwise bundle the emulator silently).
const path = require("node:path");

class ShippedSourcesPlugin {
  /** @param {string} root the project folder */
  constructor(root) {
    this.src = path.join(root, "src") + path.sep;
  }

  /** Packages may resolve outside the project (node_modules can be a symlink); data: URIs pass. */
  ships(file) {
    if (!path.isAbsolute(file)) return true;
    return file.startsWith(this.src) || file.includes(`${path.sep}node_modules${path.sep}`);
  }

  apply(compiler) {
    const { WebpackError } = compiler.webpack;
    compiler.hooks.compilation.tap("ShippedSourcesPlugin", (compilation) => {
      compilation.hooks.finishModules.tap("ShippedSourcesPlugin", (modules) => {
        const strays = [];
        for (const module of modules) {
          const file = module.resource && module.resource.split("?")[0];
          if (file && !this.ships(file)) strays.push(file);
        }
        if (strays.length === 0) return;
        compilation.errors.push(
          new WebpackError(
            "Only src/ (and packages) may ship in the add-in, but the bundle pulls in:\n  " +
              strays.join("\n  ") +
              "\nIs something in src/ importing from tools/?",
          ),
        );
      });
    });
  }
}

module.exports = { ShippedSourcesPlugin };
