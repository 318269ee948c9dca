"use client";

import { useState, type FormEvent } from "react";
import { Field, FormError } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";

export function SharePasswordForm({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = await sendJson("POST", `/api/s/${encodeURIComponent(token)}/unlock`, {
      password: new FormData(event.currentTarget).get("password"),
    });
    if (!sent.ok) return setError(sent.message);
    window.location.reload();
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3">
      <Field label="Password" name="password" type="password" autoComplete="off" required />
      <FormError message={error} />
      <Button type="submit" variant="primary" className="w-full">
        Open the shared view
      </Button>
    </form>
  );
}
