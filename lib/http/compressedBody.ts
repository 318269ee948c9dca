import { promisify } from "node:util";
import { gzip } from "node:zlib";
import Negotiator from "negotiator";

/** Below this a reply goes as it is: the gzip header and the CPU cost more than the bytes saved (Next's own threshold). */
export const MIN_COMPRESSED_BYTES = 1024;

const gzipped = promisify(gzip);

/**
 * The body a client elsewhere gets, as Next's compression would send it: gzip at zlib's default
 * level when the client accepts gzip, the body is worth it and the reply allows a transform
 * (`no-transform`, which a browser on this machine's replies carry, keeps it as it is). Compressed
 * on libuv's thread pool, not on the event loop. `encoding` null: send `body` as it is.
 */
export async function compressedFor(
  acceptEncoding: string | undefined,
  cacheControl: string | null,
  body: Uint8Array,
): Promise<{ body: Uint8Array; encoding: "gzip" | null }> {
  if (body.byteLength < MIN_COMPRESSED_BYTES) return { body, encoding: null };
  if (cacheControl && /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl)) return { body, encoding: null };
  const chosen = new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? "" } }).encoding(["gzip"]);
  if (chosen !== "gzip") return { body, encoding: null };
  return { body: new Uint8Array(await gzipped(body)), encoding: "gzip" };
}
