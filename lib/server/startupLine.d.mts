export declare const STARTUP_DONE_LINE: string;
