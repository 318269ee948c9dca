import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { AccessProvider } from "@/components/access/AccessContext";
import { DashboardView } from "@/components/dashboard/DashboardView";
import { AppHeader } from "@/components/ui/AppHeader";
import { RememberWorkspace } from "@/components/workspace/RememberWorkspace";
import { WorkspaceBar } from "@/components/workspace/WorkspaceBar";
import { toSearch } from "@/lib/scope/searchParams";
import { workspacePage } from "@/lib/server/pageAccess";
import { urlCache } from "@/lib/url/cache";
import { migrateDeprecated } from "@/lib/url/migrate";

type Params = Promise<{ slug: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const KIND_TITLES = { clicks: "Clicks", leads: "Leads", sales: "Sales" } as const;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { event } = await urlCache.parse(searchParams);
  const kind = event === "leads" || event === "sales" ? event : "clicks";
  return { title: `${KIND_TITLES[kind]} · Linklens` };
}

export default async function WorkspaceDashboard({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  // Rendered per request, so the server's HTML already shows the URL's view (nuqs reads it on the server too).
  await connection();
  const { slug } = await params;
  const migrated = migrateDeprecated(toSearch(await searchParams));
  if (migrated) redirect(`/w/${slug}?${migrated.toString()}`);
  const page = await workspacePage(slug);
  if ("redirect" in page) redirect(page.redirect);
  if ("missing" in page) notFound();
  const role = page.access.kind === "member" ? page.access.role : "viewer";
  return (
    <AccessProvider capabilities={page.capabilities}>
      <RememberWorkspace slug={page.workspace.slug} />
      <AppHeader>
        <WorkspaceBar slug={page.workspace.slug} workspaces={page.workspaces} capabilities={page.capabilities} personName={page.person?.name ?? null} role={role} signIn={page.signIn} />
      </AppHeader>
      <DashboardView
        title="Link analytics"
        intro={`Clicks, leads and sales of ${page.workspace.name}. The address bar holds the whole view: share it to share what you see.`}
      />
    </AccessProvider>
  );
}
