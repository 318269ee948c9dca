import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * The first screen's replies, fetched by the server while the page renders, handed to React Query
 * with the HTML (its documented server-rendering path): the figures are in the first paint, and the
 * browser asks only for what was not there. Rendered inside a Suspense boundary, so the rest of the
 * page streams meanwhile.
 */
export async function FirstScreen({
  state,
  children,
}: {
  state: Promise<DehydratedState | null>;
  children: ReactNode;
}) {
  const dehydrated = await state;
  return dehydrated ? <HydrationBoundary state={dehydrated}>{children}</HydrationBoundary> : <>{children}</>;
}
