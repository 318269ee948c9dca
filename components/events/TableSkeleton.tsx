import { Skeleton } from "@/components/ui/Skeleton";

const WIDTHS = ["w-28", "w-36", "w-44", "w-24", "w-20", "w-16", "w-20", "w-16"];

/** The table's shape while the first page of a view loads. */
export function TableSkeleton({ rows = 10, label }: { rows?: number; label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs"
    >
      <span className="sr-only">{label}</span>
      <div className="flex h-10 items-center gap-6 border-b border-zinc-200 bg-zinc-50 px-3">
        {WIDTHS.map((w, i) => (
          <Skeleton key={i} className={`h-3 ${w} opacity-60`} />
        ))}
      </div>
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex h-11 items-center gap-6 border-b border-zinc-100 px-3 last:border-b-0">
          {WIDTHS.map((w, i) => (
            <Skeleton key={i} className={`h-3.5 ${w}`} />
          ))}
        </div>
      ))}
    </div>
  );
}
