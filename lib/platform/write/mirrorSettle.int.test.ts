import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { EVENT_KINDS } from "../../contract/dimensions";
import { trackLeadBody, trackSaleBody } from "../../contract/track";
import type { ChDb } from "../clickhouse/clickhouseDb";
import { ROLLUPS } from "../clickhouse/rollups";
import { openPlatform, type Platform } from "../openPlatform";
import { EVENT_TABLE } from "../query/eventTables";
import { writableEvents, type ProjectEvents } from "../testing/projectStore";
import { trackLead } from "./trackLead";
import { trackSale } from "./trackSale";

/**
 * A tracked lead and sale whose write was killed after its last step before the file's commit
 * (on ClickHouse: after ClickHouse took them), then sent again by their sender after the
 * restart, are held once on either store: on ClickHouse, the start takes out what ClickHouse
 * holds that the file never committed (./mirrorSettle.ts), rollups included. Runs on both
 * stores (the integration project, then "integration on ClickHouse").
 */

let dir: string | undefined;
let events: ProjectEvents | null = null;
afterAll(async () => {
  await events?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const KILLED = "killed before the file's commit";

/** ClickHouse, where an insert of leads or sales is taken, then the process dies before the file commits. */
function dyingAfterConversions(db: ChDb): ChDb {
  return {
    ...db,
    async insert(table, rows) {
      await db.insert(table, rows);
      if (table !== EVENT_TABLE.clicks && rows.length > 0) throw new Error(KILLED);
    },
  };
}

const LEAD = "Settle test lead";
const SALE = "Settle test sale";

/** The lead, then the sale (each its own write), as their sender sends them; how each went. */
async function send(platform: Platform, workspaceId: string, clickId: string) {
  const writer = platform.writer;
  if (!writer) throw new Error("not writable");
  const lead = await trackLead(
    writer,
    workspaceId,
    trackLeadBody.parse({ clickId, eventName: LEAD, customerExternalId: "settle-lead" }),
    new Date(),
  ).then(
    (reply) => ({ reply }),
    (error: unknown) => ({ error }),
  );
  const sale = await trackSale(
    writer,
    workspaceId,
    trackSaleBody.parse({ clickId, eventName: SALE, customerExternalId: "settle-sale", amount: 4200 }),
    new Date(),
  ).then(
    (reply) => ({ reply }),
    (error: unknown) => ({ error }),
  );
  return { lead, sale };
}

const failure = (outcome: object) =>
  "error" in outcome && outcome.error instanceof Error ? outcome.error.message : null;

/** Each kind's event ids in the file (and on ClickHouse), and the rollups' sums per kind there. */
async function held(platform: Platform) {
  const out: Record<string, unknown> = {};
  for (const kind of EVENT_KINDS) {
    const rows = await platform.store.db.all(`SELECT id FROM ${EVENT_TABLE[kind]} ORDER BY id`, {});
    out[`file ${kind}`] = rows.length;
    if (!events) continue;
    const ch = await events.db.all(`SELECT id FROM ${EVENT_TABLE[kind]} ORDER BY id`, {});
    out[`ClickHouse ${kind} same as the file`] =
      ch.length === rows.length && ch.every((row, i) => String(row.id) === String(rows[i].id));
    for (const def of ROLLUPS) {
      const [sum] = await events.db.all(`SELECT sum(events) AS n FROM ${def.table} WHERE kind = {kind:String}`, {
        kind,
      });
      out[`${def.table} ${kind}`] = Number(sum.n) - rows.length;
    }
  }
  return out;
}

async function named(platform: Platform) {
  const [leads] = await platform.store.db.all(`SELECT count(*) AS n FROM lead_events WHERE event_name = $name`, {
    name: LEAD,
  });
  const [sales] = await platform.store.db.all(`SELECT count(*) AS n FROM sale_events WHERE event_name = $name`, {
    name: SALE,
  });
  return { leads: Number(leads.n), sales: Number(sales.n) };
}

describe("a tracked lead and sale killed before the file's commit, then sent again", () => {
  it("are held once", { timeout: 120_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), "linklens-settle-"));
    const file = join(dir, "platform.duckdb");
    await copyFile(inject("dataFile"), file);
    events = await writableEvents();

    let platform = await openPlatform(file, {
      writable: true,
      clickhouse: events ? dyingAfterConversions(events.db) : undefined,
    });
    const [click] = await platform.store.db.all(
      `SELECT id, workspace_id FROM click_events ORDER BY timestamp DESC LIMIT 1`,
      {},
    );
    const workspaceId = String(click.workspace_id);
    const before = await held(platform);
    if (!events)
      // The same kill on DuckDB: after the write's last step, before COMMIT.
      platform.writer?.hook({
        recorded: async (_tx, batch) => {
          if (batch.some((event) => event.kind !== "clicks")) throw new Error(KILLED);
        },
        committed: () => {},
      });
    const killed = await send(platform, workspaceId, String(click.id));
    expect([failure(killed.lead), failure(killed.sale)]).toEqual([KILLED, KILLED]);
    platform.close();
    if (events) {
      const [orphans] = await events.db.all(
        `SELECT (SELECT count() FROM lead_events WHERE event_name = {lead:String}) AS leads,
                (SELECT count() FROM sale_events WHERE event_name = {sale:String}) AS sales`,
        { lead: LEAD, sale: SALE },
      );
      // Twice each: the writer ran each failed write again alone (groupCommit.ts), and each attempt reached ClickHouse.
      expect({ leads: Number(orphans.leads), sales: Number(orphans.sales) }).toEqual({ leads: 2, sales: 2 });
    }

    // Restarted; the sender sends both again.
    platform = await openPlatform(file, { writable: true, clickhouse: events?.db });
    try {
      expect(await held(platform)).toEqual(before);
      const { lead, sale } = await send(platform, workspaceId, String(click.id));
      expect("reply" in lead && lead.reply.customer.externalId).toBe("settle-lead");
      expect("reply" in sale && sale.reply.sale?.amount).toBe(4200);
      expect(await named(platform)).toEqual({ leads: 1, sales: 1 });
      const after = await held(platform);
      expect(after).toEqual({
        ...before,
        "file leads": (before["file leads"] as number) + 1,
        "file sales": (before["file sales"] as number) + 1,
      });
    } finally {
      await platform.drain();
      platform.close();
    }

    // Opened again: nothing more to take out.
    platform = await openPlatform(file, { writable: true, clickhouse: events?.db });
    try {
      expect(await named(platform)).toEqual({ leads: 1, sales: 1 });
      if (events)
        expect(
          Number(
            (
              await events.db.all(`SELECT count() AS n FROM lead_events WHERE event_name = {lead:String}`, {
                lead: LEAD,
              })
            )[0].n,
          ),
        ).toBe(1);
    } finally {
      platform.close();
    }
  });
});
