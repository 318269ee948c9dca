import { InfoIcon } from "@/components/ui/icons";

/** A caveat on a rate (its counts are not filtered alike); point aria-describedby at `id`. */
export function RateNote({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="flex items-start gap-1 text-xs leading-snug text-amber-700">
      <InfoIcon className="mt-px size-3.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
