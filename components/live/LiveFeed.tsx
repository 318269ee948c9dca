import { formatTime } from "@/lib/format/date";
import { formatMoney } from "@/lib/format/money";
import { withoutProtocol } from "@/lib/format/url";
import type { LiveMessage } from "@/lib/live/stream";
import { Flag } from "@/components/ui/Flag";
import { countryName } from "@/lib/format/country";

const SHOWN = 20;
const KIND_WORD = { clicks: "Click", leads: "Lead", sales: "Sale" } as const;

/** The latest events of the view, newest first. */
export function LiveFeed({ events, timeZone }: { events: readonly LiveMessage[]; timeZone: string }) {
  const latest = events.slice(-SHOWN).reverse();
  if (latest.length === 0)
    return (
      <p className="py-4 text-center text-sm text-zinc-600">
        No events of this view in the last 30 minutes yet. New ones appear here as they happen.
      </p>
    );
  return (
    <ol aria-label="Latest events" className="divide-y divide-zinc-100 text-sm">
      {latest.map(({ id, kind, at, event }) => (
        <li key={id} className="flex items-center gap-3 py-1.5">
          <span className="w-16 shrink-0 text-xs text-zinc-600 tabular-nums">{formatTime(new Date(at), timeZone)}</span>
          <span className="w-10 shrink-0 text-xs font-medium text-zinc-700">{KIND_WORD[kind]}</span>
          <span className="min-w-0 flex-1 truncate text-zinc-800">{withoutProtocol(event.link.shortLink)}</span>
          <span className="inline-flex shrink-0 items-center gap-1 text-xs text-zinc-600">
            <Flag country={event.click.country} />
            {countryName(event.click.country)}
          </span>
          {event.event === "sale" && (
            <span className="w-20 shrink-0 text-right font-medium text-zinc-900 tabular-nums">
              {formatMoney(event.sale.amount, event.sale.currency)}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
