"use client";

import { useEffect, useRef, useState } from "react";

/** Seconds left from `seconds` down to 0, ticking once a second; `onDone` runs once at 0. Remount (key) to restart. */
export function useCountdown(seconds: number, onDone?: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    const endsAt = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        done.current?.();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [seconds]);

  return left;
}
