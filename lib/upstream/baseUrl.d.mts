export declare function isLoopbackHost(hostname: string): boolean;
export declare const FORM_NAMES: { url: string; key: string };
export declare function checkBaseUrl(
  raw: string | undefined,
  names?: { url: string; key: string },
): { ok: true; url: string } | { ok: false; message: string };
