import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { toSearch } from "@/lib/scope/searchParams";
import { signInPath } from "@/lib/scope/signInPath";
import { homeView } from "@/lib/server/pageAccess";
import { migrateDeprecated } from "@/lib/url/migrate";
import { dashboardMetadata } from "./_dashboard/metadata";
import { WorkspaceScreen } from "./_dashboard/WorkspaceScreen";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return dashboardMetadata(searchParams);
}

/**
 * `/?<view>` shows the last (else the first) workspace's dashboard in place, keeping the query: no
 * redirect round trip. Bare `/` shows it in place too and the page writes `/w/<slug>` into the
 * address bar, unless the workspace's default view has a query (then a redirect to
 * `/w/<slug>?<view>`); without a session, sign-in; without a workspace, the welcome page.
 */
export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const search = toSearch(await searchParams);
  const migrated = migrateDeprecated(search);
  if (migrated) redirect(`/?${migrated.toString()}`);
  const home = await homeView(search);
  if ("signInFirst" in home) redirect(signInPath("/", search));
  if ("redirect" in home) redirect(home.redirect);
  return <WorkspaceScreen slug={home.slug} search={search} home address={home.address} />;
}
