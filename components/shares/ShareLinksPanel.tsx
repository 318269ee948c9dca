"use client";

import { useState } from "react";
import { useList } from "@/components/settings/useList";
import { refusalOf, useSend } from "@/components/settings/useSend";
import { ConfirmButton } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import type { ShareLinkJson } from "@/lib/contract/dashboardReplies";
import { browserZone, formatWhen } from "@/lib/format/when";
import { ShareLinkEditor } from "./ShareLinkEditor";
import { ShareVisitors } from "./ShareVisitors";

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

function status(share: ShareLinkJson, zone: string): string {
  if (share.revokedAt) return `revoked ${formatWhen(share.revokedAt, zone)}`;
  if (share.expiresAt && Date.parse(share.expiresAt) <= Date.now())
    return `expired ${formatWhen(share.expiresAt, zone)}`;
  return share.expiresAt ? `expires ${formatWhen(share.expiresAt, zone)}` : "never expires";
}

/**
 * Share links: a member's own (copy again, change password or expiry, opens by visitor, revoke),
 * or, for an owner (`everyone`), every link of the workspace with who made it.
 */
export function ShareLinksPanel({ slug, everyone }: { slug: string; everyone: boolean }) {
  const base = `/api/w/${encodeURIComponent(slug)}/shares`;
  const { data, error } = useList<{ shares: ShareLinkJson[] }>(base);
  const revoke = useSend([base]);
  const [zone] = useState(browserZone);
  const [showing, setShowing] = useState<string | null>(null);
  return (
    <section aria-labelledby="shares-heading" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h2 id="shares-heading" className="font-semibold text-zinc-900">
        {everyone ? "Share links" : "Your share links"}
      </h2>
      <p className="text-sm text-zinc-600">
        {everyone
          ? "Every link made in this workspace. "
          : "The links you made; an owner of the workspace sees and may revoke them too. "}
        Opens count visits: one person reloading or coming back within 30 minutes is one open.
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {data && data.shares.length === 0 && (
        <p className="text-sm text-zinc-500">No share links yet: use Share on a view.</p>
      )}
      <ul className="divide-y divide-zinc-100">
        {data?.shares.map((s) => (
          <li key={s.id} className="space-y-1.5 py-2.5 text-sm" aria-label={s.name}>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-medium text-zinc-900">{s.name}</span>
              {!s.mine && <span className="text-xs text-zinc-500">by {s.creatorName ?? "a former member"}</span>}
              <span className="text-xs text-zinc-600">
                {plural(s.openCount, "open")} by {plural(s.visitors, "visitor")} · last{" "}
                {formatWhen(s.lastOpenedAt, zone)}
              </span>
            </div>
            <p className="text-xs text-zinc-500">
              Made {formatWhen(s.createdAt, zone)} · {s.hasPassword ? "password" : "no password"} · {status(s, zone)} ·
              export {s.allowExport ? "on" : "off"}
            </p>
            {!s.revokedAt && s.mine && s.url && (
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <input
                  readOnly
                  aria-label={`Link of ${s.name}`}
                  value={s.url}
                  className="h-8 min-w-0 flex-1 rounded-md border border-zinc-200 bg-zinc-50 px-2 text-xs text-zinc-700"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton text={s.url} what="Link" />
              </div>
            )}
            {!s.revokedAt && s.mine && !s.url && (
              <p className="text-xs text-zinc-500">
                Made before links were kept to be shown again: revoke it and make a new one to copy it.
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className="text-xs text-zinc-700 hover:underline"
                aria-expanded={showing === s.id}
                onClick={() => setShowing(showing === s.id ? null : s.id)}
              >
                {showing === s.id ? "Hide visitors" : "Visitors"}
              </button>
              {!s.revokedAt && s.mine && <ShareLinkEditor base={base} share={s} />}
              {!s.revokedAt && (
                <ConfirmButton
                  label="Revoke"
                  ariaLabel={`Revoke ${s.name}`}
                  className="text-xs text-red-700 hover:underline"
                  title={`Revoke “${s.name}”?`}
                  confirmLabel="Revoke the link"
                  destructive
                  onConfirm={() => refusalOf(revoke.mutateAsync({ method: "DELETE", url: `${base}/${s.id}` }))}
                >
                  Anyone holding it loses access at once; it cannot be turned back on (you can make a new link).
                </ConfirmButton>
              )}
            </div>
            {showing === s.id && <ShareVisitors url={`${base}/${s.id}/visitors`} zone={zone} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
