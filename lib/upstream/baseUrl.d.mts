export declare function isLoopbackHost(hostname: string): boolean;
export declare function checkBaseUrl(raw: string | undefined): { ok: true; url: string } | { ok: false; message: string };
