// CPU time of the bench's services, read from /proc: what a request costs a process, whatever the machine's load.
import { readFile, readdir } from "node:fs/promises";

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** CPU seconds so far of every live process in the process group `group` (a service is its group's leader). */
export async function groupCpuSeconds(group: number): Promise<number> {
  let total = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = await readFile(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== group) continue;
    total += (Number(fields[11]) + Number(fields[12])) / TICKS;
  }
  return total;
}

export async function loadAverage(): Promise<string> {
  return (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
}
