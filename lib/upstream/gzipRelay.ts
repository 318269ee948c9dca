import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { UpstreamReply } from "./client";
import { relay } from "./relay";
import type { CacheOutcome } from "./replyCache";

const gzipAsync = promisify(gzip);

/** Smaller bodies go as they are (the web server's own threshold is the same). */
const GZIP_FROM_BYTES = 1024;
/**
 * Fast over thorough: a page of events is some hundreds of kB of repetitive JSON, which level 1
 * already shrinks to about a tenth, in less time than the default level takes.
 */
const GZIP_LEVEL = 1;

/** Each reply's compressed body, made once: a cached reply is the same object on every hit. */
const compressed = new WeakMap<UpstreamReply, Promise<Buffer>>();

/** Whether an Accept-Encoding header takes gzip (listed, or `*`, without q=0). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  let gzipQ: number | undefined;
  let anyQ: number | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (coding.trim() === "gzip") gzipQ = weight;
    else if (coding.trim() === "*") anyQ = weight;
  }
  return (gzipQ ?? anyQ ?? 0) > 0;
}

/**
 * `relay`, with the body gzipped here when the client takes it: compressed once per reply (so
 * cache hits send bytes made before, with no per-request encoding or compression) and off the
 * main thread. `no-transform` tells the web server's own compression (Next's, which does not look
 * at the Content-Encoding a route handler sets) to leave it alone instead of gzipping it twice.
 */
export async function relayFor(acceptEncoding: string | null, reply: UpstreamReply, cache?: CacheOutcome): Promise<Response> {
  const response = relay(reply, cache);
  if (!acceptsGzip(acceptEncoding) || reply.body.length < GZIP_FROM_BYTES) return response;
  let body = compressed.get(reply);
  if (!body) {
    // The body relay chose (an error without details gets the spec's shape): compress that.
    body = response.arrayBuffer().then((bytes) => gzipAsync(new Uint8Array(bytes), { level: GZIP_LEVEL }));
    compressed.set(reply, body);
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", "gzip");
  headers.set("Cache-Control", `${headers.get("Cache-Control") ?? "private"}, no-transform`);
  headers.append("Vary", "Accept-Encoding");
  const bytes = await body;
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(new Blob([new Uint8Array(bytes)]), { status: response.status, headers });
}
