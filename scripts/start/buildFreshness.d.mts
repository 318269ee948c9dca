export declare function buildState(root: string, distDir: string): "missing" | "stale" | "fresh";
