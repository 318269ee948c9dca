"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { clearKeyRefusal, keyRefusalOf, subscribeKeyRefusals } from "@/lib/queries/refusedKeys";
import { useApiScope } from "@/lib/scope/ApiScopeContext";

/**
 * The one place a workspace page says the platform refused its key (lib/queries/refusedKeys.ts):
 * the platform's reason, and the way forward: an owner fixes the key in the workspace's settings,
 * anyone else asks an owner. Until "Try again", the page sends nothing more for the workspace.
 */
export function KeyRefusedNotice({ slug, canFix }: { slug: string; canFix: boolean }) {
  const scope = useApiScope();
  const queryClient = useQueryClient();
  const refusal = useSyncExternalStore(
    subscribeKeyRefusals,
    () => keyRefusalOf(scope),
    () => undefined,
  );
  if (!refusal) return null;
  const tryAgain = () => {
    clearKeyRefusal(scope);
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === scope });
  };
  return (
    <Alert
      tone="error"
      title="The link platform refused this workspace's API key"
      actions={
        <>
          {canFix && (
            <Link
              href={`/w/${encodeURIComponent(slug)}/settings#workspace-key`}
              className="inline-flex h-8 items-center rounded-lg bg-zinc-900 px-2.5 text-sm font-medium text-white hover:bg-zinc-700"
            >
              Fix the key in Settings
            </Link>
          )}
          <Button size="sm" onClick={tryAgain}>
            Try again
          </Button>
        </>
      }
    >
      <p>The platform said: “{refusal.message}”</p>
      <p>
        {canFix
          ? "No figures can load until the workspace has a key the platform accepts."
          : "No figures can load until it is fixed: ask an owner of this workspace to set a valid key."}
      </p>
    </Alert>
  );
}
