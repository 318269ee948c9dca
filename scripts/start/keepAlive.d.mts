export declare const KEEP_ALIVE_TIMEOUT_MS: number;
export declare const KEEP_ALIVE_ARGS: string[];
