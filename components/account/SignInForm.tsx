"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";
import { Field, FormError } from "./fields";
import { TwoFactorStep } from "./TwoFactorStep";

/** Email and password, and single sign-on when configured. */
export function SignInForm({ next, oidcName }: { next: string; oidcName: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secondFactor, setSecondFactor] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const sent = await sendJson<{ twoFactorRedirect?: boolean }>("POST", "/api/auth/sign-in/email", {
      email: form.get("email"),
      password: form.get("password"),
    });
    setBusy(false);
    if (!sent.ok) return setError(sent.status === 401 ? "Wrong email or password." : sent.message);
    if (sent.data?.twoFactorRedirect) {
      setError(null);
      return setSecondFactor(true);
    }
    window.location.assign(next);
  };

  const sso = async () => {
    setBusy(true);
    const sent = await sendJson<{ url?: string }>("POST", "/api/auth/sign-in/social", {
      provider: "oidc",
      callbackURL: next,
      errorCallbackURL: "/sign-in?error=sso",
    });
    setBusy(false);
    if (!sent.ok || !sent.data.url) return setError(sent.ok ? "Single sign-on did not start." : sent.message);
    window.location.assign(sent.data.url);
  };

  if (secondFactor) return <TwoFactorStep next={next} onRestart={() => setSecondFactor(false)} />;

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <FormError message={error} />
        <Button type="submit" variant="primary" className="w-full" disabled={busy}>
          Sign in
        </Button>
      </form>
      {oidcName && (
        <Button className="w-full" onClick={() => void sso()} disabled={busy}>
          Sign in with {oidcName}
        </Button>
      )}
    </div>
  );
}
