/**
 * A reply to a client on this machine, marked so that it is sent as it is. Next gzips what a
 * route answers (zlib's default level: about 9 ms of CPU for a 230 kB page of events on a loaded
 * 2-core machine, more than the rest of the proxy's own work), which only pays where bytes cross
 * a network. `no-transform` is what Next's compression (and any cache or proxy in between) honours.
 * The caller decides who is local from the socket's address (./clientAddress.ts), never from what
 * the client says.
 */
export const LOCAL_CACHE_CONTROL = "private, no-store, no-transform";

export function sentAsIs(response: Response): Response {
  response.headers.set("Cache-Control", LOCAL_CACHE_CONTROL);
  return response;
}
