export declare const SOURCE_DIRS: readonly string[];
export declare const SOURCE_FILES: readonly string[];
export type BuildStatus = { state: "missing" } | { state: "stale"; newer: string } | { state: "fresh" };
export declare function buildStatus(root: string, distDir: string): BuildStatus;
export declare function buildState(root: string, distDir: string): BuildStatus["state"];
