import "server-only";
import type { UpstreamReply } from "../upstream/client";
import { GatewayError } from "../upstream/gatewayError";
import { upstreamErrorMessage } from "../upstream/relay";

export type KeyCheck = { ok: true } | { ok: false; message: string };

/** The cheapest question a key can be asked: one count over a day (the platform keeps it pre-aggregated). */
const PROBE = { path: "/analytics", params: "groupBy=count&interval=24h" } as const;

/**
 * Whether the platform accepts a workspace's key, asked once when an owner adds the workspace or
 * changes its key, so a wrong key is refused there with the platform's own reason instead of
 * being saved. A 401 is the platform refusing the key; not reaching the platform is a refusal too
 * (nothing could be checked). A plan gate (403) is a valid key on a smaller plan: the page says
 * what that plan lacks.
 */
export async function checkKey(
  send: (path: string, params: URLSearchParams) => Promise<UpstreamReply>,
): Promise<KeyCheck> {
  let reply: UpstreamReply;
  try {
    reply = await send(PROBE.path, new URLSearchParams(PROBE.params));
  } catch (error) {
    if (error instanceof GatewayError) return { ok: false, message: `the key could not be checked: ${error.message}` };
    throw error;
  }
  if (reply.status !== 401) return { ok: true };
  return {
    ok: false,
    message: `the link platform refused it: ${upstreamErrorMessage(reply.body) ?? "401 Unauthorized"}`,
  };
}
