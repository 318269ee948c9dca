import { redirect } from "next/navigation";
import { NoAccess } from "@/components/access/NoAccess";
import { AccessProvider } from "@/components/access/AccessContext";
import { DashboardView } from "@/components/dashboard/DashboardView";
import { AppHeader } from "@/components/ui/AppHeader";
import { RememberWorkspace } from "@/components/workspace/RememberWorkspace";
import { KeyRefusedNotice } from "@/components/workspace/KeyRefusedNotice";
import { WorkspaceAddress } from "@/components/workspace/WorkspaceAddress";
import { WorkspaceBar } from "@/components/workspace/WorkspaceBar";
import { apiScopeOf } from "@/lib/scope/apiScope";
import { signInPath } from "@/lib/scope/signInPath";
import { ApiScopeProvider } from "@/lib/scope/ApiScopeContext";
import { workspacePage } from "@/lib/server/pageAccess";
import { prefetchFirstScreen, readyForShell } from "./prefetch";

/** The meta tag naming the workspace `/` shows (rendered there in place, not redirected to `/w/<slug>`): for tools reading the HTML. */
const HOME_WORKSPACE_META = "linklens-workspace";

/**
 * A workspace's dashboard for the URL's view: at `/w/<slug>`, and at `/` for the workspace it
 * opens (`home`: its head names that workspace; `address`: the page writes `/w/<slug>` into the
 * address bar). Its queries, keys and API requests are that workspace's (ApiScopeProvider): the
 * scope is never read from the page's address.
 */
export async function WorkspaceScreen({
  slug,
  search,
  home = false,
  address = false,
}: {
  slug: string;
  search: URLSearchParams;
  home?: boolean;
  address?: boolean;
}) {
  // The first screen's data is asked for at once, while the page's own checks run (it passes the same ones).
  const prefetched = prefetchFirstScreen({ kind: "workspace", slug }, search);
  const page = await workspacePage(slug);
  // Signed out: sign in, then back to this very view (its path and query).
  if ("signInFirst" in page) redirect(signInPath(`/w/${encodeURIComponent(slug)}`, search));
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
  const inShell = await readyForShell(prefetched);
  return (
    <AccessProvider capabilities={page.capabilities}>
      <ApiScopeProvider scope={apiScopeOf({ kind: "workspace", slug: page.workspace.slug })}>
        {home && <meta name={HOME_WORKSPACE_META} content={page.workspace.slug} />}
        {address && <WorkspaceAddress slug={page.workspace.slug} />}
        <RememberWorkspace slug={page.workspace.slug} />
        <AppHeader>
          <WorkspaceBar
            slug={page.workspace.slug}
            workspaces={page.workspaces}
            capabilities={page.capabilities}
            personName={page.person?.name ?? null}
            role={role}
            signIn={page.signIn}
          />
        </AppHeader>
        <DashboardView
          prefetched={{ ...prefetched, inShell }}
          title="Link analytics"
          intro={`Clicks, leads and sales of ${page.workspace.name}. The address bar holds the whole view: share it to share what you see.`}
          notice={<KeyRefusedNotice slug={page.workspace.slug} canFix={page.capabilities.manage} />}
        />
      </ApiScopeProvider>
    </AccessProvider>
  );
}
