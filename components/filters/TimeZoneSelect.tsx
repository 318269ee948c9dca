"use client";

import { useId, useSyncExternalStore } from "react";
import type { ViewState } from "@/lib/filters/useView";
import { useUrlTimeZone } from "@/lib/url/useUrlState";
import { ChevronDownIcon, GlobeIcon } from "@/components/ui/icons";
import { zoneGroups, zoneLabel, type ZoneGroup } from "./timeZones";

const subscribeNever = () => () => {};
const NO_ZONES: ZoneGroup[] = [];
const noZones = () => NO_ZONES;
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const unknownZone = () => null;

/** The view's zone, always in the URL (the browser's until the user picks another). */
export function TimeZoneSelect({ view }: { view: ViewState }) {
  const id = useId();
  // The server cannot know the browser's zone: until hydrated, no zone is called the browser's, and
  // a URL naming none shows a neutral placeholder instead of a zone it is not ("UTC (browser)").
  const browserZone = useSyncExternalStore(subscribeNever, browserTimeZone, unknownZone);
  const urlZone = useUrlTimeZone();
  // The zone list differs between runtimes: the server renders only the current zone.
  const groups = useSyncExternalStore(subscribeNever, zoneGroups, noZones);
  const pending = browserZone === null && urlZone === null;
  const current = pending ? "" : view.query.timezone;
  const pinned = pending ? [] : [...new Set(["UTC", ...(browserZone ? [browserZone] : []), current])];

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Time zone
      </label>
      <GlobeIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500" />
      <select
        id={id}
        value={current}
        onChange={(event) => view.setTimeZone(event.target.value)}
        disabled={pending}
        className="h-9 w-64 appearance-none truncate rounded-lg border border-zinc-200 bg-white pr-8 pl-8 text-sm font-medium text-zinc-800 shadow-xs hover:border-zinc-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        {pending && <option value="">Time zone…</option>}
        {pinned.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
            {zone === browserZone ? " (browser)" : ""}
          </option>
        ))}
        {groups.map((group) => (
          <optgroup key={group.area} label={group.area}>
            {group.zones
              .filter((zone) => !pinned.includes(zone))
              .map((zone) => (
                <option key={zone} value={zone}>
                  {zoneLabel(zone)}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-zinc-400" />
    </div>
  );
}
