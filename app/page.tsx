import { connection } from "next/server";
import { Suspense } from "react";
import { ChartsSection } from "@/components/charts/ChartsSection";
import { EventsOnView } from "@/components/events/EventsOnView";
import { FilterBar } from "@/components/filters/FilterBar";
import { FilterBarSkeleton } from "@/components/filters/FilterBarSkeleton";
import { AppHeader } from "@/components/ui/AppHeader";
import { Skeleton } from "@/components/ui/Skeleton";

export default async function DashboardPage() {
  // Rendered per request, so the server's HTML already shows the URL's view (nuqs reads it on the server too).
  await connection();
  return (
    <>
      <AppHeader />
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Link analytics</h1>
          <p className="mt-1 text-sm text-zinc-500">Clicks, leads and sales of your workspace. The address bar holds the whole view: share it to share what you see.</p>
        </div>
        <Suspense fallback={<FilterBarSkeleton />}>
          <FilterBar />
        </Suspense>
        {/* One boundary: the events below are revealed (and start watching the viewport) with the charts above them. */}
        <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
          <ChartsSection />
          <EventsOnView />
        </Suspense>
      </main>
    </>
  );
}
