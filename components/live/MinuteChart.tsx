import { EVENT_KINDS, type EventKind } from "@/lib/contract/dimensions";
import { KIND_LABELS } from "@/lib/filters/dimensions";
import { formatTime } from "@/lib/format/date";
import type { LiveMessage } from "@/lib/live/stream";

const MINUTES = 30;
const MINUTE = 60_000;
const COLORS: Record<EventKind, string> = { clicks: "bg-blue-500", leads: "bg-violet-500", sales: "bg-emerald-500" };

interface Minute {
  start: number;
  counts: Record<EventKind, number>;
}

/** The last 30 minutes, minute by minute, up to the one holding `now` (drawn as "so far"). */
export function minutesOf(events: readonly LiveMessage[], now: number): Minute[] {
  const last = Math.floor(now / MINUTE) * MINUTE;
  const minutes: Minute[] = Array.from({ length: MINUTES }, (_, i) => ({
    start: last - (MINUTES - 1 - i) * MINUTE,
    counts: { clicks: 0, leads: 0, sales: 0 },
  }));
  for (const e of events) {
    const index = MINUTES - 1 - Math.floor((last - Math.floor(e.at / MINUTE) * MINUTE) / MINUTE);
    if (index >= 0 && index < MINUTES) minutes[index].counts[e.kind] += 1;
  }
  return minutes;
}

/** Stacked bars per minute: clicks, leads and sales of the view. Its text alternative is the table beside it. */
export function MinuteChart({
  events,
  now,
  timeZone,
}: {
  events: readonly LiveMessage[];
  now: number;
  timeZone: string;
}) {
  const minutes = minutesOf(events, now);
  const top = Math.max(1, ...minutes.map((m) => m.counts.clicks + m.counts.leads + m.counts.sales));
  return (
    <figure aria-label="Events per minute, last 30 minutes">
      <div className="flex h-24 items-end gap-0.5" aria-hidden="true">
        {minutes.map((m, i) => (
          <div
            key={m.start}
            className={`flex h-full flex-1 flex-col-reverse ${i === MINUTES - 1 ? "opacity-60" : ""}`}
            title={`${formatTime(new Date(m.start), timeZone)}${i === MINUTES - 1 ? " (so far)" : ""}`}
          >
            {EVENT_KINDS.map((kind) => (
              <div key={kind} className={COLORS[kind]} style={{ height: `${(m.counts[kind] / top) * 100}%` }} />
            ))}
          </div>
        ))}
      </div>
      <figcaption className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-zinc-600">
        <span>{minutes.length > 0 && formatTime(new Date(minutes[0].start), timeZone).slice(0, 5)}</span>
        <span className="flex gap-3">
          {EVENT_KINDS.map((kind) => (
            <span key={kind} className="flex items-center gap-1">
              <span aria-hidden="true" className={`size-2 rounded-full ${COLORS[kind]}`} />
              {KIND_LABELS[kind]}
            </span>
          ))}
        </span>
        <span>now</span>
      </figcaption>
      <table className="sr-only">
        <caption>Events of this view per minute, last 30 minutes ({timeZone})</caption>
        <thead>
          <tr>
            <th scope="col">Minute</th>
            {EVENT_KINDS.map((kind) => (
              <th key={kind} scope="col">
                {KIND_LABELS[kind]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {minutes.map((m, i) => (
            <tr key={m.start}>
              <th scope="row">
                {formatTime(new Date(m.start), timeZone).slice(0, 5)}
                {i === MINUTES - 1 ? " (so far)" : ""}
              </th>
              {EVENT_KINDS.map((kind) => (
                <td key={kind}>{m.counts[kind]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
