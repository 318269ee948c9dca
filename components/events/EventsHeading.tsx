import type { ReactNode } from "react";
import { PlanLockedTools } from "./PlanLockedTools";

/** The events section's heading row: its title, and its tools (or what stands for them). */
export function EventsHeading({ children, className }: { children?: ReactNode; className: string }) {
  return (
    <div className={className}>
      <h2 id="events-heading" className="text-base font-semibold text-zinc-900">
        Events
      </h2>
      {children}
    </div>
  );
}

/** The events tools when the plan refuses events: shown, disabled, and why. */
export function EventsPlanLockedTools() {
  return <PlanLockedTools reason="Events, their columns and export need the Business plan or higher" />;
}
