import type { Row, SqlValues } from "../query/db";
import type { AppendRow } from "./writeConn";
import type { ClickRow, ConversionEvent, EventRow, LeadRow, SaleRow } from "./eventRows";

/**
 * What a write may do inside its transaction: read what it needs to decide, write records, and
 * record events (their rows and their link's counters; the derived state follows after commit).
 */
export interface WriteTx {
  all(sql: string, values?: SqlValues): Promise<Row[]>;
  run(sql: string, values?: SqlValues): Promise<void>;
  /** A read or a write sent with every batch, prepared once (WriteConn.allPrepared, runPrepared): filtered scans only, no joins. */
  readPrepared(sql: string, values?: SqlValues): Promise<Row[]>;
  runPrepared(sql: string, values?: SqlValues): Promise<void>;
  /** Rows appended to `table` of the file (WriteConn.append), in its column order: many rows for less than an insert of list parameters. */
  append(table: string, rows: readonly AppendRow[]): Promise<void>;
  recordClick(row: ClickRow): Promise<void>;
  /** Many clicks as one insert and one update of their links' counters. */
  /** `rows` recorded; those in `mirrored` are in the event mirror already (a replay after a kill), so they are not sent there again. */
  recordClicks(rows: readonly ClickRow[], mirrored?: ReadonlySet<string>): Promise<void>;
  recordLead(row: LeadRow): Promise<void>;
  recordSale(row: SaleRow): Promise<void>;
  /**
   * A batch's leads and sales, in the order decided: their clicks made conversion clicks, one
   * insert per kind and one update of their links' counters, the hooks told once.
   */
  recordConversions(events: readonly ConversionEvent[]): Promise<void>;
  /** The workspace's click of this id when the writer committed it lately (recentClicks.ts); else it is in the store, or nowhere. */
  recentClick(workspaceId: string, id: string): ClickRow | undefined;
  /**
   * A link's row as `keepLink` kept it (what a lead's or sale's reply shows of its link), while
   * no write changed the links since: the writer is the links' only writer.
   */
  keptLink(id: string): Row | undefined;
  keepLink(id: string, row: Row): void;
}

/**
 * Whether a committed transaction wrote the links or the domains (what the resolver's tables
 * hold): noticed from the statements run through WriteTx.run, whatever wrote them.
 */
export interface LinkChange {
  links: boolean;
  domains: boolean;
}

/** What else happens when events are written: inside the event's transaction (so it commits or rolls back with it), and after commit. */
export interface WriteHook {
  /** Every event recorded in the transaction so far that the hook has not seen, in order (a batch of clicks at once). */
  recorded(tx: WriteTx, events: readonly EventRow[]): Promise<void>;
  committed(events: readonly EventRow[]): void;
}
