import Link from "next/link";
import { SignOutButton } from "@/components/account/SignOutButton";
import { ReportsLink } from "@/components/reports/ReportsLink";
import type { Capabilities } from "@/lib/access/access";
import { SavedViewsMenu } from "./SavedViewsMenu";
import { ShareMenu } from "./ShareMenu";
import { WorkspaceSwitcher } from "./WorkspaceSwitcher";

interface Props {
  slug: string;
  workspaces: readonly { slug: string; name: string; defaultView?: string | null }[];
  capabilities: Capabilities;
  personName: string | null;
  role: string;
  signIn: boolean;
}

/** The header's right side on a workspace's pages: switcher, saved views, share, settings, who is signed in. */
export function WorkspaceBar({ slug, workspaces, capabilities, personName, role, signIn }: Props) {
  return (
    <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-2">
      <WorkspaceSwitcher current={slug} workspaces={workspaces} />
      <SavedViewsMenu slug={slug} canSave={capabilities.saveViews} canCurate={capabilities.manage} />
      {signIn && capabilities.share && <ShareMenu slug={slug} />}
      {signIn && <ReportsLink slug={slug} />}
      {capabilities.manage && (
        <Link href={`/w/${slug}/settings`} className="rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100">
          Settings
        </Link>
      )}
      {personName && (
        <span className="hidden text-sm text-zinc-500 md:inline">
          {personName} · {role}
        </span>
      )}
      {signIn && personName && (
        <Link href="/account" className="rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100">
          Account
        </Link>
      )}
      {signIn && <SignOutButton />}
    </div>
  );
}
