import type { SaleType } from "@/lib/queries/useSaleTypes";

/** New or recurring; a placeholder while the companion request is on its way. */
export function SaleTypeBadge({ type }: { type: SaleType | undefined }) {
  if (!type) {
    return (
      <span className="inline-block h-4 w-16 animate-pulse rounded-full bg-zinc-100 align-middle">
        <span className="sr-only">Loading sale type</span>
      </span>
    );
  }
  const style =
    type === "new" ? "bg-emerald-50 text-emerald-700 ring-emerald-600/20" : "bg-sky-50 text-sky-700 ring-sky-600/20";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style}`}
    >
      {type === "new" ? "New" : "Recurring"}
    </span>
  );
}
