import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mirrorEvents, mirrorLinkRemoval, type EventMirror } from "./eventMirrorStep";
import type { EventRow } from "./eventRows";
import { writeConn, type WriteConn } from "./writeConn";
import { commitFile, type OpenFileTransaction } from "./writePhase";

const click = { kind: "clicks", row: { id: "c1" } } as unknown as EventRow;

/** A mirror that notes what it was given and whether the file's row was there, uncommitted, at the time. */
function notingMirror(file: WriteConn) {
  const seen: string[] = [];
  const mirror: EventMirror = {
    async write(events) {
      const rows = await file.all("SELECT count(*)::INTEGER AS n FROM t");
      seen.push(`write ${events.length} (file has ${rows[0].n})`);
    },
    async removeLink(_ws, linkId) {
      seen.push(`remove ${linkId}`);
    },
    heldClicks: async () => new Set(),
    heldSince: async () => [],
    removeEvents: async () => {},
  };
  return { mirror, seen };
}

describe("a write's phases", () => {
  let instance: DuckDBInstance;
  let file: WriteConn;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(":memory:");
    file = writeConn(await instance.connect());
    await file.run("CREATE TABLE t (id INTEGER)");
  });
  afterAll(() => instance.closeSync());

  it("runs the mirror inside the open transaction and hands on the events only once committed", async () => {
    const { mirror, seen } = notingMirror(file);
    const events: EventRow[] = [];
    const committed = await commitFile(file, events, async (open) => {
      await file.run("INSERT INTO t VALUES (1)");
      events.push(click);
      await mirrorLinkRemoval(open, mirror, "ws", "link_1");
      await mirrorEvents(open, mirror, events);
      expect(open.phase).toBe("open");
      return "done";
    });
    expect(seen).toEqual(["remove link_1", "write 1 (file has 1)"]);
    expect(committed.result).toBe("done");
    expect(committed.events).toEqual([click]);
    expect((await file.all("SELECT count(*)::INTEGER AS n FROM t"))[0].n).toBe(1);
  });

  it("refuses a mirror step once the transaction committed or rolled back", async () => {
    const { mirror, seen } = notingMirror(file);
    const kept: OpenFileTransaction[] = [];
    await commitFile(file, [], async (open) => {
      kept.push(open);
    });
    const late = kept[0];
    expect(late.phase).toBe("committed");
    await expect(mirrorEvents(late, mirror, [click])).rejects.toThrow(/before it commits \(it is committed\)/);
    await expect(mirrorLinkRemoval(late, mirror, "ws", "l")).rejects.toThrow(/inside the file's transaction/);

    await expect(
      commitFile(file, [], async (open) => {
        kept.push(open);
        await file.run("INSERT INTO t VALUES (2)");
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(kept[1].phase).toBe("rolled back");
    expect((await file.all("SELECT count(*)::INTEGER AS n FROM t WHERE id = 2"))[0].n).toBe(0);
    expect(seen).toEqual([]);
  });

  it("a mirror that fails rolls the file's write back", async () => {
    const failing: EventMirror = {
      write: async () => {
        throw new Error("ClickHouse is down");
      },
      removeLink: async () => {},
      heldClicks: async () => new Set(),
      heldSince: async () => [],
      removeEvents: async () => {},
    };
    await expect(
      commitFile(file, [click], async (open) => {
        await file.run("INSERT INTO t VALUES (3)");
        await mirrorEvents(open, failing, [click]);
      }),
    ).rejects.toThrow("ClickHouse is down");
    expect((await file.all("SELECT count(*)::INTEGER AS n FROM t WHERE id = 3"))[0].n).toBe(0);
  });
});
