// Plain ESM so scripts/start.mjs (no TypeScript loader) and the server share one rule.

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** @param {string} hostname as URL#hostname gives it (IPv6 in brackets) */
export function isLoopbackHost(hostname) {
  const host = hostname.toLowerCase();
  return host === "localhost" || host === "[::1]" || LOOPBACK_V4.test(host);
}

/** How the messages name the address and the key: the environment's variables, or (`FORM_NAMES`) a page's fields. */
const ENV_NAMES = { url: "LINK_API_BASE_URL", key: "LINK_API_KEY" };
export const FORM_NAMES = { url: "The platform base URL", key: "the API key field" };

/**
 * The platform is HTTPS only; plain http is accepted for loopback hosts (the embedded platform).
 * @param {string | undefined} raw
 * @param {{ url: string, key: string }} [names]
 * @returns {{ ok: true, url: string } | { ok: false, message: string }}
 */
export function checkBaseUrl(raw, names = ENV_NAMES) {
  const value = (raw ?? "").trim();
  const NAME = names.url;
  const example = "for example https://api.example.com, or http://127.0.0.1:8787 for the embedded platform";
  if (value === "") return { ok: false, message: `${NAME} is not set; set it to the platform's address, ${example}.` };
  let url;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: `${NAME} is not a valid URL; use an absolute address, ${example}.` };
  }
  if (url.username || url.password) {
    return { ok: false, message: `${NAME} must not contain credentials; put the API key in ${names.key}.` };
  }
  if (url.search || url.hash) {
    return { ok: false, message: `${NAME} must not have a query string or fragment (${url.origin}).` };
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      message:
        `${NAME} must use https:// for ${url.hostname}: the platform is served over HTTPS only. ` +
        "Plain http:// is accepted only for loopback hosts (localhost, 127.0.0.0/8, [::1]).",
    };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, message: `${NAME} must start with https:// (got ${url.protocol}//).` };
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}
