"use client";

import type { ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import type { RequestError } from "@/lib/queries/requestError";

function errorTitle(error: RequestError): string {
  if (error.status === 429) return "Rate limited";
  if (error.status === 403) return "Not available on this plan";
  if (error.status === 401) return "API key rejected";
  if (error.status === 0 || error.status >= 500) return "The platform could not be reached";
  return "Could not load this chart";
}

/** What a chart shows instead of numbers when its request failed. */
export function ChartError({ error, onRetry }: { error: RequestError; onRetry: () => void }) {
  // Said once, at the top of the page (KeyRefusedNotice), with the way to fix it.
  if (error.refusedBy === "workspace-key")
    return <ChartEmpty>Unavailable: the platform refused this workspace&apos;s key (see above).</ChartEmpty>;
  if (error.refusedBy === "share-lock") {
    return (
      <Alert tone="info" title="Outside this shared link">
        {error.message} The link&apos;s lock holds: narrow the view within it.
      </Alert>
    );
  }
  const wait = error.status === 429 && error.retryAfter !== null ? ` Retry in ${error.retryAfter} s.` : "";
  return (
    <Alert
      tone="error"
      title={errorTitle(error)}
      actions={
        // A plan refusal does not change on a retry.
        error.status === 403 ? undefined : (
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      {error.message}
      {wait}
    </Alert>
  );
}

export function ChartEmpty({ children }: { children: ReactNode }) {
  return <p className="flex flex-1 items-center justify-center py-8 text-sm text-zinc-500">{children}</p>;
}

/** Grey placeholder bars with the same rhythm as the rows they stand for. */
export function SkeletonRows({ rows, label }: { rows: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-1.5">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-7" />
      ))}
    </div>
  );
}
