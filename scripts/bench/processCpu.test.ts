import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { groupMembers, schedstatNs, statFields, threadsCpuNs } from "./processCpu";

describe("statFields", () => {
  it("reads past a command name that holds spaces and parentheses", () => {
    const fields = statFields("4242 (next-server (v16) x) S 1 4242 4242 0 -1 4194560 10 0 0 0 250 30 0 0 20 0");
    expect(fields[0]).toBe("S");
    expect(fields[2]).toBe("4242");
    expect(fields[11]).toBe("250");
    expect(fields[12]).toBe("30");
  });
});

describe("schedstatNs", () => {
  it("takes the time on a CPU, the first of the three fields", () => {
    expect(schedstatNs("3075706828 3966646828 1364\n")).toBe(3_075_706_828);
  });

  it("counts a line it cannot read as nothing", () => {
    expect(schedstatNs("")).toBe(0);
    expect(schedstatNs("unknown fields\n")).toBe(0);
  });
});

describe("threadsCpuNs", () => {
  it("counts this process's work", async () => {
    const group = Number(statFields(readFileSync("/proc/self/stat", "utf8"))[2]);
    expect(await groupMembers(group)).toContain(process.pid);
    const before = await threadsCpuNs([process.pid]);
    let sum = 0;
    for (let i = 0; i < 5_000_000; i++) sum += i % 7;
    const after = await threadsCpuNs([process.pid]);
    expect(sum).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(before);
  });

  it("counts a process that is gone as nothing", async () => {
    expect(await threadsCpuNs([2 ** 22 + 1])).toBe(0);
  });
});
