"use client";

import { useState } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { ROLES, type Role } from "@/lib/access/roles";
import { sendJson } from "@/lib/scope/sendJson";
import { useList } from "./useList";

interface Members {
  members: { userId: string; name: string; email: string; role: Role }[];
}

/** Members, their roles and sessions (invitations: ./InvitationsPanel.tsx). */
export function MembersPanel({ slug }: { slug: string }) {
  const base = `/api/w/${encodeURIComponent(slug)}`;
  const { data, error, reload } = useList<Members>(`${base}/members`);
  const [message, setMessage] = useState<string | null>(null);

  const act = async (run: Promise<{ ok: boolean; message?: string }>, done?: string) => {
    const result = await run;
    setMessage(result.ok ? (done ?? null) : (result.message ?? "That did not work."));
    await reload();
  };

  return (
    <section aria-labelledby="members-heading" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h2 id="members-heading" className="font-semibold text-zinc-900">
        Members
      </h2>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <table className="w-full text-left text-sm">
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
            <tr key={m.userId} className="border-t border-zinc-100">
              <td className="py-1.5">{m.name}</td>
              <td className="py-1.5">{m.email}</td>
              <td className="py-1.5">
                <select aria-label={`Role of ${m.email}`} value={m.role} className={`${INPUT_CLASS} h-8 w-auto py-0`} onChange={(e) => void act(sendJson("PATCH", `${base}/members/${m.userId}`, { role: e.target.value }))}>
                  {ROLES.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </td>
              <td className="space-x-2 py-1.5 text-right">
                <button type="button" className="text-xs text-zinc-600 hover:underline" onClick={() => void act(sendJson("DELETE", `${base}/members/${m.userId}/sessions`), `${m.email} is signed out everywhere.`)}>
                  Sign out everywhere
                </button>
                <button type="button" className="text-xs text-red-700 hover:underline" onClick={() => void act(sendJson("DELETE", `${base}/members/${m.userId}`))}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {message && <p role="status" className="text-sm text-zinc-700">{message}</p>}
    </section>
  );
}
