"use client";

import { useState, type FormEvent } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { ROLE_SUMMARY } from "@/lib/access/roleSummary";
import { ROLES, type Role } from "@/lib/access/roles";
import { useList } from "./useList";
import { useSend, type Send } from "./useSend";

interface Pending {
  id: string;
  role: Role;
  email: string | null;
  expiresAt: string;
  sentAt: string | null;
}

interface Members {
  invitations: Pending[];
  /** Whether the server can mail (SMTP_URL). */
  mail: boolean;
}

/** Invite by email (or make a link) with a role said in words; pending invitations, sent again or revoked. */
export function InvitationsPanel({ slug }: { slug: string }) {
  const base = `/api/w/${encodeURIComponent(slug)}`;
  const { data } = useList<Members>(`${base}/members`);
  const send = useSend<{ url: string }>([`${base}/members`]);
  const [role, setRole] = useState<Role>("member");
  const [email, setEmail] = useState("");
  const [made, setMade] = useState<{ url: string; role: Role; email: string | null } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const mail = data?.mail ?? false;

  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = email.trim();
    send.mutate(
      { method: "POST", url: `${base}/invitations`, body: to ? { role, email: to } : { role } },
      {
        onSuccess: (sent) => {
          setMade({ url: sent.url, role, email: to || null });
          setEmail("");
          setMessage(to ? `Invitation sent to ${to}.` : null);
        },
        onError: (error) => setMessage(error.message),
      },
    );
  };

  const act = (request: Send, done: string) =>
    send.mutate(request, { onSuccess: () => setMessage(done), onError: (error) => setMessage(error.message) });

  return (
    <section aria-labelledby="invitations-heading" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h2 id="invitations-heading" className="font-semibold text-zinc-900">
        Invitations
      </h2>
      <form onSubmit={invite} className="space-y-2">
        <div className="flex flex-wrap items-end gap-2">
          <label className="space-y-1 text-sm">
            <span className="block font-medium text-zinc-700">Email (empty: make a link)</span>
            <input
              type="email"
              name="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={!mail}
              placeholder={mail ? "name@example.com" : "needs SMTP_URL"}
              className={`${INPUT_CLASS} w-64`}
            />
          </label>
          <label className="space-y-1 text-sm">
            <span className="block font-medium text-zinc-700">Invite as</span>
            <select
              name="role"
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
              aria-describedby="invite-role-summary"
              className={`${INPUT_CLASS} w-auto`}
            >
              {ROLES.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="primary">
            {email.trim() ? "Send invitation" : "Create invitation link"}
          </Button>
        </div>
        <p id="invite-role-summary" className="text-sm text-zinc-600">
          {role === "owner" ? "An" : "A"} {role} {ROLE_SUMMARY[role]}.
        </p>
        {!mail && (
          <p className="text-sm text-zinc-500">
            Invitations by email need a mail server (SMTP_URL); links work without one.
          </p>
        )}
      </form>
      {made && (
        <label className="block space-y-1 text-sm">
          <span className="font-medium text-zinc-700">
            Invitation link: joins as {made.role}
            {made.email ? `, for ${made.email} only` : ""}, one use, valid a week
          </span>
          <input readOnly value={made.url} className={INPUT_CLASS} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
      {data && data.invitations.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="py-1 text-left font-medium text-zinc-700">Pending</caption>
          <thead className="text-zinc-500">
            <tr>
              <th scope="col" className="py-1 font-medium">
                For
              </th>
              <th scope="col" className="py-1 font-medium">
                Role
              </th>
              <th scope="col" className="py-1 font-medium">
                Valid until
              </th>
              <th scope="col" className="py-1 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.invitations.map((i) => (
              <tr key={i.id} className="border-t border-zinc-100">
                <td className="py-1.5">{i.email ?? "Anyone with the link"}</td>
                <td className="py-1.5">{i.role}</td>
                <td className="py-1.5 tabular-nums">{i.expiresAt.slice(0, 10)}</td>
                <td className="space-x-2 py-1.5 text-right">
                  {i.email && mail && (
                    <button
                      type="button"
                      className="text-xs text-zinc-600 hover:underline"
                      onClick={() =>
                        act(
                          { method: "POST", url: `${base}/invitations/${i.id}/resend` },
                          `Sent again to ${i.email}; the earlier link no longer works.`,
                        )
                      }
                    >
                      Send again
                    </button>
                  )}
                  <button
                    type="button"
                    className="text-xs text-red-700 hover:underline"
                    aria-label={`Revoke the invitation for ${i.email ?? `a ${i.role} link`}`}
                    onClick={() =>
                      act(
                        { method: "DELETE", url: `${base}/invitations/${i.id}` },
                        "Invitation revoked: its link now says so.",
                      )
                    }
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {message && (
        <p role="status" className="text-sm text-zinc-700">
          {message}
        </p>
      )}
    </section>
  );
}
