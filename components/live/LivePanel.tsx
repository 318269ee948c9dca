"use client";

import dynamic from "next/dynamic";
import { useView } from "@/lib/filters/useView";
import { useLiveSwitch } from "@/lib/url/useUrlState";
import { Skeleton } from "@/components/ui/Skeleton";

/** The live view's code (its stream, chart and feed) loads when it is opened, not on a first visit. */
const LiveSection = dynamic(() => import("./LiveSection").then((m) => m.LiveSection), {
  ssr: false,
  loading: () => <Skeleton className="h-64 w-full rounded-xl" />,
});

/** The live view, when the URL has it open (`live=1`). */
export function LivePanel() {
  const view = useView();
  const [open, setOpen] = useLiveSwitch();
  return open ? <LiveSection view={view} onClose={() => setOpen(false)} /> : null;
}
