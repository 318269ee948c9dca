import { open, type FileHandle } from "node:fs/promises";
import type { ClickRow } from "./eventRows";

/**
 * The visits' append-only journal, beside the store's file (`<file>.clicks.journal`): a visit's
 * click is answered once its line is on disk, before the store has it. Lines appended while a
 * write and sync are under way share the next ones (group fsync: one sync for every visit that
 * arrived meanwhile), so a visit waits for one sync of a small file rather than for a
 * transaction of the store.
 *
 * The writer copies each journaled click into the store (its group commit) and says when that
 * committed (`settled`); once nothing journaled is waiting for the store, a journal grown past
 * `compactAt` bytes is emptied. On start, what the journal holds is replayed (replayClicks in
 * clickReplay.ts): the clicks the store lacks are written, then the journal is emptied. A line
 * torn by a kill in the middle of its write was never synced, so never answered: it is skipped.
 */

/** Bytes past which an idle journal is emptied. */
export const JOURNAL_COMPACT_AT = 4 * 1024 * 1024;

interface Waiter {
  done(): void;
  failed(err: unknown): void;
}

const LINE_VERSION = 1;

/** One click as one line of JSON (its timestamp in epoch milliseconds). */
export function journalLine(row: ClickRow): string {
  return `${JSON.stringify({ v: LINE_VERSION, ...row, timestamp: row.timestamp.getTime() })}\n`;
}

const STRING_FIELDS = [
  "id",
  "workspaceId",
  "linkId",
  "url",
  "country",
  "city",
  "region",
  "continent",
  "device",
  "browser",
  "os",
  "trigger",
  "referer",
  "refererUrl",
  "ip",
] as const;

/** The click a line holds, or null for a line that is not one (torn by a kill, or not ours). */
export function parseJournalLine(line: string): ClickRow | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.v !== LINE_VERSION || typeof record.timestamp !== "number" || !Number.isFinite(record.timestamp))
    return null;
  if (!(record.ua === null || typeof record.ua === "string")) return null;
  const strings: Partial<Record<(typeof STRING_FIELDS)[number], string>> = {};
  for (const field of STRING_FIELDS) {
    const v = record[field];
    if (typeof v !== "string") return null;
    strings[field] = v;
  }
  return {
    ...(strings as Record<(typeof STRING_FIELDS)[number], string>),
    ua: record.ua,
    timestamp: new Date(record.timestamp),
  };
}

/** The clicks of a journal's text, in order, skipping lines that are not whole clicks. */
export function parseJournal(text: string): ClickRow[] {
  const rows: ClickRow[] = [];
  for (const line of text.split("\n")) {
    if (line.length === 0) continue;
    const row = parseJournalLine(line);
    if (row) rows.push(row);
  }
  return rows;
}

export class ClickJournal {
  private buffer: string[] = [];
  private waiting: Waiter[] = [];
  private busy = false;
  /** Clicks appended whose copy in the store has not committed yet. */
  private unsettled = 0;
  /** A copy failed: its line must stay for the next start's replay, so the journal is never emptied until then. */
  private keep = false;
  private size: number;

  private constructor(
    private readonly handle: FileHandle,
    size: number,
    private readonly compactAt: number,
  ) {
    this.size = size;
  }

  /** Opens (creating) the journal at `path` for appending. */
  static async open(path: string, compactAt = JOURNAL_COMPACT_AT): Promise<ClickJournal> {
    const handle = await open(path, "a+", 0o600);
    const { size } = await handle.stat();
    return new ClickJournal(handle, size, compactAt);
  }

  /** Everything the journal holds now (for the replay at start). */
  async read(): Promise<string> {
    return (await this.handle.readFile({ encoding: "utf8" })).toString();
  }

  /** Resolves once the click's line is synced to disk; the caller then hands the click to the store and calls settled() once that committed. */
  append(row: ClickRow): Promise<void> {
    this.unsettled += 1;
    this.buffer.push(journalLine(row));
    const synced = new Promise<void>((done, failed) => this.waiting.push({ done, failed }));
    if (!this.busy) void this.flush();
    return synced;
  }

  /** `count` appended clicks are in the store now (or, with `failed`, could not be put there and wait for the next start). */
  settled(count: number, failed = false): void {
    this.unsettled -= count;
    if (failed) this.keep = true;
    if (!this.busy) void this.compactIfIdle();
  }

  /** Empties the journal now (after a replay wrote what it held); the caller makes sure nothing else is appended meanwhile. */
  async empty(): Promise<void> {
    await this.handle.truncate(0);
    await this.handle.sync();
    this.size = 0;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  private async flush(): Promise<void> {
    this.busy = true;
    try {
      while (this.buffer.length > 0) {
        const text = this.buffer.join("");
        const waiters = this.waiting;
        this.buffer = [];
        this.waiting = [];
        try {
          await this.handle.appendFile(text, { encoding: "utf8" });
          await this.handle.datasync();
          this.size += Buffer.byteLength(text);
          for (const waiter of waiters) waiter.done();
        } catch (err) {
          // Not known to be on disk: these clicks are not journaled (the caller records them the slower way; a
          // line that reached the file anyway is found in the store at the next replay, or skipped as torn).
          this.unsettled -= waiters.length;
          for (const waiter of waiters) waiter.failed(err);
        }
      }
      await this.compactIfIdle();
    } finally {
      this.busy = false;
      if (this.buffer.length > 0) void this.flush();
    }
  }

  /** Empties a grown journal once every click it holds is in the store and nothing is being written. */
  private async compactIfIdle(): Promise<void> {
    if (this.unsettled !== 0 || this.keep || this.size < this.compactAt || this.buffer.length > 0) return;
    const wasBusy = this.busy;
    this.busy = true;
    try {
      await this.empty();
    } catch {
      // Left as it is: the next start replays it, and finds its clicks in the store already.
    } finally {
      if (!wasBusy) {
        this.busy = false;
        if (this.buffer.length > 0) void this.flush();
      }
    }
  }
}
