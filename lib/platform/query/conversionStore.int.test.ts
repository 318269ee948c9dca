import { describe, expect, it } from "vitest";
import { seedCopies } from "../testing/seedCopies";
import { testClick } from "../testing/writerFixture";
import { clickDimensionsOf, type ClickRow, type LeadRow } from "../write/eventRows";
import { deleteLink } from "../write/updateLinks";
import { CONVERSION_CLICKS } from "./conversionClicks";
import { CONVERSION_SCHEMA, CONVERSION_STATE } from "./conversionStore";
import type { Db } from "./db";

/**
 * The conversion clicks kept in the file (conversionStore.ts): the seed writes them, an open
 * trusts them only while their state matches the leads and sales, a file whose conversion clicks
 * do not match gets them built again (into the file when writable, once; in memory when
 * read-only), and the writer keeps them in the transaction of the lead or sale. Each case works
 * on a copy of the project's seed, and checks the table against a build from the events.
 */

const { copyOfSeed, onFile, opened } = seedCopies("linklens-conversion-store-");

const FROM_EVENTS = `SELECT c.* FROM click_events c WHERE c.id IN (SELECT click_id FROM lead_events UNION SELECT click_id FROM sale_events)`;

/** The rows the queries read as conversion clicks, against those a build from the events holds: rows each lacks, and how many. */
async function againstEvents(db: Db): Promise<{ missing: number; extra: number; rows: number }> {
  const count = async (sql: string) => Number((await db.all(`SELECT count(*) AS n FROM (${sql})`, {}))[0]?.n);
  return {
    missing: await count(`${FROM_EVENTS} EXCEPT ALL SELECT * FROM ${CONVERSION_CLICKS}`),
    extra: await count(`SELECT * FROM ${CONVERSION_CLICKS} EXCEPT ALL ${FROM_EVENTS}`),
    rows: await count(`SELECT * FROM ${CONVERSION_CLICKS}`),
  };
}

async function expectExact(db: Db): Promise<void> {
  const got = await againstEvents(db);
  expect(got.rows).toBeGreaterThan(0);
  expect({ missing: got.missing, extra: got.extra }).toEqual({ missing: 0, extra: 0 });
}

/** Whether the queries' view reads the file's table (not a copy in memory). */
async function readsFile(db: Db): Promise<boolean> {
  const [row] = await db.all(
    `SELECT (SELECT count(*) FROM ${CONVERSION_CLICKS}) = (SELECT count(*) FROM ${CONVERSION_SCHEMA}.${CONVERSION_CLICKS}) AS same`,
    {},
  );
  return row?.same === true;
}

function clickOf(base: Record<string, unknown>, id: string, timestamp: Date): ClickRow {
  const link = { id: String(base.id), workspaceId: String(base.workspace_id), url: String(base.url) };
  return testClick(id, link, { timestamp, trigger: "qr", ip: "203.0.113.7" });
}

describe("conversion clicks kept in the file", () => {
  it("are written by the seed and read as they are", async () => {
    const file = await copyOfSeed();
    await opened(file, false, async (platform) => {
      expect(platform.conversionSource).toBe("stored");
      expect(await readsFile(platform.store.db)).toBe(true);
      await expectExact(platform.store.db);
    });
  });

  it("a file without them gets them in memory read-only, and stored once opened writable", {
    timeout: 60_000,
  }, async () => {
    const file = await copyOfSeed();
    await onFile(file, `DROP SCHEMA ${CONVERSION_SCHEMA} CASCADE`);
    await opened(file, false, async (platform) => {
      expect(platform.conversionSource).toBe("in memory");
      await expectExact(platform.store.db);
    });
    await opened(file, true, async (platform) => {
      expect(platform.conversionSource).toBe("stored now");
      expect(await readsFile(platform.store.db)).toBe(true);
      await expectExact(platform.store.db);
    });
    await opened(file, false, async (platform) => {
      expect(platform.conversionSource).toBe("stored");
      await expectExact(platform.store.db);
    });
  });

  it("are kept by the writer in the lead's or sale's transaction, through a rollback and a deleted link", {
    timeout: 60_000,
  }, async () => {
    const file = await copyOfSeed();
    let deletedLink = "";
    await opened(file, true, async (platform) => {
      const writer = platform.writer;
      if (!writer) throw new Error("writable");
      const db = platform.store.db;
      const [link] = await db.all(
        `SELECT l.id, l.workspace_id, l.url FROM links l WHERE EXISTS (SELECT 1 FROM click_events c WHERE c.link_id = l.id) ORDER BY l.id LIMIT 1`,
        {},
      );
      const [customer] = await db.all(`SELECT id FROM customers WHERE workspace_id = $ws LIMIT 1`, {
        ws: String(link?.workspace_id),
      });
      // A stored click no lead or sale names yet: found among the file's clicks.
      const [plain] = await db.all(
        `SELECT id, timestamp FROM click_events WHERE link_id = $link AND id NOT IN (SELECT id FROM ${CONVERSION_CLICKS}) ORDER BY id LIMIT 1`,
        { link: String(link?.id) },
      );
      if (!link || !customer || !plain) throw new Error("the seed has a link with clicks and a customer");
      const stored = clickOf(link, String(plain.id), plain.timestamp as Date);
      const leadOn = (id: string, click: ClickRow): LeadRow => ({
        id,
        workspaceId: click.workspaceId,
        clickId: click.id,
        click: clickDimensionsOf(click),
        linkId: click.linkId,
        customerId: String(customer.id),
        timestamp: new Date(),
        eventName: "Sign up",
        metadata: null,
      });

      // A lead that rolls back takes its conversion click with it.
      await expect(
        writer.transact(async (tx) => {
          await tx.recordLead(leadOn("ccRolledBack0001", stored));
          throw new Error("rolled back on purpose");
        }),
      ).rejects.toThrow("rolled back on purpose");
      expect((await againstEvents(db)).extra).toBe(0);

      // The same click's lead afterwards, found among the file's clicks again.
      await writer.transact((tx) => tx.recordLead(leadOn("ccStoredClick001", stored)));
      // A click and its lead in one transaction; a click committed before its sale; a second lead on a conversion click.
      const own = clickOf(link, "ccOwnClick000001", new Date());
      await writer.transact(async (tx) => {
        await tx.recordClick(own);
        await tx.recordLead(leadOn("ccOwnClickLead01", own));
      });
      const recent = clickOf(link, "ccRecentClick001", new Date());
      await writer.transact((tx) => tx.recordClick(recent));
      await writer.transact((tx) =>
        tx.recordSale({
          ...leadOn("ccRecentSale0001", recent),
          eventName: "Purchase",
          amount: 1900,
          currency: "usd",
          invoiceId: null,
          paymentProcessor: "stripe",
          saleType: "new",
        }),
      );
      await writer.transact((tx) => tx.recordLead(leadOn("ccSecondLead0001", recent)));
      await expectExact(db);
      const [named] = await db.all(`SELECT count(*) AS n FROM ${CONVERSION_CLICKS} WHERE id IN ($a, $b, $c)`, {
        a: stored.id,
        b: own.id,
        c: recent.id,
      });
      expect(Number(named?.n)).toBe(3);

      // Another link with conversion clicks deleted: its clicks leave them.
      const [other] = await db.all(
        `SELECT link_id, workspace_id FROM ${CONVERSION_CLICKS} WHERE link_id <> $link GROUP BY ALL ORDER BY count(*) DESC LIMIT 1`,
        { link: String(link.id) },
      );
      deletedLink = String(other?.link_id);
      await deleteLink(writer, platform.store, String(other?.workspace_id), { by: "id", id: deletedLink });
      await expectExact(db);
    });
    await opened(file, false, async (platform) => {
      expect(platform.conversionSource).toBe("stored");
      await expectExact(platform.store.db);
      const [left] = await platform.store.db.all(
        `SELECT count(*) AS n FROM ${CONVERSION_CLICKS} WHERE link_id = $link`,
        {
          link: deletedLink,
        },
      );
      expect(Number(left?.n)).toBe(0);
    });
  });

  it("leads written without them (an older writer) are noticed and the conversion clicks built again", {
    timeout: 60_000,
  }, async () => {
    const file = await copyOfSeed();
    // A lead on a click that no event names yet, written as a build that kept no conversion clicks would.
    await onFile(
      file,
      `INSERT INTO lead_events SELECT * REPLACE ('ccOlderWriter001' AS id, (SELECT min(id) FROM click_events WHERE id NOT IN (SELECT click_id FROM lead_events UNION SELECT click_id FROM sale_events)) AS click_id) FROM lead_events LIMIT 1`,
    );
    await opened(file, false, async (platform) => {
      expect(platform.conversionSource).toBe("in memory");
      await expectExact(platform.store.db);
    });
    await opened(file, true, async (platform) => {
      expect(platform.conversionSource).toBe("stored now");
      await expectExact(platform.store.db);
    });
    await opened(file, false, async (platform) => expect(platform.conversionSource).toBe("stored"));
  });

  it("conversion clicks of another definition are built again", async () => {
    const file = await copyOfSeed();
    await onFile(file, `UPDATE ${CONVERSION_SCHEMA}.${CONVERSION_STATE} SET definition = 'older'`);
    await opened(file, false, async (platform) => expect(platform.conversionSource).toBe("in memory"));
    await opened(file, true, async (platform) => expect(platform.conversionSource).toBe("stored now"));
    await opened(file, false, async (platform) => expect(platform.conversionSource).toBe("stored"));
  });

  it("are written uncompressed when built into the file, the setting given back", async () => {
    const file = await copyOfSeed();
    await onFile(file, `UPDATE ${CONVERSION_SCHEMA}.${CONVERSION_STATE} SET definition = 'older'`);
    await opened(file, true, async (platform) => {
      expect(platform.conversionSource).toBe("stored now");
      const compressions = await platform.store.db.all(
        `SELECT DISTINCT compression FROM pragma_storage_info('${CONVERSION_SCHEMA}.${CONVERSION_CLICKS}') ORDER BY 1`,
        {},
      );
      expect(compressions.map((row) => row.compression)).toEqual(["Constant", "Uncompressed"]);
      const [setting] = await platform.store.db.all("SELECT current_setting('force_compression') AS v", {});
      expect(setting?.v).toBe("auto");
    });
    await opened(file, false, async (platform) => {
      expect(platform.conversionSource).toBe("stored");
      await expectExact(platform.store.db);
    });
  });
});
