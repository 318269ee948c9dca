import type { ComponentProps } from "react";

export const INPUT_CLASS =
  "h-9 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500";

/** A labelled input: the label names it for assistive technology and tests alike. */
export function Field({ label, ...props }: { label: string } & ComponentProps<"input">) {
  return (
    <label className="block space-y-1 text-sm">
      <span className="font-medium text-zinc-700">{label}</span>
      <input className={INPUT_CLASS} {...props} />
    </label>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

export function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto mt-16 max-w-sm space-y-5 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
      <h1 className="text-lg font-semibold text-zinc-900">{title}</h1>
      {children}
    </main>
  );
}
