"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";
import { Field, FormError } from "./fields";

/** Asks for a reset link; the answer is the same whether the address has an account or not. */
export function ForgotPasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setBusy(true);
    const sent = await sendJson("POST", "/api/auth/request-password-reset", { email });
    setBusy(false);
    if (!sent.ok) return setError(sent.message);
    setError(null);
    setSentTo(email);
  };

  if (sentTo) {
    return (
      <p role="status" className="text-sm text-zinc-700">
        If {sentTo} has an account, a link to choose a new password is on its way. It works once, within an hour.
      </p>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3">
      <Field label="Email" name="email" type="email" autoComplete="username" required />
      <FormError message={error} />
      <Button type="submit" variant="primary" className="w-full" disabled={busy}>
        Send me a reset link
      </Button>
    </form>
  );
}
