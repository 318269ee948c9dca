"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { ConfirmButton, ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ROLES, type Role } from "@/lib/access/roles";
import { refusalOf, useSend, type Send } from "./useSend";

export interface MemberJson {
  userId: string;
  name: string;
  email: string;
  role: Role;
}

/** What a role may do, for the confirmation of a change (lib/access/roles.ts decides it). */
const ROLE_TEXT: Record<Role, string> = {
  owner: "Owners manage members, share links, saved views and the workspace's settings.",
  member: "Members see everything, export, reveal IPs, save views and make share links; not Settings.",
  viewer: "Viewers see the figures only: no export, no full IPs or emails, no saving or sharing.",
};

/**
 * One member in Settings: their role (changed after a confirmation) and actions. The workspace's
 * only owner can be neither demoted nor removed, and the controls say so.
 */
export function MemberRow({
  base,
  member,
  soleOwner,
  onChanged,
}: {
  base: string;
  member: MemberJson;
  soleOwner: boolean;
  /** Called once a change went through and the members were read again, with what to say. */
  onChanged: (message: string | null) => void;
}) {
  const router = useRouter();
  const [pending, setPending] = useState<Role | null>(null);
  const why = useId();
  const who = member.name || member.email;
  const change = useSend([`${base}/members`]);
  /** Ownership moves away from the person acting: they lose Settings, so the members are not read again. */
  const handOver = useSend();
  const act = async (send: Send, done: string | null): Promise<string | null> => {
    const problem = await refusalOf(change.mutateAsync(send));
    if (problem === null) onChanged(done);
    return problem;
  };
  return (
    <tr className="border-t border-zinc-100 align-top">
      <td className="py-1.5 pr-2">{member.name}</td>
      <td className="py-1.5 pr-2 break-all">{member.email}</td>
      <td className="py-1.5 pr-2">
        <select
          aria-label={`Role of ${member.email}`}
          aria-describedby={soleOwner ? why : undefined}
          value={member.role}
          disabled={soleOwner}
          className={`${INPUT_CLASS} h-9 w-28 min-w-28 py-0`}
          onChange={(e) => setPending(e.target.value as Role)}
        >
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
        {soleOwner && (
          <p id={why} className="mt-1 max-w-48 text-xs text-zinc-600">
            A workspace keeps at least one owner: make someone else an owner first.
          </p>
        )}
        <ConfirmDialog
          open={pending !== null}
          title={`Make ${who} ${pending === "owner" ? "an" : "a"} ${pending ?? ""}?`}
          confirmLabel={`Make ${pending ?? ""}`}
          onCancel={() => setPending(null)}
          onConfirm={async () => {
            const problem = await act(
              { method: "PATCH", url: `${base}/members/${member.userId}`, body: { role: pending } },
              `${who} is now ${pending === "owner" ? "an" : "a"} ${pending}.`,
            );
            if (problem === null) setPending(null);
            return problem;
          }}
        >
          {pending && ROLE_TEXT[pending]} It applies to their next request.
        </ConfirmDialog>
      </td>
      <td className="space-x-2 py-1.5 text-right whitespace-nowrap">
        <ConfirmButton
          label="Sign out everywhere"
          ariaLabel={`Sign out ${who} everywhere`}
          className="text-xs text-zinc-600 hover:underline"
          title={`Sign ${who} out everywhere?`}
          confirmLabel="Sign out everywhere"
          onConfirm={() =>
            act(
              { method: "DELETE", url: `${base}/members/${member.userId}/sessions` },
              `${member.email} is signed out everywhere.`,
            )
          }
        >
          Every session they have ends, on every device; they stay a member and can sign in again.
        </ConfirmButton>
        {member.role !== "owner" && (
          <ConfirmButton
            label="Make owner"
            ariaLabel={`Transfer ownership to ${who}`}
            className="text-xs text-zinc-600 hover:underline"
            title={`Transfer ownership to ${who}?`}
            confirmLabel="Transfer ownership"
            onConfirm={async () => {
              const problem = await refusalOf(
                handOver.mutateAsync({ method: "POST", url: `${base}/ownership`, body: { userId: member.userId } }),
              );
              if (problem !== null) return problem;
              // No Settings for a member: back to the workspace's page.
              router.push(base.replace(/^\/api/, ""));
              router.refresh();
              return null;
            }}
          >
            {who} becomes an owner of this workspace and you become a member: you keep its figures, views and share
            links, but no longer manage members or Settings. To stay an owner too, change their role to owner instead.
          </ConfirmButton>
        )}
        {soleOwner ? (
          <span className="text-xs text-zinc-400" title="A workspace keeps at least one owner">
            Remove
          </span>
        ) : (
          <ConfirmButton
            label="Remove"
            ariaLabel={`Remove ${who}`}
            className="text-xs text-red-700 hover:underline"
            title={`Remove ${who} from the workspace?`}
            confirmLabel="Remove"
            destructive
            onConfirm={() =>
              act(
                { method: "DELETE", url: `${base}/members/${member.userId}` },
                `${member.email} is no longer a member.`,
              )
            }
          >
            They lose access to this workspace at once (their other workspaces stay). To bring them back, invite them
            again.
          </ConfirmButton>
        )}
      </td>
    </tr>
  );
}
