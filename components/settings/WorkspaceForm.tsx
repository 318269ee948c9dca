"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Field, FormError } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";

/**
 * This workspace's name and API key: a new key is checked against the platform before it is
 * saved (a refused one is not), sealed at rest and never shown again. The "refused key" notice
 * on the dashboard links here (#workspace-key).
 */
export function WorkspaceForm({ slug, name }: { slug: string; name: string }) {
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const router = useRouter();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const apiKey = String(form.get("apiKey") ?? "").trim();
    const sent = await sendJson("PATCH", `/api/w/${encodeURIComponent(slug)}`, {
      name: form.get("name"),
      ...(apiKey ? { apiKey } : {}),
    });
    if (!sent.ok) {
      setSaved(null);
      return setError(sent.message);
    }
    setError(null);
    setSaved(apiKey ? "Saved: the platform accepted the new key." : "Saved.");
    formElement.reset();
    router.refresh();
  };
  return (
    <section
      id="workspace-key"
      aria-labelledby="workspace-heading"
      className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5"
    >
      <h2 id="workspace-heading" className="font-semibold text-zinc-900">
        This workspace
      </h2>
      <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" required maxLength={100} defaultValue={name} />
        <Field label="New API key (blank keeps the saved one)" name="apiKey" type="password" autoComplete="off" />
        <div className="sm:col-span-2">
          <FormError message={error} />
          {saved && (
            <p role="status" className="text-sm text-zinc-700">
              {saved}
            </p>
          )}
          <Button type="submit" variant="primary" className="mt-2">
            Save
          </Button>
        </div>
      </form>
    </section>
  );
}
