"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";
import { Field, FormError } from "./fields";

/**
 * Sign-in's second step when the account has two-factor on: the authenticator app's 6-digit code,
 * or one of the backup codes (each works once).
 */
export function TwoFactorStep({ next, onRestart }: { next: string; onRestart: () => void }) {
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s+/g, "");
    setBusy(true);
    const sent = await sendJson(
      "POST",
      backup ? "/api/auth/two-factor/verify-backup-code" : "/api/auth/two-factor/verify-totp",
      { code },
    );
    setBusy(false);
    if (sent.ok) return window.location.assign(next);
    if (sent.status === 401 && /cookie|expired/i.test(sent.message))
      return setError("This sign-in took too long: start again with your email and password.");
    setError(
      sent.status === 401
        ? backup
          ? "That backup code is wrong or was used already."
          : "That code is wrong or has expired: enter the one your app shows now."
        : sent.message,
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Two-factor sign-in">
      <p className="text-sm text-zinc-600">
        {backup
          ? "Enter one of the backup codes you saved when you turned two-factor on. Each works once."
          : "Open your authenticator app and enter the 6-digit code it shows for Linklens."}
      </p>
      {backup ? (
        <Field key="backup" label="Backup code" name="code" autoComplete="off" required maxLength={20} />
      ) : (
        <Field
          key="totp"
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          required
          autoFocus
        />
      )}
      <FormError message={error} />
      <Button type="submit" variant="primary" className="w-full" disabled={busy}>
        Verify
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-indigo-700 underline"
          onClick={() => {
            setError(null);
            setBackup(!backup);
          }}
        >
          {backup ? "Use the authenticator app" : "Use a backup code"}
        </button>
        <button type="button" className="text-zinc-600 underline" onClick={onRestart}>
          Start over
        </button>
      </div>
    </form>
  );
}
