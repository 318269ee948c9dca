"use client";

import { useState, type FormEvent } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import type { ShareLinkJson } from "@/lib/contract/dashboardReplies";
import { useSend } from "@/components/settings/useSend";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Its creator changes a link's password (keep, set a new one, or remove) and expiry (keep, never, or from now). */
export function ShareLinkEditor({ base, share }: { base: string; share: ShareLinkJson }) {
  const [open, setOpen] = useState(false);
  const [passwordChoice, setPasswordChoice] = useState("keep");
  /** The change, and the links (at `base`) read again after it. */
  const send = useSend([base]);
  const error = send.error?.message ?? null;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get("expires"));
    const body: { password?: string | null; expiresAt?: string | null } = {};
    if (passwordChoice === "remove") body.password = null;
    if (passwordChoice === "set") body.password = String(form.get("password") ?? "");
    if (expires === "never") body.expiresAt = null;
    else if (expires !== "keep") body.expiresAt = new Date(Date.now() + Number(expires) * DAY_MS).toISOString();
    send.mutate(
      { method: "PATCH", url: `${base}/${share.id}`, body },
      {
        onSuccess: () => {
          setOpen(false);
          setPasswordChoice("keep");
        },
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className="text-xs text-zinc-700 hover:underline"
        aria-haspopup="dialog"
        aria-label={`Change ${share.name}`}
        onClick={() => setOpen(true)}
      >
        Change
      </button>
      <Dialog open={open} title={`Change “${share.name}”`} onClose={() => setOpen(false)}>
        <form onSubmit={save} className="space-y-3">
          <label className="block space-y-1 text-sm">
            <span className="font-medium text-zinc-700">Password</span>
            <select className={INPUT_CLASS} value={passwordChoice} onChange={(e) => setPasswordChoice(e.target.value)}>
              <option value="keep">
                {share.hasPassword ? "Keep the current password" : "Keep it without a password"}
              </option>
              <option value="set">{share.hasPassword ? "Set a new password" : "Add a password"}</option>
              {share.hasPassword && <option value="remove">Remove the password</option>}
            </select>
          </label>
          {passwordChoice === "set" && (
            <label className="block space-y-1 text-sm">
              <span className="font-medium text-zinc-700">New password</span>
              <input
                name="password"
                type="password"
                required
                minLength={10}
                maxLength={128}
                autoComplete="new-password"
                className={INPUT_CLASS}
              />
              <span className="block text-xs text-zinc-500">
                Whoever opened the link with the old password will need the new one.
              </span>
            </label>
          )}
          <label className="block space-y-1 text-sm">
            <span className="font-medium text-zinc-700">Expiry</span>
            <select name="expires" defaultValue="keep" className={INPUT_CLASS}>
              <option value="keep">Keep as it is</option>
              <option value="never">Never</option>
              <option value="1">A day from now</option>
              <option value="7">A week from now</option>
              <option value="30">30 days from now</option>
            </select>
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button size="sm" type="submit" variant="primary">
              Save changes
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
