"use client";

import { useEffect, useEffectEvent, useState } from "react";
import type { LiveMessage, LiveMode } from "../live/stream";
import { scopedApiPath } from "../scope/apiScope";
import { useApiScope } from "../scope/ApiScopeContext";

/** Events a page keeps: the live list and chart need the last 30 minutes; beyond this the oldest go. */
const MAX_KEPT = 5_000;

export interface LiveState {
  status: "connecting" | "open" | "reconnecting";
  mode: LiveMode | null;
  /** Why events may not be arriving, when the server knows. */
  notice: string | null;
  /** Oldest first; each delivery once (a reconnect's `ready` is merged, not appended). */
  events: LiveMessage[];
  /** How many of `events` arrived after the stream opened (the rest came with `ready`). */
  arrived: number;
}

const INITIAL: LiveState = { status: "connecting", mode: null, notice: null, events: [], arrived: 0 };

function merge(kept: readonly LiveMessage[], incoming: readonly LiveMessage[]): LiveMessage[] {
  const ids = new Set(kept.map((e) => e.id));
  const next = [...kept, ...incoming.filter((e) => !ids.has(e.id))];
  return next.length > MAX_KEPT ? next.slice(next.length - MAX_KEPT) : next;
}

/**
 * The dashboard's live stream (GET /api/live, Server-Sent Events) while `enabled`; the browser
 * reconnects by itself. `onArrive` is told of each event that arrives after the stream opened.
 */
export function useLiveEvents(enabled: boolean, onArrive: (message: LiveMessage) => void = () => {}): LiveState {
  const [state, setState] = useState<LiveState>(INITIAL);
  const arrive = useEffectEvent(onArrive);
  const scope = useApiScope();
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(scopedApiPath(scope, "/api/live"));
    source.addEventListener("ready", (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as {
        mode: LiveMode;
        notice: string | null;
        recent: LiveMessage[];
      };
      setState((s) => ({
        ...s,
        status: "open",
        mode: data.mode,
        notice: data.notice,
        events: merge(s.events, data.recent),
      }));
    });
    source.addEventListener("event", (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as LiveMessage;
      setState((s) => ({ ...s, events: merge(s.events, [data]), arrived: s.arrived + 1 }));
      arrive(data);
    });
    source.addEventListener("notice", (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as { notice: string | null };
      setState((s) => ({ ...s, notice: data.notice }));
    });
    source.addEventListener("mode", (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as { mode: LiveMode };
      setState((s) => ({ ...s, mode: data.mode }));
    });
    source.addEventListener("error", () => setState((s) => ({ ...s, status: "reconnecting" })));
    return () => {
      source.close();
      setState(INITIAL);
    };
  }, [enabled, scope]);
  return state;
}
