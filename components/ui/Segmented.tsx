"use client";

interface Option<T extends string> {
  value: T;
  label: string;
}

interface SegmentedProps<T extends string> {
  label: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  /** "sm" inside a card, "md" beside the page's own controls. */
  size?: "sm" | "md";
}

const SIZES = { sm: "px-2.5 py-1 text-xs", md: "px-3 py-1.5 text-sm" } as const;

/** A small group of mutually exclusive buttons (metric, granularity); each says whether it is pressed. */
export function Segmented<T extends string>({ label, options, value, onChange, size = "sm" }: SegmentedProps<T>) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md bg-zinc-100 p-0.5">
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={selected}
            onClick={() => !selected && onChange(option.value)}
            className={`rounded ${SIZES[size]} font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 ${
              selected ? "bg-white text-zinc-900 shadow-xs ring-1 ring-zinc-200" : "text-zinc-600 hover:text-zinc-900"
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
