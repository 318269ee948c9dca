const UPSTREAM_ENV = [
  "LINK_API_BASE_URL",
  "LINK_API_KEY",
  "LINK_API_TIMEOUT_MS",
  "LINK_CACHE_TTL_MS",
  "LINK_API_ALLOWED_HOSTS",
] as const;
export type UpstreamEnv = Partial<Record<(typeof UPSTREAM_ENV)[number], string>>;

/**
 * Points the dashboard's own proxy (lib/server/proxyRoot.ts) at a platform, as the deployment's
 * environment would. It is read once, when a route first builds the proxy: call this before that, once per file.
 */
export function useUpstream(baseUrl: string, apiKey: string, extra: UpstreamEnv = {}): void {
  for (const name of UPSTREAM_ENV) delete process.env[name];
  process.env.LINK_API_BASE_URL = baseUrl;
  process.env.LINK_API_KEY = apiKey;
  Object.assign(process.env, extra);
}

export function dashboardRequest(path: string, init: RequestInit = {}): Request {
  return new Request(`http://127.0.0.1:3000${path}`, init);
}

/** Everything a browser could see of a response. */
export async function visible(response: Response): Promise<string> {
  return `${response.status}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${await response.text()}`;
}
