import type { UpstreamReply } from "./client";

/**
 * The UTF-8 bytes a reply's body was made from, kept beside the reply object rather than on it: a
 * reply copied with a changed body (`{ ...reply, body }`, as a redaction does) is another object
 * and so never carries the bytes of the body it replaced.
 */
const known = new WeakMap<UpstreamReply, Uint8Array<ArrayBuffer>>();

/** Decodes as undici's `text()` did: a byte-order mark dropped, bytes that are not UTF-8 as U+FFFD. */
const decoder = new TextDecoder();

/**
 * A reply whose body is `bytes`, decoded to text only when something reads `body`: a page of
 * events is redacted and relayed as bytes (./eventsBytes.ts), never decoded nor encoded again.
 */
export function replyFromBytes(status: number, headers: Headers, bytes: Uint8Array<ArrayBuffer>): UpstreamReply {
  let text: string | undefined;
  const reply: UpstreamReply = {
    status,
    headers,
    get body() {
      text ??= decoder.decode(bytes);
      return text;
    },
  };
  known.set(reply, bytes);
  return reply;
}

/** The bytes `reply`'s body is, when it was made from them. */
export function bytesOf(reply: UpstreamReply): Uint8Array<ArrayBuffer> | undefined {
  return known.get(reply);
}
