"use client";

import { EyeIcon, EyeOffIcon } from "@/components/ui/icons";

/**
 * A toggle button (aria-pressed): IP addresses stay masked until the user asks to see them.
 * `refusal`: why this requester cannot (a viewer, a share link): the button is disabled and says so.
 */
export function RevealIpsToggle({
  revealed,
  onChange,
  refusal = null,
  describedBy,
}: {
  revealed: boolean;
  onChange: (revealed: boolean) => void;
  refusal?: string | null;
  describedBy?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={revealed}
      disabled={refusal !== null}
      title={refusal ?? undefined}
      aria-describedby={refusal !== null ? describedBy : undefined}
      onClick={() => onChange(!revealed)}
      className={`inline-flex h-8 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
        revealed
          ? "border-amber-300 bg-amber-50 text-amber-900"
          : "border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50"
      } disabled:cursor-not-allowed disabled:opacity-50`}
    >
      {revealed ? <EyeIcon /> : <EyeOffIcon />}
      Reveal IPs
    </button>
  );
}
