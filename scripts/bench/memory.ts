import { readFile } from "node:fs/promises";

/** A process's resident memory now and at its peak, in MB (10^6 bytes), from /proc/<pid>/status (Linux). */
export interface ResidentMemory {
  rssMb: number;
  peakMb: number;
}

/** Null where /proc is not there (not Linux) or the process is gone. */
export async function residentMemory(pid: number): Promise<ResidentMemory | null> {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1] ?? Number.NaN);
  const rss = kb("VmRSS");
  const peak = kb("VmHWM");
  if (Number.isNaN(rss) || Number.isNaN(peak)) return null;
  return { rssMb: Math.round((rss * 1024) / 1e6), peakMb: Math.round((peak * 1024) / 1e6) };
}
