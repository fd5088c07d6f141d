// Types for scripts/shipped-sources.js (plain CommonJS so webpack.config.js can load it unbuilt).
import type { Compiler } from "webpack";

export declare class ShippedSourcesPlugin {
  constructor(root: string);
  ships(file: string): boolean;
  apply(compiler: Compiler): void;
}
