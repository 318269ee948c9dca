import type { ReadEvent } from "../contract/readEvents";
import type { Clock } from "../upstream/clock";
import type { LiveEvent, LiveHub } from "./hub";

export type { LiveMode } from "./hub";

export interface StreamOptions {
  hub: LiveHub;
  clock: Clock;
  /** What this viewer may see of an event (masked IPs, no link password). */
  redact: (event: ReadEvent) => ReadEvent;
  /** Ends the stream (the browser left). */
  signal: AbortSignal;
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;

/** The shape of every `event` message's data, and of the kept events in `ready`. */
export interface LiveMessage {
  id: string;
  kind: LiveEvent["kind"];
  at: number;
  event: ReadEvent;
}

function message(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/live: Server-Sent Events. First `ready` (the mode, any notice, and the events of the
 * last 30 minutes so the page can draw its chart at once), then one `event` per event as it
 * arrives, a `notice` when why events may not arrive changes, a `mode` when how they arrive
 * changes, and a comment every `heartbeatMs`.
 * Ends when the browser leaves.
 */
export function liveStream({ hub, clock, redact, signal, heartbeatMs = HEARTBEAT_MS }: StreamOptions): Response {
  const encoder = new TextEncoder();
  const shown = (e: LiveEvent): LiveMessage => ({ id: e.id, kind: e.kind, at: e.at, event: redact(e.event) });
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      send(message("ready", { mode: hub.mode, notice: hub.currentNoticeText, recent: hub.recent().map(shown) }));
      const unsubscribe = hub.subscribe((e) => send(message("event", shown(e))));
      const unsubscribeNotices = hub.onNotice((notice) => send(message("notice", { notice })));
      const unsubscribeModes = hub.onMode((mode) => send(message("mode", { mode })));
      let cancelBeat = () => {};
      const beat = () => {
        send(": ping\n\n");
        cancelBeat = clock.setTimer(beat, heartbeatMs);
      };
      cancelBeat = clock.setTimer(beat, heartbeatMs);
      stop = () => {
        unsubscribe();
        unsubscribeNotices();
        unsubscribeModes();
        cancelBeat();
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      if (signal.aborted) stop();
      else signal.addEventListener("abort", () => stop(), { once: true });
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
