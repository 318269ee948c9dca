import { inject } from "vitest";

/** The seed's demo keys (../shared/DESIGN.md, README): local-only. */
export const DEMO_KEYS = {
  business: "demo_business_key",
  advanced: "demo_advanced_key",
  pro: "demo_pro_key",
  free: "demo_free_key",
} as const;

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface RequestOptions {
  /** A demo key name, a raw key, or null for no Authorization header. */
  key?: keyof typeof DEMO_KEYS | { raw: string } | null;
  /** A raw Authorization header, instead of `key`. */
  authorization?: string;
  method?: string;
}

/** The Authorization header for a demo key name or a raw key (none for null). */
export function authorization(key: RequestOptions["key"]): Record<string, string> {
  if (key === null) return {};
  const value = key === undefined ? DEMO_KEYS.business : typeof key === "string" ? DEMO_KEYS[key] : key.raw;
  return { Authorization: `Bearer ${value}` };
}

/** A response with its body read: parsed when JSON, text otherwise. */
export async function readResponse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get("content-type") ?? "").includes("application/json") && text.length > 0) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body };
}

/** Against the integration project's platform process (limits scaled up); `path` may carry a query string, e.g. `/events?event=leads`. */
export async function api(path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const headers =
    options.authorization !== undefined ? { Authorization: options.authorization } : authorization(options.key);
  return readResponse(await fetch(`${inject("platformUrl")}${path}`, { method: options.method ?? "GET", headers }));
}

/** GET /events with the given parameters; throws unless 200, returns the parsed array. */
export async function events(
  params: Record<string, string> | string,
  key: RequestOptions["key"] = "business",
): Promise<unknown[]> {
  const qs = typeof params === "string" ? params : new URLSearchParams(params).toString();
  const res = await api(`/events?${qs}`, { key });
  if (res.status !== 200) throw new Error(`GET /events?${qs} → ${res.status}: ${JSON.stringify(res.body)}`);
  if (!Array.isArray(res.body)) throw new Error(`GET /events?${qs} did not return an array`);
  return res.body;
}
