"use client";

import { useState } from "react";
import type { ViewProblem } from "@/lib/filters/view";
import { Alert } from "@/components/ui/Alert";
import { problemText } from "./filterText";

const keyOf = (p: ViewProblem) => `${p.param}=${p.value}`;

/** URL values the contract rejected: named, explained, and ignored by the view. */
export function ViewProblems({ problems }: { problems: readonly ViewProblem[] }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = problems.filter((p) => !dismissed.has(keyOf(p)));
  if (shown.length === 0) return null;

  return (
    <div className="space-y-2">
      {shown.map((problem) => (
        <Alert
          key={keyOf(problem)}
          tone="warning"
          onDismiss={() => setDismissed((prev) => new Set(prev).add(keyOf(problem)))}
          dismissLabel={`Dismiss the message about ${problem.param}`}
        >
          Ignored <code className="rounded bg-amber-100 px-1 font-mono text-xs">{keyOf(problem)}</code>: {problemText(problem.message)}
        </Alert>
      ))}
    </div>
  );
}
