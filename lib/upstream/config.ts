import "server-only";
import * as z from "../contract/zod";
import { checkBaseUrl } from "./baseUrl.mjs";
import { GatewayError } from "./gatewayError";

export interface UpstreamConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  cacheTtlMs: number;
}

/**
 * How long the proxy waits for the platform's answer, once its request has left the key's queue
 * (which holds what a viewer looks at at most 30 s: ./viewWait.ts). The embedded platform gives each query a
 * deadline a little below this default, so it answers its own timeout error in the spec's shape
 * before the proxy gives up; when the proxy gives up first (a lower LINK_API_TIMEOUT_MS) it closes
 * the connection, and the platform interrupts the query on that disconnect either way. Raising
 * LINK_API_TIMEOUT_MS above the platform's deadline changes nothing: the platform answers first.
 */
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_CACHE_TTL_MS = 10_000;

const millis = (name: string, fallback: number, min: number) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((raw: string | undefined, ctx) => {
      if (raw === undefined || raw.trim() === "") return fallback;
      const n = Number(raw);
      if (Number.isInteger(n) && n >= min && n <= 3_600_000) return n;
      ctx.issues.push({
        code: "custom",
        message: `${name} must be a whole number of milliseconds from ${min} to 3600000.`,
        input: raw,
      });
      return z.NEVER;
    }),
  );

const envSchema = z.object({
  LINK_API_BASE_URL: z.pipe(
    z.optional(z.string()),
    z.transform((raw: string | undefined, ctx) => {
      const checked = checkBaseUrl(raw);
      if (checked.ok) return checked.url;
      ctx.issues.push({ code: "custom", message: checked.message, input: raw });
      return z.NEVER;
    }),
  ),
  LINK_API_KEY: z.pipe(
    z.optional(z.string()),
    z.transform((raw: string | undefined, ctx) => {
      const key = raw?.trim() ?? "";
      if (key !== "" && !/\s/.test(key)) return key;
      ctx.issues.push({
        code: "custom",
        message: "LINK_API_KEY is not set (or contains whitespace); set it to the workspace's API key.",
        input: raw,
      });
      return z.NEVER;
    }),
  ),
  LINK_API_TIMEOUT_MS: millis("LINK_API_TIMEOUT_MS", DEFAULT_TIMEOUT_MS, 1),
  LINK_CACHE_TTL_MS: millis("LINK_CACHE_TTL_MS", DEFAULT_CACHE_TTL_MS, 0),
});

/**
 * The proxy's settings from an environment (lib/server reads `process.env` once), or a 500 naming
 * what to set: a misconfigured dashboard still answers every request, with that error.
 */
export function upstreamConfig(env: Readonly<Record<string, string | undefined>>): UpstreamConfig | GatewayError {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => issue.message).join(" ");
    return new GatewayError(500, `The dashboard is not configured: ${reasons}`);
  }
  const data = parsed.data;
  return {
    baseUrl: data.LINK_API_BASE_URL,
    apiKey: data.LINK_API_KEY,
    timeoutMs: data.LINK_API_TIMEOUT_MS,
    cacheTtlMs: data.LINK_CACHE_TTL_MS,
  };
}
