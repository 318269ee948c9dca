import type { SVGProps } from "react";

/** Icons the shared set (components/ui/icons) lacks, drawn the same way: 24×24 strokes in currentColor. */
function icon(paths: string[]) {
  return function Icon({ className = "size-4", ...props }: SVGProps<SVGSVGElement>) {
    return (
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className} {...props}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const EyeIcon = icon(["M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z", "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"]);
export const EyeOffIcon = icon(["M9.9 4.2A9.1 9.1 0 0 1 12 4c6.5 0 10 8 10 8a17 17 0 0 1-2.2 3.2", "M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6", "M14.1 14.1a3 3 0 1 1-4.2-4.2", "M2 2l20 20"]);
export const ColumnsIcon = icon(["M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z", "M9 3v18", "M15 3v18"]);
export const DownloadIcon = icon(["M12 3v12", "m7 10 5 5 5-5", "M5 21h14"]);
export const CopyIcon = icon(["M10 8h9a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2z", "M16 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h3"]);
export const FunnelIcon = icon(["M22 3H2l8 9.5V19l4 2v-8.5L22 3z"]);
export const ArrowDownIcon = icon(["M12 5v14", "m19 12-7 7-7-7"]);
export const ArrowUpIcon = icon(["M12 19V5", "m5 12 7-7 7 7"]);
