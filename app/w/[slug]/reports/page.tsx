import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { NoAccess } from "@/components/access/NoAccess";
import { ReportsPanel } from "@/components/reports/ReportsPanel";
import { AppHeader, MAIN_ID } from "@/components/ui/AppHeader";
import { WorkspaceBar } from "@/components/workspace/WorkspaceBar";
import { signInPath } from "@/lib/scope/signInPath";
import { workspacePage } from "@/lib/server/pageAccess";

export const metadata: Metadata = { title: "Reports & alerts · Linklens" };

/** A workspace's reports and alerts: everyone sees them and subscribes themselves; members and owners create them, from the view they came from (`?view=`). */
export default async function ReportsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ view?: string }>;
}) {
  await connection();
  const { slug } = await params;
  const { view } = await searchParams;
  const page = await workspacePage(slug);
  if ("signInFirst" in page)
    redirect(
      signInPath(
        `/w/${encodeURIComponent(slug)}/reports`,
        new URLSearchParams(typeof view === "string" ? { view } : {}),
      ),
    );
  if ("noAccess" in page)
    return (
      <NoAccess
        reason={page.noAccess.reason}
        personName={page.noAccess.person?.name ?? null}
        workspaces={page.noAccess.workspaces}
        signIn
      />
    );
  const role = page.access.kind === "member" ? page.access.role : "viewer";
  return (
    <>
      <AppHeader section="Reports & alerts">
        <WorkspaceBar
          slug={page.workspace.slug}
          workspaces={page.workspaces}
          capabilities={page.capabilities}
          personName={page.person?.name ?? null}
          role={role}
          signIn={page.signIn}
        />
      </AppHeader>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-4xl focus:outline-none space-y-6 px-4 py-6">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">
          {page.workspace.name}: reports &amp; alerts
        </h1>
        {page.signIn && page.person ? (
          <ReportsPanel
            slug={page.workspace.slug}
            userId={page.person.id}
            canCreate={page.capabilities.saveViews}
            isOwner={page.capabilities.manage}
            fromView={typeof view === "string" ? view : null}
          />
        ) : (
          <p className="text-sm text-zinc-600">
            Reports and alerts need sign-in: set LINKLENS_SECRET (and SMTP_URL to mail them) and restart.
          </p>
        )}
      </main>
    </>
  );
}
