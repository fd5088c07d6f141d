// Types for scripts/dev-ports.js (plain CommonJS so webpack.config.js can load it unbuilt).
export type DevPortName = "devServer" | "sandbox" | "preview";
export declare const DEV_PORTS: Readonly<
  Record<DevPortName, { readonly variable: string; readonly config: string }>
>;
export declare function devPort(name: DevPortName, env?: NodeJS.ProcessEnv): number;
export declare function devPorts(env?: NodeJS.ProcessEnv): Record<DevPortName, number>;
export declare function sandboxApiAddress(port: number): string;
