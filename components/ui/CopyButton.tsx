"use client";

import { useState } from "react";
import { Button } from "./Button";

/**
 * Copies `text` to the clipboard and says so. Where the browser offers no clipboard (a page on
 * plain http beyond this machine), it says how to copy by hand instead.
 */
export function CopyButton({ text, label = "Copy", what }: { text: string; label?: string; what: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(`${what} copied.`);
    } catch {
      setSaid(
        `This browser does not let the page copy: select the ${what.toLowerCase()} and press Ctrl-C (⌘-C on a Mac).`,
      );
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" onClick={() => void copy()} aria-label={`${label} ${what.toLowerCase()}`}>
        {label}
      </Button>
      <span role="status" className="text-xs text-zinc-600">
        {said}
      </span>
    </span>
  );
}
