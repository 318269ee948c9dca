import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { NoAccess } from "@/components/access/NoAccess";
import { connection } from "next/server";
import { AddWorkspaceForm } from "@/components/settings/AddWorkspaceForm";
import { DeleteWorkspacePanel } from "@/components/settings/DeleteWorkspacePanel";
import { InvitationsPanel } from "@/components/settings/InvitationsPanel";
import { MembersPanel } from "@/components/settings/MembersPanel";
import { RequireSsoForm } from "@/components/settings/RequireSsoForm";
import { SharesPanel } from "@/components/settings/SharesPanel";
import { WorkspaceForm } from "@/components/settings/WorkspaceForm";
import { AppHeader, MAIN_ID } from "@/components/ui/AppHeader";
import { WorkspaceBar } from "@/components/workspace/WorkspaceBar";
import { signInPath } from "@/lib/scope/signInPath";
import { workspacePage } from "@/lib/server/pageAccess";

export const metadata: Metadata = { title: "Settings · Linklens" };

/** Owners: members and invitations, share links, and adding workspaces. */
export default async function WorkspaceSettings({ params }: { params: Promise<{ slug: string }> }) {
  await connection();
  const { slug } = await params;
  const page = await workspacePage(slug);
  if ("signInFirst" in page) redirect(signInPath(`/w/${encodeURIComponent(slug)}/settings`));
  if ("noAccess" in page)
    return (
      <NoAccess
        reason={page.noAccess.reason}
        personName={page.noAccess.person?.name ?? null}
        workspaces={page.noAccess.workspaces}
        signIn
      />
    );
  if (!page.capabilities.manage)
    return (
      <NoAccess
        reason="settings"
        personName={page.person?.name ?? null}
        workspaces={[page.workspace]}
        workspace={page.workspace}
        signIn={page.signIn}
      />
    );
  return (
    <>
      <AppHeader section="Settings">
        <WorkspaceBar
          slug={page.workspace.slug}
          workspaces={page.workspaces}
          capabilities={page.capabilities}
          personName={page.person?.name ?? null}
          role="owner"
          signIn={page.signIn}
        />
      </AppHeader>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-4xl focus:outline-none space-y-6 px-4 py-6">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{page.workspace.name}: settings</h1>
        <p className="text-sm">
          <Link href={`/w/${page.workspace.slug}/activity`} className="text-indigo-700 underline">
            Activity log
          </Link>{" "}
          <span className="text-zinc-600">: who changed what, when and from where.</span>
        </p>
        {page.signIn ? (
          <>
            <WorkspaceForm slug={page.workspace.slug} name={page.workspace.name} />
            {page.oidcName && (
              <RequireSsoForm
                slug={page.workspace.slug}
                oidcName={page.oidcName}
                required={page.workspace.requireSso}
              />
            )}
            <MembersPanel slug={page.workspace.slug} />
            <InvitationsPanel slug={page.workspace.slug} />
            <SharesPanel slug={page.workspace.slug} />
            <AddWorkspaceForm />
            <DeleteWorkspacePanel
              slug={page.workspace.slug}
              name={page.workspace.name}
              fromEnvironment={page.workspace.fromEnvironment}
            />
          </>
        ) : (
          <p className="text-sm text-zinc-600">
            Members, share links and more workspaces need sign-in: set LINKLENS_SECRET (and PUBLIC_URL to serve beyond
            this machine) and restart.
          </p>
        )}
      </main>
    </>
  );
}
