import type { ReactNode } from "react";

interface ToggleButtonProps {
  pressed: boolean;
  onChange: (pressed: boolean) => void;
  children: ReactNode;
  /** When the visible text is an icon or too short to stand alone. */
  label?: string;
  disabled?: boolean;
  /** Why it is disabled, or what it does. */
  title?: string;
}

/** A two-state button (aria-pressed): "Show as table", "Compare". */
export function ToggleButton({ pressed, onChange, children, label, disabled = false, title }: ToggleButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      disabled={disabled}
      title={title}
      onClick={() => onChange(!pressed)}
      className={`inline-flex h-7 items-center gap-1.5 rounded-md border px-2.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 ${
        pressed ? "border-zinc-900 bg-zinc-900 text-white" : "border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50"
      }`}
    >
      {children}
    </button>
  );
}
