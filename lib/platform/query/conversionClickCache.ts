import type { Db, Row } from "./db";
import { fetchClicksOwn } from "./lookups";
import { MarkedLru } from "./markedLru";

/** About a page of events' clicks for every workspace many times over; the least recently used go first. */
const MAX_CACHED_CLICKS = 20_000;

/**
 * The conversion clicks' own fields (CLICK_OWN_FIELDS: time, user agent, IP) already read for
 * pages of leads and sales. Looking 100 of them up by id costs 5-6 ms of CPU a page at 10M clicks
 * (the index's probes and a row fetched column by column per id, docs/benchmarks.md), and a click
 * never changes once written: a record is dropped only when its link is deleted, and with it the
 * leads and sales that referenced it, so no page asks for it again. Nothing to forget on writes.
 */
export interface CachedClick {
  workspaceId: string;
  own: Row;
}

export class ConversionClickCache {
  private readonly records: MarkedLru<CachedClick>;

  constructor(capacity = MAX_CACHED_CLICKS) {
    this.records = new MarkedLru(capacity);
  }

  /** The page's clicks' own fields by id: from the cache, the rest read (and cached). */
  async ownFields(db: Db, workspaceId: string, clickIds: Iterable<string>): Promise<Map<string, Row>> {
    const out = new Map<string, Row>();
    const missing: string[] = [];
    for (const id of new Set(clickIds)) {
      const cached = this.records.get(id);
      if (cached && cached.workspaceId === workspaceId) out.set(id, cached.own);
      else if (!cached) missing.push(id);
    }
    const mark = this.records.mark();
    for (const [id, own] of await fetchClicksOwn(db, workspaceId, missing)) {
      out.set(id, own);
      this.records.set(id, { workspaceId, own }, mark);
    }
    return out;
  }
}
