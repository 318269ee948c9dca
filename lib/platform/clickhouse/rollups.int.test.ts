import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_KINDS } from "../../contract/dimensions";
import { EVENT_TABLE } from "../query/eventTables";
import { chTimestamp } from "./chParams";
import { openClickHouse, type ChDb } from "./clickhouseDb";
import { clickHouseMirror } from "./eventMirror";
import { migrate } from "./migrations";
import { ROLLUPS, unlinkStatements, type RollupDef } from "./rollups";
import { startTestClickHouse, type TestClickHouse } from "./testing/testEventStore";

/**
 * The rollups stay the events' sums: filled from the events already there when a store is
 * migrated to them, fed by every insert after, and without a deleted link's events (which a
 * DELETE on the events does not take out of a view's target). Each rollup is compared, row by
 * row, with the same sums computed here from the events.
 */

let clickhouse: TestClickHouse;
let ch: ReturnType<typeof openClickHouse>;
let db: ChDb;

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 28, 20, 0, 0);
const LINKS = ["link_a", "link_b", "link_c"];

/** Events of two workspaces over three days (from T0 + `shift` ms), spread over the rollups' columns; `n` of each kind from `offset`. */
function events(n: number, offset: number, shift = 0) {
  const click = (i: number) => ({
    workspace_id: i % 5 === 0 ? "ws_other" : "ws_main",
    link_id: LINKS[i % 3],
    timestamp: chTimestamp(new Date(T0 + shift + ((i * 7_919_000) % (72 * HOUR)) + (i % 1000))),
    url: `https://example.com/p${i % 4}`,
    country: ["US", "DE", "IN", "FR"][i % 4],
    city: "City",
    region: "R",
    continent: ["NA", "EU", "AS", "EU"][i % 4],
    device: ["Desktop", "Mobile", "Tablet"][i % 3 === 0 ? 0 : (i >> 1) % 3],
    browser: "Chrome",
    os: "Linux",
    trigger: i % 7 === 0 ? "qr" : "link",
    referer: ["google.com", "(direct)", "x.com"][(i >> 2) % 3],
    referer_url: "",
  });
  const rows = { clicks: [] as object[], leads: [] as object[], sales: [] as object[] };
  for (let i = offset; i < offset + n; i++) {
    const c = click(i);
    rows.clicks.push({ ...c, id: `c${i}`, ua: null, ip: "10.0.0.1" });
    const conversion = { ...c, click_id: `c${i}`, customer_id: `cu${i % 11}`, event_name: "Sign up", metadata: null };
    if (i % 2 === 0) rows.leads.push({ ...conversion, id: `l${i}` });
    if (i % 3 === 0)
      rows.sales.push({
        ...conversion,
        id: `s${i}`,
        event_name: "Purchase",
        amount: 100 + (i % 17) * 250,
        currency: "usd",
        invoice_id: null,
        payment_processor: "stripe",
        sale_type: i % 2 === 0 ? "new" : "recurring",
      });
  }
  return rows;
}

/**
 * `db`, whose `step`th command fails after it ran on ClickHouse (its reply lost): steps 1 to `step`
 * done, the caller told of a failure. (A failure before step k leaves what this leaves for k − 1.)
 */
function failingAfter(step: number): ChDb {
  let n = 0;
  return {
    ...db,
    async command(sql, params) {
      await db.command(sql, params);
      if (++n === step) throw new Error(`reply lost after statement ${step}`);
    },
  };
}

async function insert(rows: ReturnType<typeof events>) {
  for (const kind of EVENT_KINDS) await db.insert(EVENT_TABLE[kind], rows[kind] as Record<string, unknown>[]);
}

const SLOT = { hour: "toStartOfHour", day: "toStartOfDay" } as const;

/** A rollup's rows summed (those not summing to zero) beside the same sums computed from the events. */
async function compare(def: RollupDef) {
  const columns = def.columns.join(", ");
  const rolled: unknown[] = [];
  const fromEvents: unknown[] = [];
  for (const kind of EVENT_KINDS) {
    rolled.push(
      ...(await db.all(
        `SELECT workspace_id, toString(slot) AS s, ${columns}, sum(events) AS n, sum(amount) AS a FROM ${def.table}
         WHERE kind = {kind:String} GROUP BY workspace_id, s, ${columns} HAVING n != 0 OR a != 0 ORDER BY ALL`,
        { kind },
      )),
    );
    fromEvents.push(
      ...(await db.all(
        `SELECT workspace_id, toString(toDateTime(${SLOT[def.slot]}(timestamp), 'UTC')) AS s, ${columns}, toInt64(count()) AS n,
           toInt64(${kind === "sales" ? "sum(amount)" : "0"}) AS a FROM ${EVENT_TABLE[kind]}
         GROUP BY workspace_id, s, ${columns} ORDER BY ALL`,
        {},
      )),
    );
  }
  return { rolled, fromEvents };
}

async function expectRollupsMatchEvents() {
  for (const def of ROLLUPS) {
    const { rolled, fromEvents } = await compare(def);
    expect(fromEvents.length, def.table).toBeGreaterThan(0);
    expect(rolled, def.table).toEqual(fromEvents);
  }
}

beforeAll(async () => {
  clickhouse = await startTestClickHouse();
  ch = openClickHouse(clickhouse.url);
  db = ch.db;
}, 60_000);

afterAll(async () => {
  await ch?.close();
  await clickhouse?.close();
});

describe("the rollups on ClickHouse", () => {
  it("are filled from the events a store held before them, then by every insert", async () => {
    expect(await migrate(db, 1)).toEqual([1]);
    await insert(events(400, 0));
    expect(await migrate(db)).toEqual([2]);
    await expectRollupsMatchEvents();
    await insert(events(300, 400));
    await insert(events(50, 700));
    await expectRollupsMatchEvents();
  }, 120_000);

  it("lose a deleted link's events", async () => {
    await clickHouseMirror(db).removeLink("ws_main", "link_a");
    for (const kind of EVENT_KINDS) {
      const [left] = await db.all(
        `SELECT count() AS n FROM ${EVENT_TABLE[kind]} WHERE workspace_id = 'ws_main' AND link_id = 'link_a'`,
        {},
      );
      expect(Number(left.n), kind).toBe(0);
    }
    for (const def of ROLLUPS.filter((d) => d.columns.includes("link_id"))) {
      const [left] = await db.all(
        `SELECT count() AS n FROM ${def.table} WHERE workspace_id = 'ws_main' AND link_id = 'link_a'`,
        {},
      );
      expect(Number(left.n), def.table).toBe(0);
    }
    // The other workspace's link_a and the other links keep theirs; the rollups without the link lost its counts.
    await expectRollupsMatchEvents();
    // Merged, a rollup without the link keeps no row the deletion brought to zero.
    for (const def of ROLLUPS) await db.command(`OPTIMIZE TABLE ${def.table} FINAL`);
    for (const def of ROLLUPS) {
      const [zero] = await db.all(`SELECT count() AS n FROM ${def.table} WHERE events = 0 AND amount = 0`, {});
      expect(Number(zero.n), def.table).toBe(0);
    }
    await expectRollupsMatchEvents();
  }, 120_000);

  it("lose a deleted link's events once when its deletion failed part way and was run again", async () => {
    // The deletion's statements: the rollups without the link (a kind each), those with it, then the events.
    const rollupSteps = unlinkStatements().length;
    const steps = rollupSteps + EVENT_KINDS.length;
    expect(rollupSteps).toBe(8);
    // Failed after: the first rollup statement, one in the middle of the second rollup, the last of those
    // without the link, the last rollup, the first kind's events, and the very last (all was done).
    for (const step of [1, 5, 6, rollupSteps, rollupSteps + 1, steps]) {
      const link = `gone_${step}`;
      // Days of their own (a week apart): a later deletion touches none of this one's rollup rows.
      const rows = events(60, 1000 + step * 60, step * 7 * 24 * HOUR);
      // Every other event on the link to delete: its keys are shared with the other links' events.
      for (const kind of EVENT_KINDS)
        rows[kind] = rows[kind].map((row, i) => (i % 2 === 0 ? { ...row, link_id: link } : row));
      await insert(rows);
      await expect(clickHouseMirror(failingAfter(step)).removeLink("ws_main", link)).rejects.toThrow(
        `statement ${step}`,
      );
      await clickHouseMirror(db).removeLink("ws_main", link);
    }
    const [left] = await db.all(
      `SELECT count() AS n FROM ${EVENT_TABLE.clicks} WHERE workspace_id = 'ws_main' AND startsWith(link_id, 'gone_')`,
      {},
    );
    expect(Number(left.n)).toBe(0);
    await expectRollupsMatchEvents();
  }, 180_000);

  it("lose events taken out by id once, however often it runs", async () => {
    const rows = events(40, 5000);
    await insert(rows);
    const ids = rows.leads.map((row) => String((row as { id: string }).id));
    for (let i = 0; i < 2; i++) await clickHouseMirror(db).removeEvents("leads", "ws_main", ids);
    const [left] = await db.all(
      `SELECT count() AS n FROM ${EVENT_TABLE.leads} WHERE workspace_id = 'ws_main' AND has({ids:Array(String)}, id)`,
      { ids },
    );
    expect(Number(left.n)).toBe(0);
    await expectRollupsMatchEvents();
  }, 120_000);
});
