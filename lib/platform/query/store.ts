import { boundChTo, type ChDb } from "../clickhouse/clickhouseDb";
import { boundTo, type Db } from "./db";
import type { EventSpans } from "./eventSpans";
import type { ConversionClickCache } from "./conversionClickCache";
import type { CustomerCache } from "./customerCache";
import type { LinkCache } from "./linkCache";

/**
 * What every query reads: the database and the state derived from it when the platform was
 * opened (../openPlatform.ts builds it, and says what keeps it true).
 */
export interface Store {
  readonly db: Db;
  /** The attached schema holding the analytics rollups; null reads every figure from the events. */
  readonly rollups: string | null;
  /** Link records already read. */
  readonly links: LinkCache;
  /** Customer records already read for pages of events. */
  readonly customers: CustomerCache;
  /** The conversion clicks' own fields already read for pages of leads and sales. */
  readonly conversionClicks: ConversionClickCache;
  /** Each workspace's events per kind: how many, from when to when. */
  readonly spans: EventSpans;
  /**
   * Where the events are when they are on ClickHouse (../clickhouse, docs/clickhouse.md): then
   * `db` holds every other table, and `rollups` is null. Null: the events are in `db`.
   */
  readonly clickhouse: ChDb | null;
}

/** The store as one request reads it: every statement stops when `signal` aborts (the client left, or the deadline passed). */
export function forRequest(store: Store, signal: AbortSignal): Store {
  return {
    ...store,
    db: boundTo(store.db, signal),
    clickhouse: store.clickhouse && boundChTo(store.clickhouse, signal),
  };
}
