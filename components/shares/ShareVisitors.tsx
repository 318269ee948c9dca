"use client";

import { useList } from "@/components/settings/useList";
import type { ShareVisitorJson } from "@/lib/contract/dashboardReplies";
import { formatWhen } from "@/lib/format/when";

/** Who opened a link: visitors numbered by first visit, their opens (visits) and when. */
export function ShareVisitors({ url, zone }: { url: string; zone: string }) {
  const { data, error } = useList<{ visitors: ShareVisitorJson[] }>(url);
  if (error)
    return (
      <p role="alert" className="text-xs text-red-700">
        {error}
      </p>
    );
  if (!data) return <p className="text-xs text-zinc-500">Loading visitors…</p>;
  if (data.visitors.length === 0) return <p className="text-xs text-zinc-500">No one has opened this link yet.</p>;
  return (
    <table className="mt-1 w-full text-left text-xs">
      <caption className="sr-only">Visitors</caption>
      <thead className="text-zinc-500">
        <tr>
          <th className="py-0.5 font-medium">Visitor</th>
          <th className="py-0.5 font-medium">Opens</th>
          <th className="py-0.5 font-medium">First</th>
          <th className="py-0.5 font-medium">Last</th>
        </tr>
      </thead>
      <tbody>
        {data.visitors.map((v) => (
          <tr key={v.label} className="border-t border-zinc-100">
            <td className="py-0.5">{v.label}</td>
            <td className="py-0.5 tabular-nums">{v.opens}</td>
            <td className="py-0.5">{formatWhen(v.firstAt, zone)}</td>
            <td className="py-0.5">{formatWhen(v.lastAt, zone)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
