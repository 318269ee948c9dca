/** Plain-text tables: first column left-aligned, the others right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export const ms = (n: number | undefined): string => (n === undefined ? "—" : n.toFixed(1));

/** "ok" when the figure meets the goal, "MISS" otherwise, "—" when there is no figure. */
export function goal(value: number | undefined, below: number): string {
  if (value === undefined || !Number.isFinite(value)) return "—";
  return value < below ? "ok" : "MISS";
}
