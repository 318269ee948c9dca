/**
 * Generates the events and writes them, a chunk at a time, so the seed's memory stays flat
 * whatever its size: the clicks, their leads and customers go into temporary stages as they are
 * generated (DuckDB spills them to disk past its memory limit); the leads are read back in time
 * order, a batch at a time, to generate the sales; each stage then goes into its table in the
 * table's physical order. The rows are those of generating everything at once: the same draws
 * in the same order (each kind has its own random stream), and the same orders, as ties in time
 * keep their generation order.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { CLICK_DIMENSIONS } from "../query/eventTables";
import { CLICK_CHUNK, generateClicks } from "./clicks";
import { ClickStage, writeClicks } from "./click-writer";
import { openConversionStage, stageName, writeConversions, type Staged } from "./conversion-writer";
import { CounterTally } from "./counters";
import type { SeedEntities, SeedOptions } from "./generate";
import { LeadGenerator } from "./leads";
import { SaleGenerator, type SaleLead } from "./sales";
import { CUSTOMERS_TABLE, LEAD_EVENTS_TABLE, SALE_EVENTS_TABLE } from "./tables";
import type { Customer, Lead, LinkCounters, Sale } from "./types";
import { RowAppender, type Column } from "./writer";

/** Leads read back per query to generate their sales. */
const LEAD_BATCH = 50_000;

export interface EventSizes {
  /** Clicks per chunk generated and staged at once (tests make it small to cross chunk edges). */
  readonly clickChunk?: number;
  /** Leads read back at once to make their sales. */
  readonly leadBatch?: number;
}

const LEAD_EXTRA: readonly Column<Staged<Lead & { country: string | null }>>[] = [
  { name: "link_index", kind: "int", get: (s) => s.row.linkIndex },
  { name: "country", kind: "text", get: (s) => s.row.country },
];

/** Writes click_events, customers, lead_events and sale_events; returns the links' counters. */
export async function writeEvents(
  conn: DuckDBConnection,
  opts: SeedOptions,
  { window, orgs, links }: SeedEntities,
  sizes: EventSizes = {},
): Promise<LinkCounters> {
  const tally = new CounterTally(links.length);
  const slugs = new Map(orgs.map((o) => [o.workspace.id, o.workspace.slug]));
  const leads = new LeadGenerator(opts.seed, window, links, slugs);

  await conn.run(`CREATE OR REPLACE TEMP TABLE seed_customers AS SELECT *, 0::BIGINT AS seq FROM customers LIMIT 0`);
  const clickStage = await ClickStage.open(conn, links);
  const leadStage = await openConversionStage(conn, LEAD_EVENTS_TABLE, LEAD_EXTRA);
  const customerStage = await RowAppender.open<Staged<Customer>>(
    conn,
    {
      table: "seed_customers",
      columns: [
        ...CUSTOMERS_TABLE.columns.map(
          (c) => ({ ...c, get: (s: Staged<Customer>, i: number) => c.get(s.row, i) }) as Column<Staged<Customer>>,
        ),
        { name: "seq", kind: "int", get: (s) => s.seq },
      ],
    },
    true,
  );
  let leadCount = 0;
  let generated;
  try {
    generated = generateClicks(
      opts.seed,
      opts.clicks,
      window,
      orgs,
      links,
      (chunk, first) => {
        clickStage.append(chunk, first);
        tally.addClicks(chunk);
        leads.fromClicks(chunk, first, (lead, customer) => {
          tally.addLead(lead);
          leadStage.append({ row: { ...lead, country: customer.country }, seq: leadCount });
          customerStage.append({ row: customer, seq: leadCount });
          leadCount++;
        });
      },
      sizes.clickChunk ?? CLICK_CHUNK,
    );
  } finally {
    clickStage.close();
    leadStage.close();
    customerStage.close();
  }

  await writeClicks(conn, opts.seed, generated.dims, links);
  await conn.run(`INSERT INTO customers SELECT * EXCLUDE (seq) FROM seed_customers ORDER BY created_at, seq`);
  await conn.run(`DROP TABLE seed_customers`);
  await writeConversions(conn, opts.seed, LEAD_EVENTS_TABLE);
  await writeSales(conn, opts, window, orgs, tally, sizes.leadBatch ?? LEAD_BATCH);
  await writeConversions(
    conn,
    opts.seed,
    SALE_EVENTS_TABLE,
    `(SELECT click_id AS id, ${CLICK_DIMENSIONS.join(", ")} FROM lead_events)`,
  );
  await conn.run(`DROP TABLE ${stageName(LEAD_EVENTS_TABLE)}`);
  await conn.run(`DROP TABLE ${stageName(SALE_EVENTS_TABLE)}`);
  return tally.counters;
}

/** The leads in time order (ties in generation order), a batch at a time, into the sales' stage. */
async function writeSales(
  conn: DuckDBConnection,
  opts: SeedOptions,
  window: SeedEntities["window"],
  orgs: SeedEntities["orgs"],
  tally: CounterTally,
  batch: number,
): Promise<void> {
  const buyRates = new Map(orgs.map((o) => [o.workspace.id, o.workspace.def.buyRate]));
  const sales = new SaleGenerator(opts.seed, window, buyRates);
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE seed_leads_sorted AS
     SELECT row_number() OVER (ORDER BY timestamp, seq) AS k, workspace_id, click_id, link_index, link_id,
            customer_id, epoch_ms(timestamp) AS ts, event_name, metadata::VARCHAR AS metadata, country
     FROM ${stageName(LEAD_EVENTS_TABLE)} ORDER BY k`,
  );
  const stage = await openConversionStage(conn, SALE_EVENTS_TABLE);
  let seq = 0;
  try {
    const ofLead: Sale[] = [];
    for (let from = 0; ; from += batch) {
      const rows = (
        await conn.runAndReadAll(
          `SELECT workspace_id, click_id, link_index, link_id, customer_id, ts, event_name, metadata, country
           FROM seed_leads_sorted WHERE k > $from AND k <= $to ORDER BY k`,
          { from, to: from + batch },
        )
      ).getRowsJS();
      if (rows.length === 0) break;
      for (const [workspaceId, clickIndex, linkIndex, linkId, customerId, ts, eventName, metadata, country] of rows) {
        const lead: SaleLead = {
          workspaceId: String(workspaceId),
          clickIndex: Number(clickIndex),
          linkIndex: Number(linkIndex),
          linkId: String(linkId),
          customerId: String(customerId),
          ts: Number(ts),
          eventName: String(eventName),
          metadata: metadata === null ? null : String(metadata),
          country: country === null ? null : String(country),
        };
        ofLead.length = 0;
        sales.forLead(lead, (sale) => ofLead.push(sale));
        tally.addSales(ofLead);
        for (const sale of ofLead) stage.append({ row: sale, seq: seq++ });
      }
    }
  } finally {
    stage.close();
  }
  await conn.run(`DROP TABLE seed_leads_sorted`);
}
