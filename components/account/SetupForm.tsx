"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";
import { Field, FormError } from "./fields";

/** The first owner's account, from the one-time link printed at first start; then signed in. */
export function SetupForm({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState(false);
  const router = useRouter();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const account = { name: form.get("name"), email: form.get("email"), password: form.get("password") };
    setBusy(true);
    const created = await sendJson("POST", "/api/setup", { token, ...account });
    if (!created.ok) {
      setBusy(false);
      return setError(created.message);
    }
    const signedIn = await sendJson("POST", "/api/auth/sign-in/email", {
      email: account.email,
      password: account.password,
    });
    if (!signedIn.ok) {
      setBusy(false);
      return setError(signedIn.message);
    }
    // This page stays, saying so, until the dashboard's page is there: never a blank page between them.
    setOpening(true);
    router.push("/");
  };

  if (opening) {
    return (
      <p role="status" className="text-sm text-zinc-700">
        Your account is ready. Opening the dashboard…
      </p>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <Field label="Name" name="name" autoComplete="name" required />
      <Field label="Email" name="email" type="email" autoComplete="username" required />
      <Field label="Password" name="password" type="password" autoComplete="new-password" minLength={10} required />
      <FormError message={error} />
      <Button type="submit" variant="primary" className="w-full" disabled={busy}>
        Create the owner account
      </Button>
    </form>
  );
}
