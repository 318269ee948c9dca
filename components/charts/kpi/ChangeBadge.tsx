import type { ChangeDisplay } from "@/lib/analytics/change";

const TONES: Record<ChangeDisplay["kind"], string> = {
  up: "bg-emerald-50 text-emerald-700",
  down: "bg-red-50 text-red-700",
  flat: "bg-zinc-100 text-zinc-600",
  new: "bg-blue-50 text-blue-700",
  small: "bg-zinc-100 text-zinc-700",
  none: "bg-zinc-100 text-zinc-700",
};

const ARROWS: Record<ChangeDisplay["kind"], string> = { up: "↑", down: "↓", flat: "", new: "", small: "", none: "" };

/**
 * "↑ +12.5%" against the period compared with ("few before" when it had too little to compare
 * with); `previousText` and `against` ("the previous period", "the same period a year before") go into the accessible name.
 */
export function ChangeBadge({
  change,
  previousText,
  against = "the previous period",
}: {
  change: ChangeDisplay;
  previousText: string | null;
  against?: string;
}) {
  const spoken =
    previousText === null
      ? `nothing in ${against} to compare with`
      : change.kind === "small"
        ? `too few in ${against} to compare with (${previousText})`
        : `${change.text === "—" ? "no change to show" : change.text} compared with ${previousText} in ${against}`;
  return (
    <span
      className={`inline-flex items-center gap-0.5 rounded px-1.5 py-0.5 text-xs font-medium tabular-nums ${TONES[change.kind]}`}
      title={spoken}
    >
      <span aria-hidden="true">
        {ARROWS[change.kind]}
        {ARROWS[change.kind] && " "}
        {change.text}
      </span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}
