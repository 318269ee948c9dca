import type { SVGProps } from "react";

/** A few stroke icons (24×24 grid, currentColor), so no icon library ships to the browser. */
function icon(paths: string[]) {
  return function Icon({ className = "size-4", ...props }: SVGProps<SVGSVGElement>) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className={className}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const CalendarIcon = icon([
  "M8 2v4",
  "M16 2v4",
  "M3 10h18",
  "M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z",
]);
export const FilterIcon = icon(["M3 6h18", "M7 12h10", "M10 18h4"]);
export const PlusIcon = icon(["M12 5v14", "M5 12h14"]);
export const CloseIcon = icon(["M18 6 6 18", "M6 6l12 12"]);
export const ChevronDownIcon = icon(["m6 9 6 6 6-6"]);
export const ChevronLeftIcon = icon(["m15 18-6-6 6-6"]);
export const ChevronRightIcon = icon(["m9 18 6-6-6-6"]);
export const CheckIcon = icon(["M20 6 9 17l-5-5"]);
export const SearchIcon = icon(["M21 21l-4.3-4.3", "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z"]);
export const GlobeIcon = icon([
  "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z",
  "M2 12h20",
  "M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z",
]);
export const InfoIcon = icon(["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "M12 16v-4", "M12 8h.01"]);
export const WarningIcon = icon([
  "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
  "M12 9v4",
  "M12 17h.01",
]);
export const EyeIcon = icon([
  "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z",
  "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
]);
export const EyeOffIcon = icon([
  "M9.9 4.2A9.1 9.1 0 0 1 12 4c6.5 0 10 8 10 8a17 17 0 0 1-2.2 3.2",
  "M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6",
  "M14.1 14.1a3 3 0 1 1-4.2-4.2",
  "M2 2l20 20",
]);
export const ColumnsIcon = icon([
  "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z",
  "M9 3v18",
  "M15 3v18",
]);
export const DownloadIcon = icon(["M12 3v12", "m7 10 5 5 5-5", "M5 21h14"]);
export const CopyIcon = icon([
  "M10 8h9a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2z",
  "M16 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h3",
]);
export const FunnelIcon = icon(["M22 3H2l8 9.5V19l4 2v-8.5L22 3z"]);
export const ArrowDownIcon = icon(["M12 5v14", "m19 12-7 7-7-7"]);
export const ArrowUpIcon = icon(["M12 19V5", "m5 12 7-7 7 7"]);
