// Types for scripts/manifest-urls.js (plain CommonJS so webpack.config.js can load it unbuilt).
export declare const DEV_URL: string;
export declare const DEFAULT_PRODUCTION_URL: string;
export declare function productionUrl(): string;
export declare function rewriteManifestUrls(xml: string, publicUrl: string): string;
export declare function devServerPort(): number;
export declare function manifestForDevServer(xml: string, port: number): string;
