"use client";

import { useState, type FormEvent } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { ROLES, type Role } from "@/lib/access/roles";
import { sendJson } from "@/lib/scope/sendJson";
import { browserZone, formatWhen } from "@/lib/format/when";
import { MemberRow, type MemberJson } from "./MemberRow";
import { useList } from "./useList";

interface Members {
  members: MemberJson[];
  invitations: { id: string; role: Role; expiresAt: string }[];
}

/** Members, their roles and sessions; invitations by link (one use, a week). */
export function MembersPanel({ slug }: { slug: string }) {
  const base = `/api/w/${encodeURIComponent(slug)}`;
  const { data, error, reload } = useList<Members>(`${base}/members`);
  const [link, setLink] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const role = new FormData(event.currentTarget).get("role");
    const sent = await sendJson<{ url: string }>("POST", `${base}/invitations`, { role });
    if (sent.ok) setLink(sent.data.url);
    setMessage(sent.ok ? null : sent.message);
    await reload();
  };

  return (
    <section aria-labelledby="members-heading" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h2 id="members-heading" className="font-semibold text-zinc-900">
        Members
      </h2>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {/* relative: the header's screen-reader-only text is positioned inside the scrolling box, not beside the page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="text-zinc-500">
            <tr>
              <th className="py-1 font-medium">Name</th>
              <th className="py-1 font-medium">Email</th>
              <th className="py-1 font-medium">Role</th>
              <th className="py-1 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.members.map((m) => (
              <MemberRow
                key={m.userId}
                base={base}
                member={m}
                soleOwner={m.role === "owner" && data.members.filter((o) => o.role === "owner").length === 1}
                onChanged={async (done) => {
                  setMessage(done);
                  await reload();
                }}
              />
            ))}
          </tbody>
        </table>
      </div>
      <form onSubmit={(e) => void invite(e)} className="flex flex-wrap items-end gap-2 border-t border-zinc-100 pt-3">
        <label className="space-y-1 text-sm">
          <span className="block font-medium text-zinc-700">Invite as</span>
          <select name="role" defaultValue="member" className={`${INPUT_CLASS} w-auto`}>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="primary">
          Create invitation link
        </Button>
      </form>
      {link && (
        <label className="block space-y-1 text-sm">
          <span className="font-medium text-zinc-700">Invitation link (one use, valid a week)</span>
          <input readOnly value={link} className={INPUT_CLASS} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
      {data && data.invitations.length > 0 && (
        <p className="text-sm text-zinc-500">
          Pending invitations: {data.invitations.map((i) => `${i.role} (until ${formatWhen(i.expiresAt, browserZone())})`).join(", ")}
        </p>
      )}
      {message && <p role="status" className="text-sm text-zinc-700">{message}</p>}
    </section>
  );
}
