import { lockedFilters } from "@/lib/access/shareLock";
import type { CommonQuery } from "@/lib/contract/query";

function rangeText(lock: CommonQuery): string {
  if (lock.start) return `${lock.start} to ${lock.end ?? "now"}`;
  if (lock.end) return `the ${lock.interval ?? "24h"} before ${lock.end}`;
  return `the last ${lock.interval ?? "24h"} (moving with time)`;
}

/** Says that the page is a shared link, and what its lock holds: the recipient may narrow the view, never widen it. */
export function ShareBanner({ name, workspaceName, lock, exportAllowed, expiresAt }: { name: string; workspaceName: string; lock: CommonQuery; exportAllowed: boolean; expiresAt: string | null }) {
  const filters = lockedFilters(lock);
  return (
    <section aria-label="Shared link" className="space-y-1.5 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-950">
      <p className="font-medium">
        You are viewing a shared link: “{name}” of {workspaceName}. It is read-only.
      </p>
      <p>
        <span className="font-medium">Locked:</span> {filters.length === 0 ? "no filters" : filters.map(({ param, clause }) => `${param} ${clause.exclude ? "not " : ""}${clause.values.join(", ")}`).join("; ")}
        {" · "}
        <span className="font-medium">dates within</span> {rangeText(lock)}. You may narrow this view (fewer values, a shorter range, other tabs and pages), never widen it.
      </p>
      <p className="text-indigo-800">
        IP addresses and emails are hidden. Export is {exportAllowed ? "allowed" : "off"}; the live view is off.
        {expiresAt && ` The link expires ${new Date(expiresAt).toUTCString()}.`}
      </p>
    </section>
  );
}
