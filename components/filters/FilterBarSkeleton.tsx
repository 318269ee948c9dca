import { Skeleton } from "@/components/ui/Skeleton";

export function FilterBarSkeleton() {
  return (
    <div className="flex flex-wrap items-center gap-2" aria-busy="true">
      <Skeleton className="h-9 w-44" />
      <Skeleton className="h-9 w-40" />
      <Skeleton className="h-9 w-28" />
    </div>
  );
}
