import { readFile, readdir } from "node:fs/promises";

/**
 * A server's CPU time as the kernel counts it, so that a figure means the same on a loaded
 * machine and a quiet one: a request's CPU barely moves with the load, its wall time does.
 */

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The fields of a /proc/<pid>/stat line after the command's closing parenthesis (state is [0], pgrp [2]). */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The process ids of /proc whose process group is `group` (a bench service leads its own group). */
export async function groupMembers(group: number): Promise<number[]> {
  const members: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = await readFile(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    if (Number(statFields(stat)[2]) === group) members.push(Number(entry));
  }
  return members;
}

/** CPU seconds so far (user + system, every thread, in ticks) of every live process in the process group `group`. */
export async function groupCpuSeconds(group: number): Promise<number> {
  let total = 0;
  for (const pid of await groupMembers(group)) {
    try {
      const fields = statFields(await readFile(`/proc/${pid}/stat`, "utf8"));
      total += (Number(fields[11]) + Number(fields[12])) / TICKS;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The time on a CPU in a /proc/<pid>/task/<tid>/schedstat line (its first field, ns). */
export function schedstatNs(line: string): number {
  const ns = Number(line.slice(0, line.indexOf(" ")));
  return Number.isFinite(ns) ? ns : 0;
}

/**
 * Nanoseconds on a CPU so far of every thread of `pids` (/proc/<pid>/task/<tid>/schedstat): fine
 * enough to take one request's CPU, where /proc/<pid>/stat counts 10 ms ticks. A thread that has
 * ended is no longer counted: take the difference over a span in which none ends (Node's threads
 * live as long as the process).
 */
export async function threadsCpuNs(pids: readonly number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = await readdir(`/proc/${pid}/task`);
    } catch {
      continue; // gone
    }
    for (const tid of tasks) {
      try {
        total += schedstatNs(await readFile(`/proc/${pid}/task/${tid}/schedstat`, "utf8"));
      } catch {
        // ended meanwhile
      }
    }
  }
  return total;
}

/** The machine's load averages over 1, 5 and 15 minutes, as /proc/loadavg says them. */
export async function loadAverage(): Promise<string> {
  return (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
}
