import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ClickJournal, journalLine, parseJournal } from "./clickJournal";
import type { ClickRow } from "./eventRows";

const click = (id: string): ClickRow => ({
  id,
  workspaceId: "ws_1",
  linkId: "link_1",
  timestamp: new Date("2026-11-25T12:00:00.000Z"),
  url: "https://example.com/",
  country: "GB",
  city: "London",
  region: "GB-ENG",
  continent: "EU",
  device: "Desktop",
  browser: "Chrome",
  os: "Linux",
  ua: null,
  trigger: "link",
  referer: "(direct)",
  refererUrl: "(direct)",
  ip: "81.2.69.160",
});

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the click journal", () => {
  it("gives back each whole line's click as written, skipping a torn line and lines that are not clicks", () => {
    const text = [
      journalLine(click("a")),
      "not json\n",
      `${JSON.stringify({ v: 1, id: "b" })}\n`,
      journalLine(click("c")),
      journalLine(click("d")).slice(0, 30),
    ].join("");
    expect(parseJournal(text)).toEqual([click("a"), click("c")]);
  });

  it("holds what it answered until the store has it, then empties itself once grown past its size", async () => {
    dir = await mkdtemp(join(tmpdir(), "linklens-journal-"));
    const path = join(dir, "clicks.journal");
    const journal = await ClickJournal.open(path, 1);
    try {
      await Promise.all([journal.append(click("a")), journal.append(click("b"))]);
      expect(parseJournal(await readFile(path, "utf8"))).toEqual([click("a"), click("b")]);
      journal.settled(1);
      // One still waits for the store: kept.
      await new Promise((done) => setImmediate(done));
      expect((await stat(path)).size).toBeGreaterThan(0);
      journal.settled(1);
      await expect.poll(async () => (await stat(path)).size).toBe(0);
      await journal.append(click("c"));
      expect(parseJournal(await readFile(path, "utf8"))).toEqual([click("c")]);
    } finally {
      await journal.close();
    }
  });
});
