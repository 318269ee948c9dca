export declare const MAX_HEADER_BYTES: number;
export declare function nodeOptionsWithHeaderLimit(existing: string | undefined): string;
