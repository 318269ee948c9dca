import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { AccessProvider } from "@/components/access/AccessContext";
import { Card } from "@/components/account/fields";
import { DashboardView } from "@/components/dashboard/DashboardView";
import { CountVisit } from "@/components/share/CountVisit";
import { ShareBanner } from "@/components/share/ShareBanner";
import { SharePasswordForm } from "@/components/share/SharePasswordForm";
import { ShareViewAddress } from "@/components/share/ShareViewAddress";
import { ShareLockProvider } from "@/components/access/ShareLockContext";
import { AppHeader } from "@/components/ui/AppHeader";
import { apiScopeOf } from "@/lib/scope/apiScope";
import { ApiScopeProvider } from "@/lib/scope/ApiScopeContext";
import { toSearch } from "@/lib/scope/searchParams";
import { sharePage } from "@/lib/server/pageAccess";
import { prefetchFirstScreen } from "../../_dashboard/prefetch";

export const metadata: Metadata = { title: "Shared view · Linklens", robots: { index: false } };

type Params = Promise<{ token: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A share link: the locked, read-only view for anyone holding the link (and its password). */
export default async function SharedView({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  await connection();
  const { token } = await params;
  const search = toSearch(await searchParams);
  // The first screen of the URL's view is asked for at once, while the link is opened, as a
  // workspace's page does: its requests open the link again through the route functions (lock,
  // password, expiry), so a link that does not open refuses them. At the bare address (no query)
  // the view is the link's own, known once it is opened: its first screen is asked for then.
  const early = search.size > 0 ? prefetchFirstScreen({ kind: "share", token }, search) : null;
  const page = await sharePage(token, search);
  if (page.kind === "gone") {
    return (
      <Card title="Shared view unavailable">
        <p className="text-sm text-zinc-600">{page.message}</p>
      </Card>
    );
  }
  if (page.kind === "password") {
    return (
      <Card title={`“${page.name}” is protected`}>
        <SharePasswordForm token={token} />
      </Card>
    );
  }
  const prefetched = early ?? prefetchFirstScreen({ kind: "share", token }, new URLSearchParams(page.view ?? ""));
  const view = (
    <AccessProvider capabilities={page.capabilities}>
      <ApiScopeProvider scope={apiScopeOf({ kind: "share", token })}>
        <ShareLockProvider lock={page.lock}>
          <AppHeader section="Shared view" />
          <CountVisit token={token} />
          <DashboardView
            prefetched={prefetched}
            title={page.name}
            intro="A view shared with you. Change tabs, pages and granularity, or narrow the filters; the link's lock holds."
            notice={
              <ShareBanner
                name={page.name}
                workspaceName={page.workspaceName}
                lock={page.lock}
                exportAllowed={page.capabilities.export}
                expiresAt={page.expiresAt}
              />
            }
            live={false}
          />
        </ShareLockProvider>
      </ApiScopeProvider>
    </AccessProvider>
  );
  if (page.view === null) return view;
  // The bare address renders the link's view in place (no redirect round trip) and writes it into the address bar.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <ShareViewAddress view={page.view} nonce={nonce}>
      {view}
    </ShareViewAddress>
  );
}
