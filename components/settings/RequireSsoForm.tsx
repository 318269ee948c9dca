"use client";

import { useRouter } from "next/navigation";
import { FormError } from "@/components/account/fields";
import { useSend } from "./useSend";

/**
 * The owner's "require single sign-on": members must have signed in through the OIDC provider to
 * open this workspace; password sessions get a page saying how to continue. Offered only when
 * OIDC is configured; the server refuses to turn it on from a password session.
 */
export function RequireSsoForm({ slug, oidcName, required }: { slug: string; oidcName: string; required: boolean }) {
  const router = useRouter();
  const send = useSend();
  const change = (on: boolean) =>
    send.mutate(
      { method: "PATCH", url: `/api/w/${encodeURIComponent(slug)}`, body: { requireSso: on } },
      { onSuccess: () => router.refresh() },
    );
  return (
    <section aria-labelledby="sso-heading" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h2 id="sso-heading" className="font-semibold text-zinc-900">
        Single sign-on
      </h2>
      <label className="flex items-start gap-2 text-sm text-zinc-700">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={required}
          disabled={send.isPending}
          onChange={(e) => change(e.target.checked)}
        />
        <span>
          Require single sign-on ({oidcName}) to open this workspace. Members signed in with a password are asked to
          sign in with {oidcName} instead; share links are not affected.
        </span>
      </label>
      <FormError message={send.error?.message ?? null} />
    </section>
  );
}
