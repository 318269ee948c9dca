import Link from "next/link";
import { SignOutButton } from "@/components/account/SignOutButton";
import { AppHeader, MAIN_ID } from "@/components/ui/AppHeader";

/** What the person asked for that their role does not open. */
export type NoAccessReason = "workspace" | "settings" | "shares" | "sso";

interface Props {
  reason: NoAccessReason;
  /** The signed-in person's name, when known (none on the loopback dashboard). */
  personName: string | null;
  /** The workspaces they do belong to: where they can go instead. */
  workspaces: readonly { slug: string; name: string }[];
  /** The workspace whose page they are on, for "settings": its dashboard is open to them. */
  workspace?: { slug: string; name: string };
  signIn: boolean;
}

const TITLE: Record<NoAccessReason, string> = {
  workspace: "You do not have access to this workspace",
  settings: "Settings are for owners of this workspace",
  shares: "Share links are made by members and owners",
  sso: "This workspace requires single sign-on",
};

const WHY: Record<NoAccessReason, string> = {
  workspace:
    "This address is a workspace you are not a member of (or no longer are), or one that does not exist. Ask an owner of this workspace to invite you.",
  settings:
    "Members, share links, keys and the workspace itself are managed by its owners. Ask an owner of this workspace for what you need changed.",
  shares:
    "As a viewer you open the workspace's dashboard and shared views, but do not make share links. Ask an owner of this workspace if you need one.",
  sso: "Its owners require everyone to sign in through your organisation's single sign-on, and this session was opened with a password. Sign out, then use the single sign-on button on the sign-in page; your other workspaces stay open either way.",
};

/**
 * The one "no access" page, in the app's own frame (header, who is signed in, sign out): another
 * workspace's address, a workspace one was removed from, a member opening Settings. It says what
 * to do (ask an owner) and where one can go instead.
 */
export function NoAccess({ reason, personName, workspaces, workspace, signIn }: Props) {
  const elsewhere = workspaces.filter(
    (w) => w.slug !== workspace?.slug || (reason !== "workspace" && reason !== "sso"),
  );
  return (
    <>
      <AppHeader section="No access">
        <div className="ml-auto flex items-center gap-2">
          {personName && <span className="hidden text-sm text-zinc-500 md:inline">Signed in as {personName}</span>}
          {signIn && <SignOutButton />}
        </div>
      </AppHeader>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto mt-12 max-w-lg space-y-4 px-4 focus:outline-none">
        <section
          aria-labelledby="no-access-title"
          className="space-y-3 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm"
        >
          <h1 id="no-access-title" className="text-lg font-semibold text-zinc-900">
            {TITLE[reason]}
          </h1>
          <p className="text-sm text-zinc-600">{WHY[reason]}</p>
          {elsewhere.length > 0 ? (
            <nav aria-label="Your workspaces" className="space-y-1">
              <p className="text-sm font-medium text-zinc-700">
                {reason !== "workspace" ? "Go back to" : "Your workspaces"}
              </p>
              <ul className="space-y-1">
                {elsewhere.map((w) => (
                  <li key={w.slug}>
                    <Link
                      href={`/w/${encodeURIComponent(w.slug)}`}
                      className="text-sm font-medium text-indigo-700 underline"
                    >
                      {w.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : (
            <p className="text-sm text-zinc-600">
              You are not a member of any workspace yet: an owner can send you an invitation.
            </p>
          )}
        </section>
      </main>
    </>
  );
}
