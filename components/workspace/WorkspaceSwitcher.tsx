"use client";

import { useRouter } from "next/navigation";
import { useSyncExternalStore } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { switchTarget } from "./switchTarget";

const noChange = () => () => {};

interface Choice {
  slug: string;
  name: string;
  /** Its default view (`?…`), if it has one. */
  defaultView?: string | null;
}

/**
 * The workspaces the person belongs to; choosing one opens it (its slug is the page's path, so a
 * shared URL names it) at its default view, keeping the current range and filters (./switchTarget.ts).
 */
export function WorkspaceSwitcher({ current, workspaces }: { current: string; workspaces: readonly Choice[] }) {
  const router = useRouter();
  // Off until the page's code runs (a choice made before would do nothing): false on the server and while hydrating.
  const ready = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  if (workspaces.length < 2)
    return (
      <span className="max-w-40 truncate text-sm font-medium text-zinc-700">
        {workspaces.find((w) => w.slug === current)?.name ?? current}
      </span>
    );
  const open = (slug: string) => {
    const choice = workspaces.find((w) => w.slug === slug);
    router.push(switchTarget(slug, new URLSearchParams(window.location.search), choice?.defaultView ?? null));
  };
  return (
    <label className="flex min-w-0 items-center gap-2 text-sm">
      <span className="sr-only">Workspace</span>
      <select
        className={`${INPUT_CLASS} h-8 w-auto max-w-44 min-w-28 truncate py-0`}
        value={current}
        disabled={!ready}
        onChange={(e) => open(e.target.value)}
      >
        {workspaces.map((w) => (
          <option key={w.slug} value={w.slug}>
            {w.name}
          </option>
        ))}
      </select>
    </label>
  );
}
