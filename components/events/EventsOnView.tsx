"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { useView } from "@/lib/filters/useView";
import { useInView } from "@/lib/hooks/useInView";
import { useEventsRefusedByPlan } from "@/lib/queries/useEventsRefusedByPlan";
import { useScrolled } from "@/lib/hooks/useScrolled";
import { useOpenEvent } from "@/lib/url/useUrlState";
import { EventsHeading, EventsPlanLockedTools } from "./EventsHeading";
import { TableSkeleton } from "./TableSkeleton";

/**
 * The events section sits below the charts: its code (the table, virtualization, export) and its
 * first request wait until it is in the viewport or, once the person scrolls, within 600 px of it,
 * as the lower chart cards do. Not before the first scroll: under a tall first screen (a report's
 * table) the section lies within 600 px of the fold, and loading it then made the first screen
 * busy again after hydration for something nobody sees. A keyboard user reaching the
 * placeholder's button loads it at once.
 */
const EventsSection = dynamic(() => import("./EventsSection").then((m) => m.EventsSection), {
  ssr: false,
  loading: () => <EventsPlaceholder />,
});

function EventsPlaceholder({ onShow }: { onShow?: () => void }) {
  return (
    <section aria-labelledby="events-heading" className="space-y-3">
      <EventsHeading className="flex min-h-9 items-center justify-between gap-3">
        {onShow && (
          <Button size="sm" onClick={onShow} onFocus={onShow}>
            Show events
          </Button>
        )}
      </EventsHeading>
      <TableSkeleton label="Loading events" />
    </section>
  );
}

/**
 * The section when the page already knows the plan refuses events (the customers report's reads,
 * refused in the HTML): what the section says of a refused plan, its tools shown disabled and why,
 * without loading its code or asking the platform to be refused again. The report above says the
 * plan's notice in full, once; no second notice here.
 */
function EventsPlanLocked() {
  return (
    <section aria-labelledby="events-heading" className="space-y-3">
      <EventsHeading className="flex flex-wrap items-center justify-between gap-3">
        <EventsPlanLockedTools />
      </EventsHeading>
    </section>
  );
}

export function EventsOnView() {
  const scrolled = useScrolled();
  const [ref, near] = useInView<HTMLDivElement>(scrolled ? "600px" : "0px");
  const [asked, setAsked] = useState(false);
  // A URL naming an open event (detail=) opens it at once: the section loads with the page.
  const [detail] = useOpenEvent();
  const refused = useEventsRefusedByPlan(useView().query);
  return (
    <div ref={ref}>
      {refused ? (
        <EventsPlanLocked />
      ) : near || asked || detail !== null ? (
        <EventsSection />
      ) : (
        <EventsPlaceholder onShow={() => setAsked(true)} />
      )}
    </div>
  );
}
