"use client";

import type { RequestError } from "@/lib/queries/requestError";
import { Button } from "@/components/ui/Button";
import { Alert } from "@/components/ui/Alert";
import { Notice } from "./Notice";
import { useCountdown } from "./useCountdown";

interface Props {
  error: RequestError;
  onRetry: () => void;
  retrying: boolean;
}

const seconds = (n: number) => `${n} second${n === 1 ? "" : "s"}`;

/** One message per failure the platform or the proxy can report. */
export function EventsError({ error, onRetry, retrying }: Props) {
  const retry = (
    <Button variant="primary" size="sm" onClick={onRetry} disabled={retrying}>
      {retrying ? "Retrying…" : "Retry"}
    </Button>
  );
  const detail = <PlatformMessage error={error} />;

  switch (true) {
    // Said once, at the top of the page (KeyRefusedNotice), with the way to fix it.
    case error.refusedBy === "workspace-key":
      return (
        <p className="py-8 text-center text-sm text-zinc-500">
          Unavailable: the platform refused this workspace&apos;s key (see above).
        </p>
      );
    case error.refusedBy === "share-lock":
      return (
        <Notice role="status" tone="neutral" title="Outside this shared link">
          <p>{error.message}</p>
          <p className="mt-2 text-xs text-zinc-500">The link&apos;s lock holds: narrow the view within it.</p>
        </Notice>
      );
    case error.status === 401:
      return (
        <Notice role="alert" tone="danger" title="The API key was rejected">
          <p>
            The API key was rejected by the link platform. Check LINK_API_KEY in the dashboard&apos;s server
            environment.
          </p>
          {detail}
        </Notice>
      );
    case error.status === 403:
      return (
        <Notice role="alert" tone="warning" title="Events require the Business plan">
          <p>
            Events require the Business plan or higher. Upgrade the workspace, or use a key of a workspace on that plan.
          </p>
          {detail}
        </Notice>
      );
    case error.status === 429:
      return <RateLimited error={error} onRetry={onRetry} retrying={retrying} />;
    case error.status === 400 || error.status === 422:
      return (
        <Notice role="alert" tone="warning" title="The platform refused this view">
          <p>{error.message}</p>
          <p className="mt-2 text-xs text-zinc-500">Change or remove that filter to continue.</p>
        </Notice>
      );
    case error.status === 502 || error.status === 504 || error.code === "network_error":
      return (
        <Notice role="alert" tone="danger" title="The platform could not be reached" actions={retry}>
          <p>{error.message}</p>
        </Notice>
      );
    case error.code === "invalid_response":
      return (
        <Notice role="alert" tone="danger" title="The platform sent an unexpected reply" actions={retry}>
          <p>{error.message}</p>
        </Notice>
      );
    default:
      return (
        <Notice role="alert" tone="danger" title="Events could not be loaded" actions={retry}>
          <p>{error.message}</p>
        </Notice>
      );
  }
}

function RateLimited({ error, onRetry, retrying }: Props) {
  const wait = Math.max(1, error.retryAfter ?? 2);
  const left = useCountdown(wait, onRetry);
  return (
    <Notice
      role="alert"
      tone="warning"
      title="Rate limit reached"
      actions={
        <Button variant="primary" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying…" : "Retry now"}
        </Button>
      }
    >
      <p>
        The platform asks to wait {seconds(wait)}.{" "}
        {retrying ? "Retrying…" : left > 0 ? `Retrying automatically in ${seconds(left)}.` : "Retrying…"}
      </p>
      <PlatformMessage error={error} />
    </Notice>
  );
}

function PlatformMessage({ error }: { error: RequestError }) {
  return <p className="mt-2 text-xs text-zinc-500">Platform message: {error.message}</p>;
}

/** Shown above kept rows while a rate-limited request waits for its automatic retry. */
export function RateLimitBanner({ error }: { error: RequestError }) {
  const wait = Math.max(1, error.retryAfter ?? 2);
  const left = useCountdown(wait);
  return (
    <Alert tone="warning" title="Rate limit reached">
      The platform asks to wait {seconds(wait)}. {left > 0 ? `Retrying in ${seconds(left)}…` : "Retrying…"}
    </Alert>
  );
}
