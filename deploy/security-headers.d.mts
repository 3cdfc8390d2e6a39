export declare function inlineScriptHashes(siteDir: string): string[];
export declare function securityHeaders(hashes?: string[]): Record<string, string>;
export declare function httpsOnlyHeaders(): Record<string, string>;
