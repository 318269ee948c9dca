"use client";

import { useSyncExternalStore } from "react";

/** The time, in steps of `stepMs`, while mounted in the browser (0 on the server: the live view renders only in the browser). */
export function useTicker(stepMs: number): number {
  return useSyncExternalStore(
    (onChange) => {
      const timer = setInterval(onChange, stepMs);
      return () => clearInterval(timer);
    },
    () => Math.floor(Date.now() / stepMs) * stepMs,
    () => 0,
  );
}
