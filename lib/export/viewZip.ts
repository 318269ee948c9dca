import { strToU8, zipSync, type Zippable } from "fflate";

export interface ZipEntry {
  name: string;
  text: string;
}

/** Names made safe for every file system, and unique within the archive ("x.csv", "x-2.csv"). */
function uniqueNames(entries: readonly ZipEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map(({ name }) => {
    const printable = [...name].filter((c) => c.charCodeAt(0) >= 0x20).join("");
    const safe = printable.replace(/[\\/:*?"<>|]+/g, "-") || "file";
    const count = (seen.get(safe) ?? 0) + 1;
    seen.set(safe, count);
    if (count === 1) return safe;
    const dot = safe.lastIndexOf(".");
    return dot > 0 ? `${safe.slice(0, dot)}-${count}${safe.slice(dot)}` : `${safe}-${count}`;
  });
}

/** One ZIP of text files (UTF-8, deflated), in the order given, each with the time `at`. */
export function zipText(entries: readonly ZipEntry[], at: Date): Uint8Array {
  const names = uniqueNames(entries);
  const files: Zippable = {};
  entries.forEach((entry, i) => {
    files[names[i]] = [strToU8(entry.text), { mtime: at, level: 6 }];
  });
  return zipSync(files);
}

/** "view-acme-2026-03-01-to-2026-03-31.zip": the view's name and its range's days. */
export function viewZipName(viewName: string, firstDay: string, lastDay: string): string {
  const stem = viewName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 60);
  return `${stem || "view"}-${firstDay}-to-${lastDay}.zip`;
}
