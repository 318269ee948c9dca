import { describe, expect, it } from "vitest";
import { ApiError } from "../../contract/errors";
import type { ClickRow } from "./eventRows";
import { GroupCommit, type RunBatch } from "./groupCommit";

/** A transaction log of its own: what each transaction saw, and whether it committed. */
interface Tx {
  writes: string[];
}

function harness() {
  const committed: string[][] = [];
  const rolledBack: string[][] = [];
  let release: (() => void) | null = null;
  let holdNext = false;
  const transact = async (work: (tx: Tx) => Promise<void>) => {
    const tx: Tx = { writes: [] };
    if (holdNext) {
      holdNext = false;
      await new Promise<void>((resolve) => (release = resolve));
    }
    try {
      await work(tx);
    } catch (err) {
      rolledBack.push(tx.writes);
      throw err;
    }
    committed.push(tx.writes);
  };
  const group = new GroupCommit<Tx>(transact, async (tx, rows) => {
    tx.writes.push(...rows.map((row) => `click ${row.id}`));
  });
  return {
    group,
    /** The same, taking two works per transaction at most. */
    twoWorks: new GroupCommit<Tx>(
      transact,
      async (tx, rows) => void tx.writes.push(...rows.map((row) => `click ${row.id}`)),
      100,
      2,
    ),
    committed,
    rolledBack,
    /** The next transaction waits until released. */
    hold: () => (holdNext = true),
    release: () => release?.(),
  };
}

const click = (id: string) => ({ id }) as ClickRow;

describe("group commit", () => {
  it("puts what arrives while a transaction runs into the next one, and answers each only after its transaction committed", async () => {
    const h = harness();
    h.hold();
    const first = h.group.click(click("a"));
    let secondDone = false;
    const second = h.group.click(click("b")).then(() => (secondDone = true));
    const third = h.group.run(async (tx) => {
      tx.writes.push("lead");
      return 42;
    });
    const fourth = h.group.click(click("c"));
    expect(h.committed).toEqual([]);
    h.release();
    await first;
    await expect(third).resolves.toBe(42);
    await Promise.all([second, fourth]);
    expect(secondDone).toBe(true);
    // a alone (it found the writer idle); b, the lead and c together, the clicks first as one insert (a lead may name one of them), then the works.
    expect(h.committed).toEqual([["click a"], ["click b", "click c", "lead"]]);
  });

  it("takes a few works per transaction, and every click waiting, leaving the other works in order for the next", async () => {
    const h = harness();
    h.hold();
    const opener = h.twoWorks.click(click("a"));
    const work = (name: string) => h.twoWorks.run(async (tx) => void tx.writes.push(name));
    const jobs = [
      work("w1"),
      h.twoWorks.click(click("b")),
      work("w2"),
      work("w3"),
      h.twoWorks.click(click("c")),
      work("w4"),
      work("w5"),
    ];
    h.release();
    await Promise.all([opener, ...jobs]);
    expect(h.committed).toEqual([["click a"], ["click b", "click c", "w1", "w2"], ["w3", "w4"], ["w5"]]);
  });

  it("fails a work that refuses (ApiError) alone, and commits the rest of its group", async () => {
    const h = harness();
    h.hold();
    const opener = h.group.click(click("x"));
    const refused = h.group.run(() => Promise.reject(new ApiError("not_found", "no such click")));
    const kept = h.group.run(async (tx) => {
      tx.writes.push("sale");
    });
    const clicked = h.group.click(click("y"));
    h.release();
    await opener;
    await expect(refused).rejects.toThrow("no such click");
    await Promise.all([kept, clicked]);
    expect(h.committed).toEqual([["click x"], ["click y", "sale"]]);
  });

  it("after any other failure, rolls the group back and runs its jobs one transaction each: only the broken one fails", async () => {
    const h = harness();
    h.hold();
    const opener = h.group.click(click("x"));
    const good = h.group.run(async (tx) => {
      tx.writes.push("lead");
    });
    const broken = h.group.run(async (tx) => {
      tx.writes.push("half");
      throw new Error("constraint violated");
    });
    const clicked = h.group.click(click("y"));
    h.release();
    await opener;
    await expect(broken).rejects.toThrow("constraint violated");
    await Promise.all([good, clicked]);
    expect(h.rolledBack).toEqual([["click y", "lead", "half"], ["half"]]);
    expect(h.committed).toEqual([["click x"], ["lead"], ["click y"]]);
  });

  it("decides a group's batched requests in one call per runner, in order, after its clicks and before its works", async () => {
    const h = harness();
    const calls: string[][] = [];
    const echo: RunBatch<Tx, string, string> = async (tx, requests) => {
      calls.push([...requests]);
      tx.writes.push(`batch ${requests.join(" ")}`);
      return requests.map((r) =>
        r === "refused"
          ? { ok: false, err: new ApiError("not_found", "no such click") }
          : { ok: true, value: r.toUpperCase() },
      );
    };
    h.hold();
    const opener = h.group.click(click("a"));
    const first = h.group.batch(echo, "lead");
    const work = h.group.run(async (tx) => void tx.writes.push("outcome"));
    const refused = h.group.batch(echo, "refused");
    const clicked = h.group.click(click("b"));
    const last = h.group.batch(echo, "sale");
    h.release();
    await opener;
    await expect(first).resolves.toBe("LEAD");
    await expect(refused).rejects.toThrow("no such click");
    await expect(last).resolves.toBe("SALE");
    await Promise.all([work, clicked]);
    expect(calls).toEqual([["lead", "refused", "sale"]]);
    expect(h.committed).toEqual([["click a"], ["click b", "batch lead refused sale", "outcome"]]);
  });

  it("reruns a batch that failed otherwise one request per transaction: only the broken request fails", async () => {
    const h = harness();
    const failing: RunBatch<Tx, string, string> = async (tx, requests) => {
      tx.writes.push(`batch ${requests.join(" ")}`);
      if (requests.includes("broken")) throw new Error("constraint violated");
      return requests.map((r) => ({ ok: true, value: r }));
    };
    h.hold();
    const opener = h.group.click(click("x"));
    const good = h.group.batch(failing, "good");
    const broken = h.group.batch(failing, "broken");
    h.release();
    await opener;
    await expect(good).resolves.toBe("good");
    await expect(broken).rejects.toThrow("constraint violated");
    expect(h.rolledBack).toEqual([["batch good broken"], ["batch broken"]]);
    expect(h.committed).toEqual([["click x"], ["batch good"]]);
  });
});
