/** The dashboard's live stream (GET /api/live, Server-Sent Events) read as a page reads it, each event stamped on arrival. */

export interface LiveArrival {
  /** performance.now() when the event's message was read off the stream. */
  at: number;
  kind: string;
  /** The click's id (every event carries its click). */
  clickId: string;
}

export interface LiveSubscription {
  /** The mode the dashboard announced in its `ready` message ("push" or "poll"). */
  mode: string;
  /** Called for each `event` message from now on. */
  onEvent(listener: (arrival: LiveArrival) => void): void;
  close(): void;
}

interface Message {
  name: string;
  data: string;
}

function* messagesIn(buffer: { text: string }): Generator<Message> {
  let end;
  while ((end = buffer.text.indexOf("\n\n")) !== -1) {
    const block = buffer.text.slice(0, end);
    buffer.text = buffer.text.slice(end + 2);
    const name = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (name && data) yield { name, data };
  }
}

function clickIdOf(data: string): { kind: string; clickId: string } {
  const parsed = JSON.parse(data) as { kind?: unknown; event?: { click?: { id?: unknown } } };
  return { kind: String(parsed.kind), clickId: String(parsed.event?.click?.id) };
}

/** Opens the stream and resolves once its `ready` message arrived. */
export async function subscribeLive(url: string, timeoutMs = 30_000): Promise<LiveSubscription> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { Accept: "text/event-stream" }, signal: abort.signal });
  if (response.status !== 200 || !response.body)
    throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const buffer = { text: "" };
  let listener: (arrival: LiveArrival) => void = () => {};
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let mode: string | null = null;
  while (mode === null) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${url} ended before its ready message`);
    buffer.text += value;
    for (const message of messagesIn(buffer))
      if (message.name === "ready") mode = String((JSON.parse(message.data) as { mode?: unknown }).mode);
  }
  clearTimeout(timer);
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer.text += value;
        for (const message of messagesIn(buffer))
          if (message.name === "event") listener({ at, ...clickIdOf(message.data) });
      }
    } catch {
      // closed
    }
  })();
  return {
    mode,
    onEvent: (next) => {
      listener = next;
    },
    close: () => abort.abort(),
  };
}
