"use client";

import { useId } from "react";
import { Button } from "@/components/ui/Button";

const TOOLS = ["Reveal IPs", "Columns", "Export CSV"] as const;

/** The table's tools when the plan refuses events: shown, disabled, and saying why. */
export function PlanLockedTools({ reason }: { reason: string }) {
  const reasonId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={reasonId} className="text-xs text-zinc-600">
        {reason}
      </span>
      {TOOLS.map((label) => (
        <Button key={label} size="sm" disabled aria-describedby={reasonId}>
          {label}
        </Button>
      ))}
    </div>
  );
}
