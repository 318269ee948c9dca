import type { RequestError } from "@/lib/queries/requestError";

/** Where the charts would be, once, when the workspace's plan has no analytics. */
export function PlanNotice({ error }: { error: RequestError }) {
  return (
    <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-6 py-8 text-center">
      <p className="text-sm font-semibold text-zinc-900">Charts need the Pro plan or higher</p>
      <p className="mx-auto mt-1.5 max-w-xl text-sm text-zinc-700">
        This workspace&apos;s plan includes no analytics: upgrade it, or use the key of a workspace on Pro or higher.
      </p>
      <p className="mx-auto mt-2 max-w-xl text-xs text-zinc-600">The platform said: {error.message}</p>
    </div>
  );
}
