/** Bytes a Response takes as its body. */
type Bytes = Uint8Array<ArrayBuffer>;

/**
 * Requests whose server writes the reply's body itself from its bytes (lib/server/directReads.ts)
 * rather than reading it from the Response's stream: a reply made for one of them by `bytesReply`
 * has no stream at all, its bytes kept beside it. A Response's body costs a copy of the bytes and
 * a web stream to make, and reading it back (the stream again, another copy), which was about a
 * fifth of the dashboard's CPU for a cached page of events. Any other request (Next's path) gets a
 * Response that holds its body.
 */
interface Kept {
  writers: WeakSet<Request>;
  bodies: WeakMap<Response, Bytes>;
}

/**
 * On globalThis, as the dashboard's parts are (lib/server/dashboardRoot.ts): Next bundles
 * instrumentation.ts, which marks the requests, apart from the route files, whose copy of this
 * module may be the one that made the proxy answering them.
 */
const KEPT = Symbol.for("linklens.writtenBody");
const global = globalThis as typeof globalThis & { [KEPT]?: Kept };
const { writers, bodies } = (global[KEPT] ??= { writers: new WeakSet(), bodies: new WeakMap() });

/** Marks `request` as one whose server writes a `bytesReply`'s body itself, from `writtenBodyOf`. */
export function writesBodyItself(request: Request): void {
  writers.add(request);
}

/** A reply to `request` whose body is `bytes`: without a stream (its bytes beside it) when the server writes the body itself. */
export function bytesReply(request: Request, bytes: Bytes, init: ResponseInit): Response {
  if (!writers.has(request)) return new Response(bytes, init);
  const response = new Response(null, init);
  bodies.set(response, bytes);
  return response;
}

/** The body of a reply `bytesReply` made without a stream; undefined for any other Response (its body is its stream). */
export function writtenBodyOf(response: Response): Bytes | undefined {
  return bodies.get(response);
}
