"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";

/** The header's way to the workspace's reports and alerts, carrying the view on screen so a report or alert can be made from it. */
export function ReportsLink({ slug }: { slug: string }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const onView = pathname === `/w/${slug}` && search.size > 0;
  const href = `/w/${slug}/reports${onView ? `?${new URLSearchParams({ view: `?${search.toString()}` }).toString()}` : ""}`;
  return (
    <Link href={href} className="rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100">
      Reports &amp; alerts
    </Link>
  );
}
