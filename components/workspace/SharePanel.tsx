"use client";

import Link from "next/link";
import type { FormEvent } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { useSend } from "@/components/settings/useSend";

const DAY_MS = 24 * 60 * 60 * 1000;

interface Props {
  slug: string;
  /** The link made last and the last refusal, kept by the menu so they are still there when the panel opens again. */
  url: string | null;
  error: string | null;
  onUrl: (url: string) => void;
  onError: (error: string | null) => void;
}

/** The open share menu: the form that makes a link, and the link once made (loaded when the menu first opens). */
export function SharePanel({ slug, url, error, onUrl, onError }: Props) {
  const shares = `/api/w/${encodeURIComponent(slug)}/shares`;
  const send = useSend<{ url: string }>([shares]);
  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const days = Number(form.get("expires"));
    const password = String(form.get("password") ?? "");
    send.mutate(
      {
        method: "POST",
        url: shares,
        body: {
          name: form.get("name"),
          query: window.location.search,
          password: password || null,
          expiresAt: days > 0 ? new Date(Date.now() + days * DAY_MS).toISOString() : null,
          allowExport: form.get("allowExport") === "on",
        },
      },
      {
        onSuccess: (sent) => {
          onError(null);
          onUrl(sent.url);
        },
        onError: (refused) => onError(refused.message),
      },
    );
  };

  return (
    <section
      aria-label="Share this view"
      className="fixed inset-x-4 top-16 z-20 max-h-[calc(100vh-5rem)] space-y-3 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-4 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 sm:max-h-none sm:overflow-visible"
    >
      <form onSubmit={create} className="space-y-2">
        <label className="block space-y-1 text-sm">
          <span className="font-medium text-zinc-700">Link name</span>
          <input name="name" required maxLength={100} className={INPUT_CLASS} />
        </label>
        <label className="block space-y-1 text-sm">
          <span className="font-medium text-zinc-700">Password (optional)</span>
          <input name="password" type="password" minLength={10} autoComplete="new-password" className={INPUT_CLASS} />
        </label>
        <label className="block space-y-1 text-sm">
          <span className="font-medium text-zinc-700">Expires</span>
          <select name="expires" defaultValue="7" className={INPUT_CLASS}>
            <option value="0">Never</option>
            <option value="1">In a day</option>
            <option value="7">In a week</option>
            <option value="30">In 30 days</option>
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input type="checkbox" name="allowExport" className="size-4 accent-zinc-900" /> Allow CSV export
        </label>
        <Button type="submit" size="sm" variant="primary">
          Create share link
        </Button>
      </form>
      {url && (
        <div className="space-y-1 text-sm">
          <label className="block space-y-1">
            <span className="font-medium text-zinc-700">Share link</span>
            <input readOnly value={url} className={INPUT_CLASS} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <CopyButton text={url} what="Share link" />
        </div>
      )}
      <p className="text-xs text-zinc-600">
        <Link href={`/w/${slug}/shares`} className="font-medium text-indigo-700 hover:underline">
          Your share links
        </Link>
        : copy them again, see their opens, change or revoke them.
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
