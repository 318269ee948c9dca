import type { Metadata } from "next";
import { connection } from "next/server";
import { Card } from "@/components/account/fields";
import { SignOutButton } from "@/components/account/SignOutButton";

export const metadata: Metadata = { title: "Welcome · Linklens" };

/** A signed-in person who belongs to no workspace yet. */
export default async function Welcome() {
  await connection();
  return (
    <Card title="No workspace yet">
      <p className="text-sm text-zinc-600">
        You are signed in, but no workspace has you as a member. Ask an owner for an invitation link.
      </p>
      <SignOutButton />
    </Card>
  );
}
