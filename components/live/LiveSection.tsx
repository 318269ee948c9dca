"use client";

import { useQueryClient } from "@tanstack/react-query";
import { keyKind } from "@/lib/queries/analyticsKeys";
import { useApiScope } from "@/lib/scope/ApiScopeContext";
import { useId, useMemo, useRef, useState } from "react";
import { EVENT_KINDS, type EventKind } from "@/lib/contract/dimensions";
import { eventMatches, unmatchableFilters } from "@/lib/filters/matchEvent";
import { KIND_LABELS, filterDef } from "@/lib/filters/dimensions";
import type { ViewState } from "@/lib/filters/useView";
import { formatTime } from "@/lib/format/date";
import { formatNumber } from "@/lib/format/number";
import { useLiveEvents } from "@/lib/queries/useLiveEvents";
import type { LiveMessage, LiveMode } from "@/lib/live/stream";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/charts/parts/Card";
import { LiveFeed } from "./LiveFeed";
import { MinuteChart } from "./MinuteChart";
import { useTicker } from "./useTicker";

/** The page's other figures are asked again after this many new events of the view, or a minute after the first. */
const REFRESH_AFTER_EVENTS = 25;
const REFRESH_AFTER_MS = 60_000;

const MODE_TEXT: Record<LiveMode, string> = {
  push: "Pushed by the platform's webhooks",
  poll: "Polling the platform every 10 s (no webhook reaches this dashboard)",
  fallback:
    "Polling the platform every 10 s: webhook deliveries stopped arriving (has the platform disabled this dashboard's receiver?)",
};

/**
 * Events as they happen, filtered by the view: a running count per kind, a per-minute chart of the
 * last 30 minutes, the latest events; pause keeps what is shown still while events keep counting.
 */
export function LiveSection({ view, onClose }: { view: ViewState; onClose: () => void }) {
  const queryClient = useQueryClient();
  const scope = useApiScope();
  const [openedAt] = useState(() => Date.now());
  const [refreshedAt, setRefreshedAt] = useState<number | null>(null);
  const pending = useRef({ count: 0, since: 0 });
  // New events of the view make the rest of the page stale: its queries are asked again once enough arrived.
  const onArrive = (message: LiveMessage) => {
    if (!eventMatches(message.event, view.query)) return;
    const state = pending.current;
    if (state.count === 0) state.since = Date.now();
    state.count += 1;
    if (state.count < REFRESH_AFTER_EVENTS && Date.now() - state.since < REFRESH_AFTER_MS) return;
    state.count = 0;
    void queryClient.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === scope && (keyKind(q.queryKey) === "analytics" || keyKind(q.queryKey) === "events"),
    });
    setRefreshedAt(Date.now());
  };
  const live = useLiveEvents(true, onArrive);
  const countId = useId();
  const now = useTicker(5_000);
  const [paused, setPaused] = useState<LiveMessage[] | null>(null);

  const matching = useMemo(
    () => live.events.filter((e) => eventMatches(e.event, view.query)),
    [live.events, view.query],
  );
  const shown = paused ?? matching;
  // Events that happened since the view opened (a delivery can trail its event by a few seconds).
  const counts = useMemo(() => {
    const out: Record<EventKind, number> = { clicks: 0, leads: 0, sales: 0 };
    for (const e of matching) if (e.at >= openedAt - 5_000) out[e.kind] += 1;
    return out;
  }, [matching, openedAt]);
  const unmatched = unmatchableFilters(view.query);
  const sincePause = paused ? matching.length - paused.length : 0;

  return (
    <Card
      title="Live"
      titleId="live-title"
      actions={
        <>
          <span className="text-xs text-zinc-600">
            {live.mode ? MODE_TEXT[live.mode] : live.status === "connecting" ? "Connecting…" : ""}
          </span>
          <Button size="sm" onClick={() => setPaused(paused ? null : matching)} aria-pressed={paused !== null}>
            {paused ? "Resume" : "Pause"}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close live view
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {live.status === "reconnecting" && (
          <p className="text-xs text-amber-800">The live stream was interrupted; reconnecting…</p>
        )}
        {live.notice && (
          <p role="status" className="text-xs text-amber-800">
            {live.notice}
          </p>
        )}
        <dl className="grid grid-cols-3 gap-3" aria-label="New since the live view opened">
          {EVENT_KINDS.map((kind) => (
            <div key={kind} className="rounded-lg border border-zinc-100 px-3 py-2">
              <dt className="text-xs text-zinc-600">
                <label htmlFor={`${countId}-${kind}`}>New {KIND_LABELS[kind].toLowerCase()}</label>
              </dt>
              <dd className="text-xl font-semibold text-zinc-900 tabular-nums">
                {/* A figure named by its label; it changes with every event, too often to be announced. */}
                <output id={`${countId}-${kind}`} aria-live="off">
                  {formatNumber(counts[kind])}
                </output>
              </dd>
            </div>
          ))}
        </dl>
        <MinuteChart events={shown} now={now} timeZone={view.timeZone} />
        {paused && (
          <p className="text-xs text-zinc-600">
            Paused: {formatNumber(sincePause)} new events of this view not shown yet.
          </p>
        )}
        <LiveFeed events={shown} timeZone={view.timeZone} />
        <p className="text-xs text-zinc-600">
          {unmatched.length > 0 &&
            `Live events are not checked against ${unmatched.map((p) => filterDef(p).label.toLowerCase()).join(" or ")}: they do not carry it. `}
          {refreshedAt !== null &&
            `The page's figures were refreshed at ${formatTime(new Date(refreshedAt), view.timeZone)} as new events arrived.`}
        </p>
      </div>
    </Card>
  );
}
