import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The socket's peer address. Forwarding headers are ignored: the platform is reached directly
 * (or through our own proxy with a key), and a spoofable header must not pick the bucket.
 */
export function socketIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // No Node socket (e.g. app.request() in unit tests).
    return "unknown";
  }
}
