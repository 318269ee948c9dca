import { notFound, redirect } from "next/navigation";
import { AccessProvider } from "@/components/access/AccessContext";
import { DashboardView } from "@/components/dashboard/DashboardView";
import { AppHeader } from "@/components/ui/AppHeader";
import { RememberWorkspace } from "@/components/workspace/RememberWorkspace";
import { WorkspaceAddress } from "@/components/workspace/WorkspaceAddress";
import { WorkspaceBar } from "@/components/workspace/WorkspaceBar";
import { HOME_WORKSPACE_META } from "@/lib/scope/apiPath";
import { workspacePage } from "@/lib/server/pageAccess";
import { prefetchFirstScreen } from "./prefetch";

/**
 * A workspace's dashboard for the URL's view: at `/w/<slug>`, and at `/` for the workspace it
 * opens (`home`: the page's head then names the workspace its API requests go to; `address`: the
 * page writes `/w/<slug>` into the address bar).
 */
export async function WorkspaceScreen({ slug, search, home = false, address = false }: { slug: string; search: URLSearchParams; home?: boolean; address?: boolean }) {
  // The first screen's data is asked for at once, while the page's own checks run (it passes the same ones).
  const prefetched = prefetchFirstScreen({ kind: "workspace", slug }, search);
  const page = await workspacePage(slug);
  if ("redirect" in page) redirect(page.redirect);
  if ("missing" in page) notFound();
  const role = page.access.kind === "member" ? page.access.role : "viewer";
  return (
    <AccessProvider capabilities={page.capabilities}>
      {home && <meta name={HOME_WORKSPACE_META} content={page.workspace.slug} />}
      {address && <WorkspaceAddress slug={page.workspace.slug} />}
      <RememberWorkspace slug={page.workspace.slug} />
      <AppHeader>
        <WorkspaceBar slug={page.workspace.slug} workspaces={page.workspaces} capabilities={page.capabilities} personName={page.person?.name ?? null} role={role} signIn={page.signIn} />
      </AppHeader>
      <DashboardView
        prefetched={prefetched}
        title="Link analytics"
        intro={`Clicks, leads and sales of ${page.workspace.name}. The address bar holds the whole view: share it to share what you see.`}
      />
    </AccessProvider>
  );
}
