import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Card } from "@/components/account/fields";
import { SetupForm } from "@/components/account/SetupForm";
import { signInOptions } from "@/lib/server/pageAccess";

export const metadata: Metadata = { title: "Set up · Linklens", robots: { index: false } };

/** The first owner's account, through the link printed on the console at first start. */
export default async function Setup({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const options = await signInOptions();
  if (!options.signIn || options.anyAccount) redirect("/");
  return (
    <Card title="Create the first owner">
      <p className="text-sm text-zinc-600">This account owns every workspace and invites the rest of the team.</p>
      <SetupForm token={token} />
    </Card>
  );
}
