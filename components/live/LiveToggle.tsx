"use client";

import { useId } from "react";
import { useCapabilities } from "@/components/access/AccessContext";
import { LIVE_OFF_ON_SHARES } from "@/lib/filters/lockedControls";
import { useLiveSwitch } from "@/lib/url/useUrlState";
import { buttonClass } from "@/components/ui/Button";

/** Opens and closes the live view; the URL says whether it is open, so a shared link opens it too. On a share link it is off, and says so. */
export function LiveToggle() {
  const [open, setOpen] = useLiveSwitch();
  const { shared } = useCapabilities();
  const reasonId = useId();
  if (shared) {
    return (
      <span className="inline-flex items-center gap-2">
        <button
          type="button"
          aria-pressed={false}
          disabled
          aria-describedby={reasonId}
          className={buttonClass("secondary", "md", "cursor-not-allowed opacity-50")}
        >
          <span aria-hidden="true" className="size-2 rounded-full bg-zinc-400" />
          Live
        </button>
        <span id={reasonId} className="text-xs text-zinc-600">
          {LIVE_OFF_ON_SHARES}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={open}
      onClick={() => setOpen(!open)}
      className={buttonClass(open ? "primary" : "secondary", "md")}
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${open ? "animate-pulse bg-emerald-400" : "bg-zinc-400"}`}
      />
      Live
    </button>
  );
}
