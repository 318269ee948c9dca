import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { toSearch } from "@/lib/scope/searchParams";
import { migrateDeprecated } from "@/lib/url/migrate";
import { dashboardMetadata } from "../../_dashboard/metadata";
import { WorkspaceScreen } from "../../_dashboard/WorkspaceScreen";

type Params = Promise<{ slug: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return dashboardMetadata(searchParams);
}

export default async function WorkspaceDashboard({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  // Rendered per request, so the server's HTML already shows the URL's view (nuqs reads it on the server too) with its first screen's data.
  await connection();
  const { slug } = await params;
  const search = toSearch(await searchParams);
  const migrated = migrateDeprecated(search);
  if (migrated) redirect(`/w/${slug}?${migrated.toString()}`);
  return <WorkspaceScreen slug={slug} search={search} />;
}
