"use client";

import { useLiveSwitch } from "@/lib/url/useUrlState";
import { buttonClass } from "@/components/ui/Button";

/** Opens and closes the live view; the URL says whether it is open, so a shared link opens it too. */
export function LiveToggle() {
  const [open, setOpen] = useLiveSwitch();
  return (
    <button type="button" aria-pressed={open} onClick={() => setOpen(!open)} className={buttonClass(open ? "primary" : "secondary", "md")}>
      <span aria-hidden="true" className={`size-2 rounded-full ${open ? "animate-pulse bg-emerald-400" : "bg-zinc-400"}`} />
      Live
    </button>
  );
}
