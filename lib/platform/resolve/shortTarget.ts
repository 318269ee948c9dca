/**
 * The short link a request names, if it names one: `GET /{key}` on a short-link domain (the
 * `Host` header, port left out; `/` is the domain's root link), or the path form for loopback
 * and local use, `GET /r/{domain}/{key}` (`/r/{domain}` for the root link).
 */
export interface ShortTarget {
  domain: string;
  key: string;
}

export const ROOT_KEY = "_root";
export const PATH_FORM_PREFIX = "/r/";

const hostName = (host: string | undefined) => (host ?? "").toLowerCase().replace(/:\d+$/, "");

/** A name that could be a short-link domain: not an IP address, not a single label such as localhost. */
const mayBeDomain = (host: string) => host.includes(".") && !/^[\d.]+$/.test(host) && !host.startsWith("[");

/** `domains` is asked only when the request could name a short link: API requests to the platform's own address never wait on it. */
export async function shortTarget(
  host: string | undefined,
  path: string,
  domains: () => Promise<ReadonlySet<string>>,
): Promise<ShortTarget | null> {
  const decoded = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return null;
    }
  };
  const name = hostName(host);
  if (mayBeDomain(name) && (await domains()).has(name)) {
    const key = path === "/" ? ROOT_KEY : decoded(path.slice(1));
    return key === null ? null : { domain: name, key };
  }
  if (!path.startsWith(PATH_FORM_PREFIX)) return null;
  const rest = path.slice(PATH_FORM_PREFIX.length);
  const slash = rest.indexOf("/");
  const domain = (slash === -1 ? rest : rest.slice(0, slash)).toLowerCase();
  const key = slash === -1 || slash === rest.length - 1 ? ROOT_KEY : decoded(rest.slice(slash + 1));
  if (key === null || !(await domains()).has(domain)) return null;
  return { domain, key };
}
