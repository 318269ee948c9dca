import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Card } from "@/components/account/fields";
import { InviteAccept } from "@/components/account/InviteAccept";
import { signInOptions } from "@/lib/server/pageAccess";

export const metadata: Metadata = { title: "Invitation · Linklens", robots: { index: false } };

export default async function Invite({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const options = await signInOptions();
  if (!options.signIn) redirect("/");
  return (
    <Card title="You are invited to Linklens">
      <InviteAccept token={token} signedInAs={options.person?.email ?? null} oidcName={options.oidcName} />
    </Card>
  );
}
