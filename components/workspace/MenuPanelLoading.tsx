import { Skeleton } from "@/components/ui/Skeleton";

/** Where a header menu's panel opens, while its code loads: same place and width, over the page (no layout shift). */
export function MenuPanelLoading() {
  return (
    <div role="status" className="absolute right-0 z-20 mt-2 w-96 space-y-2 rounded-xl border border-zinc-200 bg-white p-4 shadow-lg">
      <span className="sr-only">Loading</span>
      <Skeleton className="h-6 w-full" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}
