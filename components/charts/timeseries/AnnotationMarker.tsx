"use client";

import { useState } from "react";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import { noteText } from "./noteText";

interface Props {
  /** Where the bucket is across the plot (a CSS length). */
  left: string;
  /** The bucket is on the right half: the notes open to its left. */
  openLeft: boolean;
  notes: readonly AnnotationJson[];
}

/**
 * A note's marker on the time series: a dashed line with a flag at the top, reachable with Tab;
 * hovering or focusing it shows the notes of that bucket. The table view lists the same notes, as
 * the chart's text alternative.
 */
export function AnnotationMarker({ left, openLeft, notes }: Props) {
  const [shown, setShown] = useState(false);
  const label = notes.map(noteText).join("; ");
  return (
    <div
      role="note"
      tabIndex={0}
      aria-label={`Note: ${label}`}
      className="annotation-marker group absolute inset-y-0 z-10 w-3 -translate-x-1/2 cursor-default outline-none"
      style={{ left }}
      onMouseEnter={() => setShown(true)}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
    >
      <span aria-hidden="true" className="absolute inset-y-0 left-1/2 border-l border-dashed border-amber-500" />
      <span
        aria-hidden="true"
        className={`absolute left-1/2 top-0 -translate-x-1/2 rounded-full bg-amber-500 ring-white group-focus-visible:ring-indigo-500 ${
          shown ? "size-3 ring-[2.5px]" : "size-2.5 ring-[1.5px]"
        }`}
      />
      {shown && (
        <div
          className={`pointer-events-none absolute top-4 w-[220px] rounded-md border border-amber-300 bg-white px-2 py-1.5 text-xs text-zinc-800 shadow-md ${
            openLeft ? "right-2" : "left-2"
          }`}
        >
          {notes.map((note) => (
            <p key={note.id}>{noteText(note)}</p>
          ))}
        </div>
      )}
    </div>
  );
}
