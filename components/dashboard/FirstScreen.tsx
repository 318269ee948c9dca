import { HydrationBoundary } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { FirstScreenData } from "@/lib/queries/firstScreenReplies";
import { RefusedReads } from "./RefusedReads";
import { StreamedReplies } from "./StreamedReplies";

/**
 * The first screen's replies, fetched by the server while the page renders, handed to React Query
 * (its documented server-rendering path): rendered once the key figures' replies are in, so they
 * are in the HTML; the replies still out then (the comparison) are streamed to the browser's cache
 * after it; the reads the plan refused are held as refused, so the page says the plan's notice in the
 * HTML. Rendered inside a Suspense boundary, so the rest of the page streams meanwhile.
 */
export async function FirstScreen({ data, children }: { data: Promise<FirstScreenData | null>; children: ReactNode }) {
  const first = await data;
  if (!first) return <>{children}</>;
  return (
    <HydrationBoundary state={first.state}>
      {first.streamed.length > 0 && <StreamedReplies replies={first.streamed} />}
      {first.refused.length > 0 ? <RefusedReads refused={first.refused}>{children}</RefusedReads> : children}
    </HydrationBoundary>
  );
}
