import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { LeaveWorkspaceButton } from "@/components/account/LeaveWorkspaceButton";
import { SignOutButton } from "@/components/account/SignOutButton";
import { TwoFactorPanel } from "@/components/account/TwoFactorPanel";
import { AppHeader, MAIN_ID } from "@/components/ui/AppHeader";
import { accountPage } from "@/lib/server/accountPage";
import { signInOptions } from "@/lib/server/pageAccess";

export const metadata: Metadata = { title: "Your account · Linklens" };

/** A signed-in person's own page: the workspaces they belong to (and leaving one), and two-factor sign-in. */
export default async function Account() {
  await connection();
  const page = await accountPage();
  // Signed out: sign in first. With sign-in off there are no accounts (sign-in would send the visitor straight back here).
  if (!page) redirect((await signInOptions()).signIn ? "/sign-in?next=%2Faccount" : "/");
  return (
    <>
      <AppHeader section="Account">
        <div className="ml-auto flex items-center gap-2">
          <SignOutButton />
        </div>
      </AppHeader>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-3xl space-y-6 px-4 py-6 focus:outline-none">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Your account</h1>
        <p className="text-sm text-zinc-600">
          Signed in as {page.person.name} ({page.person.email}).
        </p>
        <section
          aria-labelledby="workspaces-heading"
          className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5"
        >
          <h2 id="workspaces-heading" className="font-semibold text-zinc-900">
            Your workspaces
          </h2>
          {page.workspaces.length === 0 ? (
            <p className="text-sm text-zinc-600">You belong to no workspace now. Ask an owner for an invitation.</p>
          ) : (
            <ul className="divide-y divide-zinc-100 text-sm">
              {page.workspaces.map((w) => (
                <li key={w.slug} className="flex flex-wrap items-center gap-2 py-2">
                  <Link href={`/w/${w.slug}`} className="font-medium text-indigo-700 underline">
                    {w.name}
                  </Link>
                  <span className="text-zinc-500">{w.role}</span>
                  <span className="ml-auto">
                    <LeaveWorkspaceButton slug={w.slug} name={w.name} />
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-zinc-500">
            A workspace&apos;s only owner cannot leave it: make another member its owner (Settings → Members → Make
            owner), or delete the workspace.
          </p>
        </section>
        <TwoFactorPanel enabled={page.twoFactorEnabled} hasPassword={page.hasPassword} oidcName={page.oidcName} />
      </main>
    </>
  );
}
