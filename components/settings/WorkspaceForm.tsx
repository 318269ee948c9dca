"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Field, FormError } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { useSend } from "./useSend";

/**
 * This workspace's name and API key: a new key is checked against the platform before it is
 * saved (a refused one is not), sealed at rest and never shown again. The "refused key" notice
 * on the dashboard links here (#workspace-key).
 */
export function WorkspaceForm({ slug, name }: { slug: string; name: string }) {
  const send = useSend();
  /** What a save that goes through says: whether it changed the key. */
  const [savedText, setSavedText] = useState("Saved.");
  const router = useRouter();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const apiKey = String(form.get("apiKey") ?? "").trim();
    setSavedText(apiKey ? "Saved: the platform accepted the new key." : "Saved.");
    send.mutate(
      {
        method: "PATCH",
        url: `/api/w/${encodeURIComponent(slug)}`,
        body: { name: form.get("name"), ...(apiKey ? { apiKey } : {}) },
      },
      {
        onSuccess: () => {
          formElement.reset();
          router.refresh();
        },
      },
    );
  };
  const saved = send.isSuccess ? savedText : null;
  return (
    <section
      id="workspace-key"
      aria-labelledby="workspace-heading"
      className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5"
    >
      <h2 id="workspace-heading" className="font-semibold text-zinc-900">
        This workspace
      </h2>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" required maxLength={100} defaultValue={name} />
        <Field label="New API key (blank keeps the saved one)" name="apiKey" type="password" autoComplete="off" />
        <div className="sm:col-span-2">
          <FormError message={send.error?.message ?? null} />
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
