import type { Row, SqlValues } from "../query/db";
import { keepConversionClicks } from "./conversionClickWrites";
import {
  CLICK_COUNTERS_SQL,
  clickAppendRow,
  clickCountersValues,
  CONVERSION_COUNTERS_SQL,
  conversionCountersValues,
  leadAppendRow,
  saleAppendRow,
  type ClickRow,
  type ConversionEvent,
  type EventRow,
  type LeadRow,
  type SaleRow,
} from "./eventRows";
import type { RecentClicks } from "./recentClicks";
import type { AppendRow, WriteConn } from "./writeConn";
import type { WrittenTables } from "./writtenTables";
import type { WriteHook, WriteTx } from "./writeTx";

/** The most links' rows the writer keeps for tracking replies (keepLink). */
const KEPT_LINKS = 10_000;

/**
 * The WriteTx of one transaction of the file: its statements go to the file (each noticed by
 * `written`), its events are collected in `events` (the hooks told of each batch as it is
 * recorded), and the leads' and sales' clicks are copied into the conversion clicks before their
 * events are written.
 */
export class FileTransactionTx implements WriteTx {
  /** The events recorded so far, in order. */
  readonly events: EventRow[] = [];
  /** The clicks recorded that the event mirror holds already (a replay after a kill). */
  readonly mirroredAlready = new Set<string>();

  constructor(
    private readonly file: WriteConn,
    private readonly recent: RecentClicks,
    /** Links' rows kept by keepLink (conversionClick.ts), dropped by the writer whenever a write touches the links. */
    private readonly keptLinks: Map<string, Row>,
    private readonly hooks: readonly WriteHook[],
    private readonly written: WrittenTables,
  ) {}

  all(sql: string, values?: SqlValues): Promise<Row[]> {
    this.written.notice(sql);
    return this.file.all(sql, values);
  }

  run(sql: string, values?: SqlValues): Promise<void> {
    this.written.notice(sql);
    return this.file.run(sql, values);
  }

  readPrepared(sql: string, values?: SqlValues): Promise<Row[]> {
    this.written.notice(sql);
    return this.file.allPrepared(sql, values);
  }

  runPrepared(sql: string, values?: SqlValues): Promise<void> {
    this.written.notice(sql);
    return this.file.runPrepared(sql, values);
  }

  append(table: string, rows: readonly AppendRow[]): Promise<void> {
    this.written.notice(`INSERT INTO ${table}`);
    return this.file.append(table, null, rows);
  }

  recordClick(row: ClickRow): Promise<void> {
    return this.recordClicks([row]);
  }

  async recordClicks(rows: readonly ClickRow[], mirrored?: ReadonlySet<string>): Promise<void> {
    if (rows.length === 0) return;
    for (const id of mirrored ?? []) this.mirroredAlready.add(id);
    await this.file.append("click_events", null, rows.map(clickAppendRow));
    await this.file.runPrepared(CLICK_COUNTERS_SQL, clickCountersValues(rows));
    await this.recorded(rows.map((row) => ({ kind: "clicks", row })));
  }

  recordLead(row: LeadRow): Promise<void> {
    return this.recordConversions([{ kind: "leads", row }]);
  }

  recordSale(row: SaleRow): Promise<void> {
    return this.recordConversions([{ kind: "sales", row }]);
  }

  async recordConversions(batch: readonly ConversionEvent[]): Promise<void> {
    if (batch.length === 0) return;
    // Their clicks made conversion clicks first, in this transaction (on either store: a webhook's envelope reads them).
    await keepConversionClicks(this.file, this.recent, this.events, batch);
    const leads = batch.flatMap((event) => (event.kind === "leads" ? [event.row] : []));
    const sales = batch.flatMap((event) => (event.kind === "sales" ? [event.row] : []));
    if (leads.length > 0) await this.file.append("lead_events", null, leads.map(leadAppendRow));
    if (sales.length > 0) await this.file.append("sale_events", null, sales.map(saleAppendRow));
    await this.file.runPrepared(CONVERSION_COUNTERS_SQL, conversionCountersValues(batch));
    await this.recorded([...batch]);
  }

  recentClick(workspaceId: string, id: string): ClickRow | undefined {
    return this.recent.find(workspaceId, id);
  }

  keptLink(id: string): Row | undefined {
    return this.written.links ? undefined : this.keptLinks.get(id);
  }

  keepLink(id: string, row: Row): void {
    if (this.written.links) return;
    if (this.keptLinks.size >= KEPT_LINKS) this.keptLinks.clear();
    this.keptLinks.set(id, row);
  }

  /** The events to send to the event mirror: those recorded, but the clicks it holds already. */
  eventsToMirror(): readonly EventRow[] {
    if (this.mirroredAlready.size === 0) return this.events;
    return this.events.filter((event) => event.kind !== "clicks" || !this.mirroredAlready.has(event.row.id));
  }

  private async recorded(batch: EventRow[]): Promise<void> {
    for (const hook of this.hooks) await hook.recorded(this, batch);
    this.events.push(...batch);
  }
}
