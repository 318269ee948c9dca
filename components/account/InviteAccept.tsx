"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";
import { Field, FormError } from "./fields";

type Joined = { workspace: string | null };

/** Joins with the invitation: as the signed-in person, or with a new account (then signed in). */
export function InviteAccept({
  token,
  signedInAs,
  oidcName,
  invitedEmail = null,
}: {
  token: string;
  signedInAs: string | null;
  oidcName: string | null;
  invitedEmail?: string | null;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `/api/invitations/${encodeURIComponent(token)}`;
  const open = (joined: Joined) => window.location.assign(joined.workspace ? `/w/${joined.workspace}` : "/");

  if (signedInAs) {
    const join = async () => {
      setBusy(true);
      const sent = await sendJson<Joined>("POST", url, {});
      setBusy(false);
      if (!sent.ok) return setError(sent.message);
      open(sent.data);
    };
    return (
      <div className="space-y-3">
        <p className="text-sm text-zinc-600">Signed in as {signedInAs}.</p>
        <FormError message={error} />
        <Button variant="primary" className="w-full" onClick={() => void join()} disabled={busy}>
          Join the workspace
        </Button>
      </div>
    );
  }

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const account = { name: form.get("name"), email: form.get("email"), password: form.get("password") };
    setBusy(true);
    const joined = await sendJson<Joined>("POST", url, account);
    if (!joined.ok) {
      setBusy(false);
      return setError(joined.message);
    }
    const signedIn = await sendJson("POST", "/api/auth/sign-in/email", {
      email: account.email,
      password: account.password,
    });
    setBusy(false);
    if (!signedIn.ok) return setError(signedIn.message);
    open(joined.data);
  };

  const next = `/invite/${encodeURIComponent(token)}`;
  return (
    <div className="space-y-4">
      <form onSubmit={create} className="space-y-3">
        <Field label="Name" name="name" autoComplete="name" required />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={invitedEmail ?? undefined}
          readOnly={invitedEmail !== null}
        />
        <Field label="Password" name="password" type="password" autoComplete="new-password" minLength={10} required />
        <FormError message={error} />
        <Button type="submit" variant="primary" className="w-full" disabled={busy}>
          Create account and join
        </Button>
      </form>
      <p className="text-sm text-zinc-600">
        Have an account{oidcName ? ` or use ${oidcName}` : ""}?{" "}
        <a className="font-medium text-indigo-700 underline" href={`/sign-in?next=${encodeURIComponent(next)}`}>
          Sign in first
        </a>
        , then come back to this link.
      </p>
    </div>
  );
}
