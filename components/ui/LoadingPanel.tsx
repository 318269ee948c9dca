import { Skeleton } from "./Skeleton";

/** Where a panel opens while its code loads: a status named "Loading" with placeholder rows; `className` places and frames it. */
export function LoadingPanel({ className }: { className: string }) {
  return (
    <div role="status" className={`space-y-2 ${className}`}>
      <span className="sr-only">Loading</span>
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-6 w-2/3" />
    </div>
  );
}
