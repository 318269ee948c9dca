"use client";

import { useMemo, useSyncExternalStore } from "react";

const MINUTE = 60_000;

function subscribe(onChange: () => void) {
  const timer = setInterval(onChange, 10_000);
  return () => clearInterval(timer);
}

const minuteNow = () => Math.floor(Date.now() / MINUTE) * MINUTE;
const serverNow = () => 0;

/**
 * The current minute, or null while rendering on the server and hydrating: anything computed
 * from "now" must not differ between the server's HTML and the browser's first render.
 */
export function useNow(): Date | null {
  const at = useSyncExternalStore(subscribe, minuteNow, serverNow);
  return useMemo(() => (at === 0 ? null : new Date(at)), [at]);
}
