import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { NoAccess } from "@/components/access/NoAccess";
import { ACTION_LABELS } from "@/components/activity/actionLabels";
import { INPUT_CLASS } from "@/components/account/fields";
import { AppHeader, MAIN_ID } from "@/components/ui/AppHeader";
import { WorkspaceBar } from "@/components/workspace/WorkspaceBar";
import { signInPath } from "@/lib/scope/signInPath";
import { ACTIVITY_PAGE_LIMIT as PAGE_LIMIT, activityEntries } from "@/lib/server/activityPage";
import { workspacePage } from "@/lib/server/pageAccess";

export const metadata: Metadata = { title: "Activity · Linklens" };

/** Every action, in the order the labels list them (an exhaustive map over the activity log's actions). */
const ACTIONS = Object.keys(ACTION_LABELS) as (keyof typeof ACTION_LABELS)[];

type Search = Record<string, string | string[] | undefined>;

function searchOf(raw: Search): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ["action", "actor", "from", "to"]) {
    const value = raw[key];
    if (typeof value === "string" && value) search.set(key, value);
  }
  return search;
}

/** Owners: who changed what in the workspace, and when and from where; filters and a CSV file. */
export default async function WorkspaceActivity({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Search>;
}) {
  await connection();
  const { slug } = await params;
  const page = await workspacePage(slug);
  const search = searchOf(await searchParams);
  if ("signInFirst" in page) redirect(signInPath(`/w/${encodeURIComponent(slug)}/activity`, search));
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
  const read = await activityEntries(page.access.workspaceId, search);
  const entries = read.ok ? read.entries : [];
  const csv = new URLSearchParams(search);
  csv.set("format", "csv");
  return (
    <>
      <AppHeader section="Activity">
        <WorkspaceBar
          slug={page.workspace.slug}
          workspaces={page.workspaces}
          capabilities={page.capabilities}
          personName={page.person?.name ?? null}
          role="owner"
          signIn={page.signIn}
        />
      </AppHeader>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-5xl space-y-4 px-4 py-6 focus:outline-none">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{page.workspace.name}: activity</h1>
        <p className="text-sm text-zinc-600">
          Every change made in this workspace, and its members&apos; sign-ins, newest first. Times are UTC.
        </p>
        <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the activity">
          <label className="text-sm text-zinc-700">
            What
            <select name="action" defaultValue={search.get("action") ?? ""} className={`${INPUT_CLASS} block`}>
              <option value="">Everything</option>
              {ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {ACTION_LABELS[action]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm text-zinc-700">
            Who (email)
            <input name="actor" defaultValue={search.get("actor") ?? ""} className={`${INPUT_CLASS} block`} />
          </label>
          <label className="text-sm text-zinc-700">
            From
            <input type="date" name="from" defaultValue={search.get("from") ?? ""} className={`${INPUT_CLASS} block`} />
          </label>
          <label className="text-sm text-zinc-700">
            To
            <input type="date" name="to" defaultValue={search.get("to") ?? ""} className={`${INPUT_CLASS} block`} />
          </label>
          <button type="submit" className="rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white">
            Apply
          </button>
          <a
            href={`/api/w/${encodeURIComponent(page.workspace.slug)}/activity?${csv}`}
            className="rounded-md border border-zinc-300 px-3 py-2 text-sm text-zinc-800"
            download
          >
            Download CSV
          </a>
        </form>
        {!read.ok && (
          <p role="alert" className="text-sm text-red-700">
            {read.message}
          </p>
        )}
        {read.ok && entries.length === 0 ? (
          <p className="text-sm text-zinc-600">Nothing matches these filters.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-zinc-500">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  When (UTC)
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Who
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  What
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Target
                </th>
                <th scope="col" className="py-2 font-medium">
                  From
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t border-zinc-100 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                    {new Date(entry.at).toISOString().slice(0, 19).replace("T", " ")}
                  </td>
                  <td className="py-2 pr-3">
                    {entry.actor_email ??
                      (entry.action === "share.unlocked" ? "A share link's visitor" : "This machine (no sign-in)")}
                  </td>
                  <td className="py-2 pr-3">{ACTION_LABELS[entry.action] ?? entry.action}</td>
                  <td className="py-2 pr-3 break-all">{entry.target ?? ""}</td>
                  <td className="py-2 tabular-nums">{entry.client_address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {entries.length === PAGE_LIMIT && (
          <p className="text-sm text-zinc-600">
            The newest {PAGE_LIMIT} are shown: narrow the filters, or download the CSV (up to 10,000).
          </p>
        )}
      </main>
    </>
  );
}
