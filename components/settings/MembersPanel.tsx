"use client";

import { useState } from "react";
import { MemberRow, type MemberJson } from "./MemberRow";
import { useList } from "./useList";

interface Members {
  members: MemberJson[];
}

/** Members, their roles and sessions (invitations: ./InvitationsPanel.tsx). */
export function MembersPanel({ slug }: { slug: string }) {
  const base = `/api/w/${encodeURIComponent(slug)}`;
  const { data, error } = useList<Members>(`${base}/members`);
  const [message, setMessage] = useState<string | null>(null);

  return (
    <section aria-labelledby="members-heading" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h2 id="members-heading" className="font-semibold text-zinc-900">
        Members
      </h2>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
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
                onChanged={setMessage}
              />
            ))}
          </tbody>
        </table>
      </div>
      {message && (
        <p role="status" className="text-sm text-zinc-700">
          {message}
        </p>
      )}
    </section>
  );
}
