import Link from "next/link";
import { AppHeader, MAIN_ID } from "@/components/ui/AppHeader";

/** Any address the dashboard does not have, in the app's own frame instead of Next's bare page. */
export default function NotFound() {
  return (
    <>
      <AppHeader section="Not found" />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto mt-12 max-w-lg px-4 focus:outline-none">
        <section className="space-y-3 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
          <h1 className="text-lg font-semibold text-zinc-900">This page does not exist</h1>
          <p className="text-sm text-zinc-600">
            Check the address, or{" "}
            <Link href="/" className="font-medium text-indigo-700 underline">
              go to your dashboard
            </Link>
            .
          </p>
        </section>
      </main>
    </>
  );
}
