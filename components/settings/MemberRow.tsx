"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { ConfirmButton, ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ROLES, type Role } from "@/lib/access/roles";
import { sendJson } from "@/lib/scope/sendJson";

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
  onChanged: (message: string | null) => Promise<void>;
}) {
  const router = useRouter();
  const [pending, setPending] = useState<Role | null>(null);
  const why = useId();
  const who = member.name || member.email;
  const act = async (run: Promise<{ ok: boolean; message?: string }>, done: string | null): Promise<string | null> => {
    const result = await run;
    if (!result.ok) return result.message ?? "That did not work.";
    await onChanged(done);
    return null;
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
              sendJson("PATCH", `${base}/members/${member.userId}`, { role: pending }),
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
              sendJson("DELETE", `${base}/members/${member.userId}/sessions`),
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
              const sent = await sendJson("POST", `${base}/ownership`, { userId: member.userId });
              if (!sent.ok) return sent.message;
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
              act(sendJson("DELETE", `${base}/members/${member.userId}`), `${member.email} is no longer a member.`)
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
