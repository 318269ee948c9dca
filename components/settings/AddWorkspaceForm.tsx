"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Field, FormError } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { SLUG_INPUT_PATTERN, suggestSlug } from "@/lib/contract/workspaceSlug";
import { useSend } from "./useSend";

/** Another workspace: its platform's address and key (sealed at rest, never shown again). */
export function AddWorkspaceForm() {
  const send = useSend<{ workspace: { slug: string } }>();
  const [slug, setSlug] = useState("");
  /** The slug follows the name until the person types their own. */
  const [slugEdited, setSlugEdited] = useState(false);
  const router = useRouter();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    send.mutate(
      {
        method: "POST",
        url: "/api/workspaces",
        body: {
          name: form.get("name"),
          slug: form.get("slug"),
          baseUrl: form.get("baseUrl"),
          apiKey: form.get("apiKey"),
        },
      },
      { onSuccess: (data) => router.push(`/w/${data.workspace.slug}`) },
    );
  };
  return (
    <section
      aria-labelledby="add-workspace-heading"
      className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5"
    >
      <h2 id="add-workspace-heading" className="font-semibold text-zinc-900">
        Add a workspace
      </h2>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Workspace name"
          name="name"
          required
          maxLength={100}
          onChange={(e) => !slugEdited && setSlug(suggestSlug(e.target.value))}
        />
        <Field
          label="Slug"
          name="slug"
          required
          pattern={SLUG_INPUT_PATTERN}
          maxLength={40}
          title="Lowercase letters, digits and inner hyphens: the workspace's address, /w/<slug>"
          value={slug}
          onChange={(e) => {
            setSlugEdited(true);
            setSlug(e.target.value);
          }}
        />
        <Field label="Platform base URL" name="baseUrl" type="url" required placeholder="https://api.example.com" />
        <Field label="API key" name="apiKey" type="password" required autoComplete="off" />
        <div className="sm:col-span-2">
          <FormError message={send.error?.message ?? null} />
          <Button type="submit" variant="primary" className="mt-2">
            Add workspace
          </Button>
        </div>
      </form>
    </section>
  );
}
