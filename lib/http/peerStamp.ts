import http from "node:http";
import https from "node:https";

/**
 * Next hands route handlers a Request without its socket, and fills X-Forwarded-For with the
 * socket's address only when the client sent none: a client that sends one chooses what the
 * handlers see. So, before Next sees a request, the server writes the socket's peer address in a
 * header of its own, replacing whatever the client sent under that name (./clientAddress.ts reads it).
 */
export const PEER_HEADER = "x-linklens-peer";

const INSTALLED = Symbol.for("linklens.peerStamp");
const marks = globalThis as typeof globalThis & { [INSTALLED]?: true };

export function peerStampInstalled(): boolean {
  return marks[INSTALLED] === true;
}

/** Writes the socket's peer address in `request`'s own header, replacing whatever the client sent under that name (idempotent). */
export function stampPeer(request: http.IncomingMessage): void {
  const peer = request.socket?.remoteAddress ?? "";
  request.headers[PEER_HEADER] = peer;
  const raw = request.rawHeaders.filter((_, i, all) => all[i - (i % 2)].toLowerCase() !== PEER_HEADER);
  request.rawHeaders = [...raw, PEER_HEADER, peer];
}

function stampOn(prototype: { emit(event: string | symbol, ...args: unknown[]): boolean }): void {
  const emit = prototype.emit;
  prototype.emit = function stampedEmit(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") stampPeer(args[0] as http.IncomingMessage);
    return emit.call(this, event, ...args);
  };
}

/** Once per process (instrumentation.ts, at server start; tests that call handlers directly). */
export function installPeerStamp(): void {
  if (peerStampInstalled()) return;
  stampOn(http.Server.prototype);
  stampOn(https.Server.prototype);
  marks[INSTALLED] = true;
}
