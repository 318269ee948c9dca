import { flagCode } from "@/lib/format/country";

/** A country's flag beside its name (decorative: the name says it). Nothing for an unknown code. */
export function Flag({ country }: { country: string | null | undefined }) {
  const code = flagCode(country);
  if (!code) return null;
  // A 16×12 static SVG: next/image would add a loader and nothing to optimize.
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={`/flags/${code}.svg`}
      alt=""
      aria-hidden="true"
      width={16}
      height={12}
      loading="lazy"
      decoding="async"
      className="inline-block h-3 w-4 shrink-0 rounded-[2px] object-cover ring-1 ring-(--ll-flag-ring)"
    />
  );
}
