"use client";

import { useState } from "react";
import type { ViewProblem } from "@/lib/filters/view";
import type { RangeChoice } from "@/lib/filters/useView";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { problemText } from "./filterText";

const keyOf = (p: ViewProblem) => `${p.param}=${p.value}`;

interface Props {
  problems: readonly ViewProblem[];
  /** Sets the range (the reversed range's swap writes through it). */
  onRange: (range: RangeChoice) => void;
}

/** URL values the contract rejected: named, explained, and ignored by the view; a reversed range can be swapped. */
export function ViewProblems({ problems, onRange }: Props) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = problems.filter((p) => !dismissed.has(keyOf(p)));
  if (shown.length === 0) return null;
  const dismiss = (problem: ViewProblem) => setDismissed((prev) => new Set(prev).add(keyOf(problem)));

  return (
    <div className="space-y-2">
      {shown.map((problem) =>
        problem.swapped ? (
          <Alert
            key={keyOf(problem)}
            tone="warning"
            title="This link's date range is reversed"
            onDismiss={() => dismiss(problem)}
            dismissLabel="Dismiss the message about the date range"
            actions={
              <Button size="sm" onClick={() => onRange({ interval: null, ...problem.swapped })}>
                {`Show ${problem.swapped.start} to ${problem.swapped.end}`}
              </Button>
            }
          >
            {problem.message}
          </Alert>
        ) : (
          <Alert
            key={keyOf(problem)}
            tone="warning"
            onDismiss={() => dismiss(problem)}
            dismissLabel={`Dismiss the message about ${problem.param}`}
          >
            Ignored <code className="rounded bg-amber-100 px-1 font-mono text-xs">{keyOf(problem)}</code>:{" "}
            {problemText(problem.message)}
            {(problem.param === "start" || problem.param === "end") && " The range's other date is left out too."}
          </Alert>
        ),
      )}
    </div>
  );
}
