"use client";

import { useId } from "react";

interface Props {
  exclude: boolean;
  onChange: (exclude: boolean) => void;
  /** The filter's label, naming the group for assistive technology. */
  label: string;
}

const CHOICES = [
  { exclude: false, text: "is" },
  { exclude: true, text: "is not" },
] as const;

/** is / is not, for the whole list of values (the API's leading `-`). */
export function MatchToggle({ exclude, onChange, label }: Props) {
  const name = useId();
  return (
    <fieldset className="inline-flex rounded-lg bg-zinc-100 p-0.5 text-xs font-medium">
      <legend className="sr-only">{label} match</legend>
      {CHOICES.map((choice) => (
        <label
          key={choice.text}
          className="relative cursor-pointer rounded-md px-2 py-1 text-zinc-600 has-checked:bg-white has-checked:text-zinc-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-indigo-500"
        >
          <input
            type="radio"
            name={name}
            className="absolute inset-0 cursor-pointer appearance-none opacity-0"
            checked={exclude === choice.exclude}
            onChange={() => onChange(choice.exclude)}
          />
          {choice.text}
        </label>
      ))}
    </fieldset>
  );
}
