/** Builds a fresh, deterministic embedded-platform database. */
import type { DuckDBConnection } from "@duckdb/node-api";
import { storeConversionClicks } from "../query/conversionStore";
import { storeRollups } from "../query/rollupStore";
import { createSchema, openDuckDbFile } from "../store/duckdbFile";
import { writeSeedMarker } from "../store/seedMarker";
import { moveIntoPlace, removeLeftovers, removeWithWal, seedingFile } from "./atomicFile";
import { CLICK_COLUMNS } from "./click-writer";
import { conversionColumns } from "./conversion-writer";
import { writeEvents, type EventSizes } from "./events";
import { generateEntities, type SeedOptions } from "./generate";
import {
  API_KEYS_TABLE,
  CUSTOMERS_TABLE,
  DOMAINS_TABLE,
  FOLDERS_TABLE,
  LEAD_EVENTS_TABLE,
  LINK_TAGS_TABLE,
  PARTNER_GROUPS_TABLE,
  PARTNER_TAGS_TABLE,
  PARTNER_TAG_ASSIGNMENTS_TABLE,
  PARTNERS_TABLE,
  SALE_EVENTS_TABLE,
  TAGS_TABLE,
  WORKSPACES_TABLE,
  linksTable,
} from "./tables";
import { appendRows, assertColumns, schemaColumns, type TableSpec } from "./writer";

export type { SeedOptions } from "./generate";

export const DEFAULT_SEED_OPTIONS = { clicks: 200_000, days: 90, seed: 1 } as const;

/**
 * DuckDB's own memory while seeding. Its default is 80% of the machine's: sorting 100M clicks by
 * workspace and time would take most of it. Capped, the sort and the staged events spill to
 * DuckDB's temporary directory beside the file (`<file>.tmp`, removed when it closes). The seed's
 * own memory does not grow with the clicks: it generates and stages them a chunk at a time. At
 * 512 MB the seed was no slower than at 1 GB (10M clicks: 131 s of CPU against 128) and peaked
 * 150 to 220 MB lower from 5M clicks on; but since the rollups gained the link's week beside the
 * country and device, one 10M seed in four failed at 512 MB (DuckDB's "could not allocate
 * block": an operator that does not spill, its share varying with the threads' timing): 1 GB
 * leaves it room.
 */
export const SEED_DUCKDB_MEMORY = "1GB";

export const SEED_TABLES = [
  "workspaces",
  "api_keys",
  "domains",
  "folders",
  "tags",
  "partner_groups",
  "partners",
  "partner_tags",
  "partner_tag_assignments",
  "links",
  "link_tags",
  "customers",
  "click_events",
  "lead_events",
  "sale_events",
] as const;

export type SeedTable = (typeof SEED_TABLES)[number];

export interface SeedSummary {
  readonly rows: Readonly<Record<SeedTable, number>>;
  readonly seconds: number;
  /** Files interrupted seeds of the same target had left, removed first. */
  readonly leftovers: readonly string[];
}

/** Default "now": the current time truncated to the hour, so reruns within the hour are identical. */
export function defaultNow(wallClock: number = Date.now()): number {
  return wallClock - (wallClock % 3_600_000);
}

const SPECS: readonly TableSpec<never>[] = [
  WORKSPACES_TABLE,
  API_KEYS_TABLE,
  DOMAINS_TABLE,
  FOLDERS_TABLE,
  TAGS_TABLE,
  PARTNER_GROUPS_TABLE,
  PARTNERS_TABLE,
  PARTNER_TAGS_TABLE,
  PARTNER_TAG_ASSIGNMENTS_TABLE,
  LINK_TAGS_TABLE,
  CUSTOMERS_TABLE,
];

/** Writes every seeded table; the events are generated as they are written (events.ts). */
export async function writeSeedData(conn: DuckDBConnection, opts: SeedOptions, sizes: EventSizes = {}): Promise<void> {
  const entities = generateEntities(opts);
  const { orgs, links } = entities;
  const schema = await schemaColumns(conn);
  // The counters are known once the events are: the links are written last.
  const linksSpec = linksTable({
    clicks: new Float64Array(0),
    leads: new Float64Array(0),
    conversions: new Float64Array(0),
    sales: new Float64Array(0),
    saleAmount: new Float64Array(0),
    lastClicked: new Float64Array(0),
  });
  for (const spec of [...SPECS, linksSpec])
    assertColumns(
      schema,
      spec.table,
      spec.columns.map((c) => c.name),
    );
  assertColumns(schema, "click_events", CLICK_COLUMNS);
  for (const spec of [LEAD_EVENTS_TABLE, SALE_EVENTS_TABLE]) assertColumns(schema, spec.table, conversionColumns(spec));
  await appendRows(
    conn,
    WORKSPACES_TABLE,
    orgs.map((o) => o.workspace),
  );
  await appendRows(
    conn,
    API_KEYS_TABLE,
    orgs.map((o) => o.apiKey),
  );
  await appendRows(
    conn,
    DOMAINS_TABLE,
    orgs.flatMap((o) => o.domains),
  );
  await appendRows(
    conn,
    FOLDERS_TABLE,
    orgs.flatMap((o) => o.folders),
  );
  await appendRows(
    conn,
    TAGS_TABLE,
    orgs.flatMap((o) => o.tags),
  );
  await appendRows(
    conn,
    PARTNER_GROUPS_TABLE,
    orgs.flatMap((o) => o.partnerGroups),
  );
  await appendRows(
    conn,
    PARTNERS_TABLE,
    orgs.flatMap((o) => o.partners),
  );
  await appendRows(
    conn,
    PARTNER_TAGS_TABLE,
    orgs.flatMap((o) => o.partnerTags),
  );
  await appendRows(
    conn,
    PARTNER_TAG_ASSIGNMENTS_TABLE,
    orgs.flatMap((o) => o.partnerTagAssignments),
  );
  await appendRows(
    conn,
    LINK_TAGS_TABLE,
    links.flatMap((l) => l.tagIds.map((tagId, position) => ({ linkId: l.id, tagId, position }))),
  );
  const counters = await writeEvents(conn, opts, entities, sizes);
  await appendRows(conn, linksTable(counters), links);
}

export async function countRows(conn: DuckDBConnection): Promise<Record<SeedTable, number>> {
  const sql = SEED_TABLES.map((t) => `SELECT '${t}' AS t, count(*) AS n FROM ${t}`).join(" UNION ALL ");
  const rows = (await conn.runAndReadAll(sql)).getRowsJS();
  const counts = Object.fromEntries(SEED_TABLES.map((t) => [t, 0])) as Record<SeedTable, number>;
  for (const [t, n] of rows) counts[t as SeedTable] = Number(n);
  return counts;
}

/**
 * Writes a new seeded database to `file`, atomically: into a file of its own beside `file`
 * (atomicFile.ts), the completion marker last, then renamed onto `file`. Until that rename,
 * `file` is whatever it was; if the seed is interrupted, its leftovers are removed by the next.
 */
export async function seedDatabase(file: string, opts: SeedOptions, sizes: EventSizes = {}): Promise<SeedSummary> {
  const started = performance.now();
  const leftovers = await removeLeftovers(file);
  const temp = seedingFile(file);
  await removeWithWal(temp);
  try {
    const store = await openDuckDbFile(temp);
    let rows: Record<SeedTable, number>;
    try {
      await store.conn.run(`SET memory_limit = '${SEED_DUCKDB_MEMORY}'`);
      await createSchema(store.conn);
      await writeSeedData(store.conn, opts, sizes);
      // The rollups and the conversion clicks go into the file with the events, so the platform opens without building them.
      const db = {
        run: async (sql: string) => void (await store.conn.run(sql)),
        all: async (sql: string) => (await store.conn.runAndReadAll(sql)).getRowObjectsJS(),
      };
      await storeRollups(db);
      await storeConversionClicks(db);
      rows = await countRows(store.conn);
      await writeSeedMarker(store.conn, opts);
      await store.conn.run("CHECKPOINT");
    } finally {
      store.close();
    }
    await moveIntoPlace(temp, file);
    return { rows, seconds: (performance.now() - started) / 1000, leftovers };
  } catch (err) {
    await removeWithWal(temp);
    throw err;
  }
}
