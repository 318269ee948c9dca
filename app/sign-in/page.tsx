import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Card } from "@/components/account/fields";
import { SignInForm } from "@/components/account/SignInForm";
import { safeNext } from "@/lib/scope/safeNext";
import { signInOptions } from "@/lib/server/pageAccess";

export const metadata: Metadata = { title: "Sign in · Linklens" };

export default async function SignIn({ searchParams }: { searchParams: Promise<{ next?: string; error?: string }> }) {
  await connection();
  const { next, error } = await searchParams;
  const options = await signInOptions();
  if (!options.signIn || options.person) redirect(safeNext(next));
  return (
    <Card title="Sign in to Linklens">
      {!options.anyAccount && (
        <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          No account exists yet: open the setup link the dashboard printed on its console at start.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          Single sign-on did not complete; retry.
        </p>
      )}
      <SignInForm next={safeNext(next)} oidcName={options.oidcName} />
      <a className="block text-sm text-indigo-700 underline" href="/forgot-password">
        Forgot your password?
      </a>
    </Card>
  );
}
