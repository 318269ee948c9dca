import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { NoAccess } from "@/components/access/NoAccess";
import { ShareLinksPanel } from "@/components/shares/ShareLinksPanel";
import { AppHeader, MAIN_ID } from "@/components/ui/AppHeader";
import { WorkspaceBar } from "@/components/workspace/WorkspaceBar";
import { signInPath } from "@/lib/scope/signInPath";
import { workspacePage } from "@/lib/server/pageAccess";

export const metadata: Metadata = { title: "Share links · Linklens" };

/** Everyone who may share: the links they made (owners: every link), outside the owners' Settings. */
export default async function WorkspaceShares({ params }: { params: Promise<{ slug: string }> }) {
  await connection();
  const { slug } = await params;
  const page = await workspacePage(slug);
  if ("signInFirst" in page) redirect(signInPath(`/w/${encodeURIComponent(slug)}/shares`));
  if ("noAccess" in page)
    return (
      <NoAccess
        reason={page.noAccess.reason}
        personName={page.noAccess.person?.name ?? null}
        workspaces={page.noAccess.workspaces}
        signIn
      />
    );
  if (!page.signIn) notFound();
  if (!page.capabilities.share)
    return (
      <NoAccess
        reason="shares"
        personName={page.person?.name ?? null}
        workspaces={[page.workspace]}
        workspace={page.workspace}
        signIn={page.signIn}
      />
    );
  return (
    <>
      <AppHeader section="Share links">
        <WorkspaceBar
          slug={page.workspace.slug}
          workspaces={page.workspaces}
          capabilities={page.capabilities}
          personName={page.person?.name ?? null}
          role={page.access.kind === "member" ? page.access.role : ""}
          signIn={page.signIn}
        />
      </AppHeader>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-4xl space-y-6 px-4 py-6 focus:outline-none">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{page.workspace.name}: share links</h1>
        <ShareLinksPanel slug={page.workspace.slug} everyone={page.capabilities.manage} />
      </main>
    </>
  );
}
