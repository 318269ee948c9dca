"use client";

import { useState } from "react";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import { noteText } from "./noteText";

const BOX_WIDTH = 220;

interface Props {
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
  notes: readonly AnnotationJson[];
}

/**
 * A note's marker on the time series (drawn by recharts' ReferenceLine as its shape): a line and
 * a flag at the top, reachable with Tab; hovering or focusing it shows the notes of that bucket.
 * The table view lists the same notes, as the chart's text alternative.
 */
export function AnnotationMarker({ x1 = 0, y1 = 0, y2 = 0, notes }: Props) {
  const [shown, setShown] = useState(false);
  const label = notes.map(noteText).join("; ");
  const boxX = x1 > BOX_WIDTH + 16 ? x1 - BOX_WIDTH - 6 : x1 + 6;
  return (
    <g
      role="note"
      tabIndex={0}
      aria-label={`Note: ${label}`}
      className="annotation-marker cursor-default outline-none"
      onMouseEnter={() => setShown(true)}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
    >
      <line x1={x1} x2={x1} y1={y1} y2={y2} className="stroke-amber-500" strokeWidth={1} strokeDasharray="2 2" />
      {/* A wider invisible strip, so the marker is easy to hover. */}
      <rect x={x1 - 6} y={y1} width={12} height={Math.max(0, y2 - y1)} fill="transparent" />
      <circle
        cx={x1}
        cy={y1 + 5}
        r={shown ? 6 : 5}
        className="fill-amber-500 stroke-white"
        strokeWidth={shown ? 2.5 : 1.5}
      />
      {shown && (
        <foreignObject x={boxX} y={y1 + 14} width={BOX_WIDTH} height={Math.max(40, y2 - y1 - 14)} pointerEvents="none">
          <div className="rounded-md border border-amber-300 bg-white px-2 py-1.5 text-xs text-zinc-800 shadow-md">
            {notes.map((note) => (
              <p key={note.id}>{noteText(note)}</p>
            ))}
          </div>
        </foreignObject>
      )}
    </g>
  );
}
