"use client";

import { EyeIcon, EyeOffIcon } from "@/components/ui/icons";

/** A toggle button (aria-pressed): IP addresses stay masked until the user asks to see them. */
export function RevealIpsToggle({ revealed, onChange }: { revealed: boolean; onChange: (revealed: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={revealed}
      onClick={() => onChange(!revealed)}
      className={`inline-flex h-8 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
        revealed ? "border-amber-300 bg-amber-50 text-amber-900" : "border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50"
      }`}
    >
      {revealed ? <EyeIcon /> : <EyeOffIcon />}
      Reveal IPs
    </button>
  );
}
