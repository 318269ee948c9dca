import type { ReactNode } from "react";
import { CloseIcon } from "@/components/ui/icons";

export interface ChipProps {
  /** The chip's content; often a button that opens an editor. */
  children: ReactNode;
  onRemove?: () => void;
  /** Accessible name of the remove button, e.g. "Remove Country filter". */
  removeLabel?: string;
  title?: string;
}

export function Chip({ children, onRemove, removeLabel = "Remove", title }: ChipProps) {
  return (
    <span
      title={title}
      className="inline-flex max-w-full items-stretch overflow-hidden rounded-lg border border-zinc-200 bg-white text-sm text-zinc-800 shadow-xs"
    >
      <span className="flex min-w-0 items-center">{children}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel}
          className="flex items-center border-l border-zinc-200 px-1.5 text-zinc-400 hover:bg-zinc-50 hover:text-zinc-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500"
        >
          <CloseIcon className="size-3.5" />
        </button>
      )}
    </span>
  );
}
