"use client";

import { useQuery } from "@tanstack/react-query";
import { useApiScope } from "../scope/ApiScopeContext";
import { detailQuery, type DetailRef } from "../events/detailRef";
import { PRIORITY } from "./fetchJson";
import type { ReadEvent } from "./readEvents";
import { eventsQueryOptions } from "./useEvents";

const idOf = (event: ReadEvent) => (event.event === "click" ? event.click.id : event.eventId);

/**
 * The open event when it is not on the page the URL names (a fresh reader, new events since): one
 * request for its kind over the millisecond it happened. Undefined while unknown, null when not found.
 */
export function useEventDetail(ref: DetailRef | null, enabled: boolean, revealIps: boolean) {
  const scope = useApiScope();
  const at = ref?.at ?? null;
  const query = ref && at ? detailQuery({ ...ref, at }) : null;
  const result = useQuery({
    ...eventsQueryOptions(
      scope,
      query ?? detailQuery({ kind: "click", id: "-", at: "1970-01-01T00:00:00.000Z" }),
      PRIORITY.visible,
      revealIps,
    ),
    enabled: enabled && query !== null,
  });
  const event = result.data
    ? (result.data.events.find((e) => e.event === ref?.kind && idOf(e) === ref.id) ?? null)
    : undefined;
  return { event: query ? event : null, error: result.error };
}
