import { Suspense, type ReactNode } from "react";
import { ChartsSection } from "@/components/charts/ChartsSection";
import { EventsOnView } from "@/components/events/EventsOnView";
import { FilterBar } from "@/components/filters/FilterBar";
import { FilterBarSkeleton } from "@/components/filters/FilterBarSkeleton";
import { LivePanel } from "@/components/live/LivePanel";
import { MAIN_ID } from "@/components/ui/AppHeader";
import { Skeleton } from "@/components/ui/Skeleton";
import { ServerNowProvider } from "@/lib/hooks/serverNow";
import { ServerZoneProvider } from "@/lib/hooks/serverZone";
import type { FirstScreenData } from "@/lib/queries/firstScreenReplies";
import { FirstScreen } from "./FirstScreen";

/** What the server fetched for the first screen, and the minute it did so at (the page's "now" until the browser's takes over). */
export interface Prefetched {
  /** Settles once the key figures are in (lib/queries/firstScreenState.ts); null: the browser asks for everything. */
  state: Promise<FirstScreenData | null>;
  minute: number;
  /** The zone a URL that names none is rendered in (the visitor's remembered one), or null. */
  zone: Promise<string | null>;
  /** True once `state` has settled while its replies were all cache hits, or within a short wait once one needs the platform (lib/queries/shellWait.ts), false after it: the page's shell is held until then, and a first screen in hand goes in the shell itself, with no boundary of its own. */
  shell: Promise<boolean>;
}

async function ServerZone({ zone, children }: { zone: Promise<string | null>; children: ReactNode }) {
  return <ServerZoneProvider zone={await zone}>{children}</ServerZoneProvider>;
}

/**
 * The first screen, in the page's shell when it is in hand within the shell's wait (always when its
 * replies are cached; React reveals a boundary streamed after the shell no sooner than 300 ms after
 * the shell's paint, seconds on a loaded machine), else in a boundary of its own streamed after it.
 */
async function FirstScreenSlot({ shell, children }: { shell: Promise<boolean>; children: ReactNode }) {
  if (await shell) return children;
  return <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>{children}</Suspense>;
}

/** The dashboard itself (filters, live view, charts, events), for a workspace's page and a share link's. */
export function DashboardView({
  title,
  intro,
  notice,
  live = true,
  prefetched,
}: {
  title: string;
  intro: string;
  notice?: ReactNode;
  live?: boolean;
  prefetched?: Prefetched;
}) {
  const firstScreen = (
    <FirstScreen data={prefetched?.state ?? Promise.resolve(null)}>
      <ChartsSection />
      <EventsOnView />
    </FirstScreen>
  );
  const main = (
    <main
      id={MAIN_ID}
      tabIndex={-1}
      className="mx-auto max-w-7xl focus:outline-none space-y-6 px-4 py-6 sm:px-6 lg:px-8"
    >
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{title}</h1>
        <p className="mt-1 text-sm text-zinc-500">{intro}</p>
      </div>
      {notice}
      {prefetched ? (
        // In the shell, which waits for the first screen anyway: in a boundary of its own it came in the
        // same response, yet was revealed 300 ms+ after the shell's paint, its skeleton busy until then.
        <FilterBar />
      ) : (
        <Suspense fallback={<FilterBarSkeleton />}>
          <FilterBar />
        </Suspense>
      )}
      {live && (
        <Suspense fallback={null}>
          <LivePanel />
        </Suspense>
      )}
      {/* One boundary: the events below are revealed (and start watching the viewport) with the charts above them. */}
      {prefetched ? (
        <FirstScreenSlot shell={prefetched.shell}>{firstScreen}</FirstScreenSlot>
      ) : (
        <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>{firstScreen}</Suspense>
      )}
    </main>
  );
  return prefetched ? (
    <ServerNowProvider minute={prefetched.minute}>
      <ServerZone zone={prefetched.zone}>{main}</ServerZone>
    </ServerNowProvider>
  ) : (
    main
  );
}
