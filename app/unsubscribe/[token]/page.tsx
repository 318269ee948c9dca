import type { Metadata } from "next";
import { connection } from "next/server";

export const metadata: Metadata = { title: "Unsubscribe · Linklens" };

/** A report mail's unsubscribe link: one button, no sign-in (the token in the path is signed); the POST does it, so link scanners that only open pages do not. */
export default async function Unsubscribe({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ done?: string }>;
}) {
  await connection();
  const { token } = await params;
  const { done } = await searchParams;
  return (
    <main className="mx-auto max-w-md space-y-4 px-4 py-16">
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Unsubscribe</h1>
      {done ? (
        <p role="status" className="text-sm text-zinc-700">
          You are unsubscribed: this report will not be mailed to you again.
        </p>
      ) : (
        <form method="post" action={`/api/unsubscribe/${encodeURIComponent(token)}`} className="space-y-3">
          <p className="text-sm text-zinc-700">Stop receiving this report by email?</p>
          <button
            type="submit"
            className="rounded-md bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-zinc-700"
          >
            Unsubscribe
          </button>
        </form>
      )}
    </main>
  );
}
