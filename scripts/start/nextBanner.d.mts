export declare function isNextBanner(line: string): boolean;
