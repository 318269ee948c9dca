"use client";

import { sendJson } from "@/lib/scope/sendJson";
import { useList } from "./useList";
import type { ShareLinkJson } from "@/lib/contract/dashboardReplies";

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : "never");

/** Share links: who opened them how often and when last, and revocation. */
export function SharesPanel({ slug }: { slug: string }) {
  const base = `/api/w/${encodeURIComponent(slug)}/shares`;
  const { data, error, reload } = useList<{ shares: ShareLinkJson[] }>(base);
  return (
    <section aria-labelledby="shares-heading" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h2 id="shares-heading" className="font-semibold text-zinc-900">
        Share links
      </h2>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {data && data.shares.length === 0 && <p className="text-sm text-zinc-500">No share links yet: use Share on a view.</p>}
      <ul className="space-y-2">
        {data?.shares.map((s) => (
          <li key={s.id} className="flex items-center gap-3 text-sm">
            <span className="min-w-0 flex-1">
              <span className="font-medium">{s.name}</span>{" "}
              <span className="text-zinc-500">
                · {s.openCount} opens, last {when(s.lastOpenedAt)} · {s.hasPassword ? "password" : "no password"} · expires {when(s.expiresAt)} · export {s.allowExport ? "on" : "off"}
              </span>
            </span>
            {s.revokedAt ? (
              <span className="text-xs text-zinc-500">revoked</span>
            ) : (
              <button type="button" className="text-xs text-red-700 hover:underline" onClick={() => void sendJson("DELETE", `${base}/${s.id}`).then(reload)} aria-label={`Revoke ${s.name}`}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
