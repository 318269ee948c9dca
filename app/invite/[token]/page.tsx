import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Card } from "@/components/account/fields";
import { InviteAccept } from "@/components/account/InviteAccept";
import { ROLE_SUMMARY } from "@/lib/access/roleSummary";
import { invitationPage } from "@/lib/server/invitationPage";
import { signInOptions } from "@/lib/server/pageAccess";

export const metadata: Metadata = { title: "Invitation · Linklens", robots: { index: false } };

/** An invitation: which workspace, which role, who invites; or, before any form, why the link no longer works. */
export default async function Invite({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const options = await signInOptions();
  if (!options.signIn) redirect("/");
  const page = await invitationPage(token);
  if (page.kind === "gone") {
    return (
      <Card title="This invitation cannot be used">
        <p role="alert" className="text-sm text-zinc-700">
          {page.message}
        </p>
        <a className="text-sm font-medium text-indigo-700 underline" href="/sign-in">
          Go to sign-in
        </a>
      </Card>
    );
  }
  const { details } = page;
  return (
    <Card title={`Join ${details.workspaceName} on Linklens`}>
      <p className="text-sm text-zinc-700">
        {details.inviterName ?? "An owner"} invites you to the workspace <strong>{details.workspaceName}</strong> as{" "}
        <strong>{details.role}</strong>: {ROLE_SUMMARY[details.role]}.
      </p>
      <p className="text-sm text-zinc-500">
        {details.email ? `For ${details.email} only. ` : ""}Valid until {details.expiresAt.slice(0, 10)} (UTC), once.
      </p>
      <InviteAccept
        token={token}
        signedInAs={options.person?.email ?? null}
        oidcName={options.oidcName}
        invitedEmail={details.email}
      />
    </Card>
  );
}
