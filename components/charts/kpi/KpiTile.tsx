import type { ChangeDisplay } from "@/lib/analytics/change";
import { RateNote } from "../parts/RateNote";
import { ChangeBadge } from "./ChangeBadge";

export interface KpiTileProps {
  id: string;
  label: string;
  dotClass: string;
  /** Formatted value, or null while loading. */
  value: string | null;
  change: ChangeDisplay | null;
  previousText: string | null;
  /** What the change is against: "the previous period". */
  against?: string;
  /** A second line: what a rate divides, how much of a total is renewals. */
  detail?: string | null;
  /** Shown under the value and read with the tile's name. */
  note?: string | null;
}

export function KpiTile({ id, label, dotClass, value, change, previousText, against, detail, note }: KpiTileProps) {
  const labelId = `kpi-${id}`;
  const noteId = `kpi-${id}-note`;
  const detailId = `kpi-${id}-detail`;
  const described = [detail ? detailId : null, note ? noteId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={described}
      className="flex min-w-0 flex-col gap-1 rounded-xl border border-zinc-200 bg-white px-4 py-3 shadow-xs"
    >
      <p id={labelId} className="flex items-center gap-1.5 text-xs font-medium text-zinc-600">
        <span aria-hidden="true" className={`size-2 rounded-full ${dotClass}`} />
        {label}
      </p>
      {value === null ? (
        <div role="status" aria-label={`Loading ${label}`} className="h-7 w-24 animate-pulse rounded bg-zinc-100" />
      ) : (
        <p className="truncate text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums" data-kpi-value>
          {value}
        </p>
      )}
      {detail && (
        <p id={detailId} className="truncate text-xs text-zinc-600">
          {detail}
        </p>
      )}
      <div className="h-5">
        {change ? (
          <ChangeBadge change={change} previousText={previousText} against={against} />
        ) : (
          <div className="h-5 w-14 animate-pulse rounded bg-zinc-100" />
        )}
      </div>
      {note && <RateNote id={noteId}>{note}</RateNote>}
    </div>
  );
}
