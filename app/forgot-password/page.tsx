import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Card } from "@/components/account/fields";
import { ForgotPasswordForm } from "@/components/account/ForgotPasswordForm";
import { signInOptions } from "@/lib/server/pageAccess";
import { canMail } from "@/lib/server/resetPage";

export const metadata: Metadata = { title: "Forgot password · Linklens" };

export default async function ForgotPassword() {
  await connection();
  const options = await signInOptions();
  if (!options.signIn) redirect("/");
  return (
    <Card title="Reset your password">
      {(await canMail()) ? (
        <ForgotPasswordForm />
      ) : (
        <p role="status" className="text-sm text-zinc-700">
          This dashboard has no mail server (SMTP_URL), so it cannot mail a reset link: ask a workspace owner to set
          one, or to invite you again.
        </p>
      )}
      <a className="text-sm font-medium text-indigo-700 underline" href="/sign-in">
        Back to sign-in
      </a>
    </Card>
  );
}
