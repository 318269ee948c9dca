// Plain ESM so scripts/start.mjs and playwright.config.ts (no TypeScript loader for .mjs imports) share one number.

/**
 * The largest request head the dashboard's server reads, in bytes. The contract allows a
 * 10,000-character metadata `query`; percent-encoded, a character takes up to 9 bytes (3 UTF-8
 * bytes, each `%XX`), so the query alone can need 90 KB and Node's 16 KiB default answers a bare
 * 431. 128 KiB holds it with the other parameters, the same bound as the embedded platform's.
 */
export const MAX_HEADER_BYTES = 128 * 1024;

/**
 * NODE_OPTIONS for a process that serves the dashboard (`next start`), with the header limit added
 * to whatever the environment already sets.
 * @param {string | undefined} existing
 * @returns {string}
 */
export function nodeOptionsWithHeaderLimit(existing) {
  const flag = `--max-http-header-size=${MAX_HEADER_BYTES}`;
  const kept = (existing ?? "")
    .split(/\s+/)
    .filter((option) => option !== "" && !option.startsWith("--max-http-header-size"));
  return [...kept, flag].join(" ");
}
