import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import Negotiator from "negotiator";

const gzipAsync = promisify(gzip);

/** Bodies below this go as they are: compressing them saves less than it costs (the `compression` middleware's threshold). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Fast gzip: on JSON it still shrinks a page of events about sixfold, at a third of the default
 * level's CPU, which a cache miss pays on the request's path.
 */
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED } as const;

/** Bytes a Response takes as its body. */
type Bytes = Uint8Array<ArrayBuffer>;

/** Which encoding the request accepts that we send: gzip, or the body as it is. */
export function chosenEncoding(acceptEncoding: string | null): "gzip" | "identity" {
  if (!acceptEncoding) return "identity";
  const chosen = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encoding(["gzip", "identity"]);
  return chosen === "gzip" ? "gzip" : "identity";
}

/**
 * A text body as bytes once per `owner` (a reply the cache keeps hands the same object to every
 * hit): UTF-8, and gzip when asked for. A kept reply is then encoded and compressed once, not once
 * per request, and compression runs on libuv's threads rather than the event loop.
 */
export class EncodedBodies<Owner extends object> {
  private readonly plain = new WeakMap<Owner, Bytes>();
  private readonly gzipped = new WeakMap<Owner, Promise<Bytes>>();

  utf8(owner: Owner, body: string): Bytes {
    let bytes = this.plain.get(owner);
    if (!bytes) {
      bytes = new TextEncoder().encode(body);
      this.plain.set(owner, bytes);
    }
    return bytes;
  }

  /** The body for a request that accepts `encoding`: the bytes and the Content-Encoding to send (null: none). */
  async encoded(owner: Owner, body: string, encoding: "gzip" | "identity"): Promise<{ bytes: Bytes; contentEncoding: "gzip" | null }> {
    if (encoding === "identity" || body.length < COMPRESS_FROM_BYTES) return { bytes: this.utf8(owner, body), contentEncoding: null };
    let zipped = this.gzipped.get(owner);
    if (!zipped) {
      // Only the compressed bytes are kept for a request that asks for them (browsers do).
      zipped = gzipAsync(this.plain.get(owner) ?? Buffer.from(body, "utf8"), GZIP_OPTIONS).then((buffer): Bytes => new Uint8Array(buffer));
      this.gzipped.set(owner, zipped);
      zipped.catch(() => this.gzipped.delete(owner));
    }
    return { bytes: await zipped, contentEncoding: "gzip" };
  }
}
