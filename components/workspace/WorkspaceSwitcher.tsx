"use client";

import { useRouter } from "next/navigation";
import { INPUT_CLASS } from "@/components/account/fields";

interface Choice {
  slug: string;
  name: string;
}

/** The workspaces the person belongs to; choosing one opens it (its slug is the page's path, so a shared URL names it). */
export function WorkspaceSwitcher({ current, workspaces }: { current: string; workspaces: readonly Choice[] }) {
  const router = useRouter();
  if (workspaces.length < 2) return <span className="text-sm font-medium text-zinc-700">{workspaces.find((w) => w.slug === current)?.name ?? current}</span>;
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">Workspace</span>
      <select className={`${INPUT_CLASS} h-8 w-auto py-0`} value={current} onChange={(e) => router.push(`/w/${e.target.value}`)}>
        {workspaces.map((w) => (
          <option key={w.slug} value={w.slug}>
            {w.name}
          </option>
        ))}
      </select>
    </label>
  );
}
