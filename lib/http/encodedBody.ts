/** Bytes a Response takes as its body. */
type Bytes = Uint8Array<ArrayBuffer>;

/**
 * A text body as UTF-8 bytes once per `owner`: a reply the in-process cache keeps is the same
 * object for every hit, so a hit is not encoded again (nor scanned as a USVString, as a string
 * body is on every Response). Compression is left to the server (Next drops a route's own
 * Content-Encoding and compresses what it sends by the request's Accept-Encoding).
 */
export class EncodedBodies<Owner extends object> {
  private readonly bytes = new WeakMap<Owner, Bytes>();

  utf8(owner: Owner, body: string): Bytes {
    let bytes = this.bytes.get(owner);
    if (!bytes) {
      bytes = new TextEncoder().encode(body);
      this.bytes.set(owner, bytes);
    }
    return bytes;
  }
}
