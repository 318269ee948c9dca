import type { CommonQuery } from "@/lib/contract/query";
import { formatWhen } from "@/lib/format/when";
import { lockedFiltersText, lockedRangeText } from "./lockText";

/** Says that the page is a shared link, and what its lock holds: the recipient may narrow the view, never widen it. */
export function ShareBanner({
  name,
  workspaceName,
  lock,
  exportAllowed,
  expiresAt,
}: {
  name: string;
  workspaceName: string;
  lock: CommonQuery;
  exportAllowed: boolean;
  expiresAt: string | null;
}) {
  return (
    <section
      aria-label="Shared link"
      className="space-y-1.5 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-950"
    >
      <p className="font-medium">
        You are viewing a shared link: “{name}” of {workspaceName}. It is read-only.
      </p>
      <p>
        <span className="font-medium">Locked:</span> {lockedFiltersText(lock)}
        {" · "}
        <span className="font-medium">dates within</span> {lockedRangeText(lock)}. You may narrow this view (fewer
        values, a shorter range, other tabs and pages), never widen it.
      </p>
      <p className="text-indigo-800">
        IP addresses and emails are hidden. Export is {exportAllowed ? "allowed" : "off"}; the live view is off.
        {expiresAt && ` The link expires ${formatWhen(expiresAt, lock.timezone)} (${lock.timezone}).`}
      </p>
    </section>
  );
}
