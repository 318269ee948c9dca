"use client";

import { HydrationBoundary } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import type { RefusedRead } from "@/lib/queries/firstScreenReplies";
import { refusedState } from "@/lib/queries/refusedReads";

/** The first screen's reads the plan refused, in the browser's cache as refused from the first render (lib/queries/refusedReads.ts). */
export function RefusedReads({ refused, children }: { refused: RefusedRead[]; children: ReactNode }) {
  const state = useMemo(() => refusedState(refused), [refused]);
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
