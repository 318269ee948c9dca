"use client";

import { useContext, useMemo, useSyncExternalStore } from "react";
import { ServerNowContext } from "./serverNow";

const MINUTE = 60_000;

// Checks often so a new minute shows promptly; renders only when the minute changes.
function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, 10_000);
  return () => clearInterval(timer);
}

const currentMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE;

/**
 * The current time floored to the minute. While rendering on the server and hydrating it is the
 * minute the server rendered at (ServerNowProvider), else null: anything computed from "now" must
 * not differ between the server's HTML and the browser's first render. The same Date object is
 * returned until the minute changes.
 */
export function useNow(): Date | null {
  const serverMinute = useContext(ServerNowContext);
  const minute = useSyncExternalStore<number | null>(subscribe, currentMinute, () => serverMinute);
  return useMemo(() => (minute === null ? null : new Date(minute)), [minute]);
}
