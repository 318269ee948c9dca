import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chEventColumns } from "../clickhouse/eventMirror";
import { clickJournalPath, openPlatform } from "../openPlatform";
import { writableEvents, type ProjectEvents } from "../testing/projectStore";
import { journalLine } from "./clickJournal";
import type { ClickRow } from "./eventRows";

/**
 * The click journal's replay on a real file: a journal left by a kill holds clicks the file has
 * (their copy committed before the kill) and clicks it lacks, and maybe a line torn in the middle
 * of its write. Opening the platform writes each missing click once, counters and rollups
 * included, and empties the journal; opening it again writes nothing. On ClickHouse (the project
 * "integration on ClickHouse"), a click the kill left on ClickHouse but not in the file is recorded
 * in the file and not inserted there a second time.
 */

let dir: string | undefined;
let events: ProjectEvents | null = null;
afterAll(async () => {
  await events?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** How many times ClickHouse holds each of these clicks (null on DuckDB). */
async function heldOnClickHouse(ids: string[]): Promise<Record<string, number> | null> {
  if (!events) return null;
  const rows = await events.db.all(
    "SELECT id, toUInt32(count()) AS n FROM click_events WHERE has({ids:Array(String)}, id) GROUP BY id",
    { ids },
  );
  return Object.fromEntries(ids.map((id) => [id, Number(rows.find((row) => row.id === id)?.n ?? 0)]));
}

const click = (id: string, workspaceId: string, linkId: string, timestamp: Date): ClickRow => ({
  id,
  workspaceId,
  linkId,
  timestamp,
  url: "https://example.com/replayed",
  country: "GB",
  city: "London",
  region: "GB-ENG",
  continent: "EU",
  device: "Desktop",
  browser: "Chrome",
  os: "Linux",
  ua: "Mozilla/5.0",
  trigger: "link",
  referer: "(direct)",
  refererUrl: "(direct)",
  ip: "81.2.69.160",
});

describe("the click journal's replay", () => {
  it("writes the clicks the file lacks, each once, and skips a torn line", { timeout: 60_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), "linklens-replay-"));
    const file = join(dir, "platform.duckdb");
    await copyFile(inject("dataFile"), file);
    events = await writableEvents();
    const clickhouse = events?.db;

    let platform = await openPlatform(file, { writable: true, clickhouse });
    const [link] = await platform.store.db.all(`SELECT id, workspace_id, clicks FROM links ORDER BY id LIMIT 1`, {});
    const linkId = String(link.id);
    const workspaceId = String(link.workspace_id);
    const [existing] = await platform.store.db.all(
      `SELECT id, timestamp FROM click_events WHERE link_id = $link ORDER BY timestamp DESC LIMIT 1`,
      { link: linkId },
    );
    const clicksBefore = Number(link.clicks);
    expect(platform.replayedClicks).toBe(0);
    await platform.drain();
    platform.close();

    const now = new Date();
    const lines = [
      // Already in the file: its copy committed before the kill.
      journalLine(click(String(existing.id), workspaceId, linkId, new Date(String(existing.timestamp)))),
      journalLine(click("replayA000000001", workspaceId, linkId, now)),
      journalLine(click("replayB000000001", workspaceId, linkId, new Date(now.getTime() + 1))),
      // Torn by the kill: never synced, never answered.
      journalLine(click("replayC000000001", workspaceId, linkId, now)).slice(0, 40),
    ];
    await writeFile(clickJournalPath(file), lines.join(""));
    // Killed after ClickHouse took replayA's group and before the file committed it.
    await events?.db.insert("click_events", [
      chEventColumns({ kind: "clicks", row: click("replayA000000001", workspaceId, linkId, now) }),
    ]);

    platform = await openPlatform(file, { writable: true, clickhouse });
    try {
      expect(platform.replayedClicks).toBe(2);
      expect((await stat(clickJournalPath(file))).size).toBe(0);
      const rows = await platform.store.db.all(
        `SELECT id FROM click_events WHERE id IN ('replayA000000001', 'replayB000000001', 'replayC000000001', $existing)`,
        { existing: String(existing.id) },
      );
      expect(rows.map((row) => String(row.id)).sort()).toEqual(
        [String(existing.id), "replayA000000001", "replayB000000001"].sort(),
      );
      const [after] = await platform.store.db.all(`SELECT clicks FROM links WHERE id = $link`, { link: linkId });
      expect(Number(after.clicks)).toBe(clicksBefore + 2);
      if (events)
        expect(await heldOnClickHouse([String(existing.id), "replayA000000001", "replayB000000001"])).toEqual({
          [String(existing.id)]: 1,
          replayA000000001: 1,
          replayB000000001: 1,
        });
    } finally {
      await platform.drain();
      platform.close();
    }

    // A replay that runs again (the journal was not emptied: a kill right after the replay's commit) writes nothing twice.
    await writeFile(clickJournalPath(file), lines.join(""));
    platform = await openPlatform(file, { writable: true, clickhouse });
    try {
      expect(platform.replayedClicks).toBe(0);
      const [counted] = await platform.store.db.all(
        `SELECT count(*) AS n FROM click_events WHERE id IN ('replayA000000001', 'replayB000000001')`,
        {},
      );
      expect(Number(counted.n)).toBe(2);
      const [after] = await platform.store.db.all(`SELECT clicks FROM links WHERE id = $link`, { link: linkId });
      expect(Number(after.clicks)).toBe(clicksBefore + 2);
      expect(await readFile(clickJournalPath(file), "utf8")).toBe("");
      if (events)
        expect(await heldOnClickHouse(["replayA000000001", "replayB000000001"])).toEqual({
          replayA000000001: 1,
          replayB000000001: 1,
        });
    } finally {
      platform.close();
    }
  });
});
