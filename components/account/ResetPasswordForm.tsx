"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";
import { Field, FormError } from "./fields";

/** A new password for the account the reset link names (better-auth's /reset-password; every session ends). */
export function ResetPasswordForm({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("password") ?? "");
    if (newPassword !== String(form.get("repeat") ?? "")) return setError("The two passwords differ.");
    setBusy(true);
    const sent = await sendJson("POST", "/api/auth/reset-password", { token, newPassword });
    setBusy(false);
    if (!sent.ok)
      return setError(
        sent.status === 400 ? "This reset link has been used or has expired: ask for a new one." : sent.message,
      );
    setDone(true);
  };

  if (done) {
    return (
      <p role="status" className="text-sm text-zinc-700">
        Your password is changed and you are signed out everywhere.{" "}
        <a className="font-medium text-indigo-700 underline" href="/sign-in">
          Sign in
        </a>
      </p>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3">
      <Field label="New password" name="password" type="password" autoComplete="new-password" minLength={10} required />
      <Field
        label="New password again"
        name="repeat"
        type="password"
        autoComplete="new-password"
        minLength={10}
        required
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" className="w-full" disabled={busy}>
        Change password
      </Button>
    </form>
  );
}
