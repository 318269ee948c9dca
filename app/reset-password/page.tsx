import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Card } from "@/components/account/fields";
import { ResetPasswordForm } from "@/components/account/ResetPasswordForm";
import { resetLinkState } from "@/lib/server/resetPage";

export const metadata: Metadata = { title: "New password · Linklens", robots: { index: false } };

/** A reset link's page: a used or expired link says so before any form. */
export default async function ResetPassword({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  await connection();
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const state = await resetLinkState(token);
  if (state === "no-sign-in") redirect("/");
  if (state === "invalid") {
    return (
      <Card title="This reset link cannot be used">
        <p role="alert" className="text-sm text-zinc-700">
          It has been used already, has expired (links work for an hour), or was never made.
        </p>
        <a className="text-sm font-medium text-indigo-700 underline" href="/forgot-password">
          Ask for a new link
        </a>
      </Card>
    );
  }
  return (
    <Card title="Choose a new password">
      <ResetPasswordForm token={token} />
    </Card>
  );
}
