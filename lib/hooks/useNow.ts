"use client";

import { useSyncExternalStore } from "react";

const MINUTE = 60_000;
const currentMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE;

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, MINUTE);
  return () => clearInterval(timer);
}

/**
 * The current time floored to the minute, as a render-safe value (rendering stays pure and
 * the value is stable between renders within a minute). For choices that depend on the
 * range's length, never for exact bounds.
 */
export function useNow(): Date {
  const minute = useSyncExternalStore(subscribe, currentMinute, currentMinute);
  return new Date(minute);
}
