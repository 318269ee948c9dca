import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openClickHouse } from "./clickhouseDb";
import { databaseOf, openEventStore } from "./connect";
import { SCHEMA_VERSION } from "./migrations";
import { startTestClickHouse, type TestClickHouse } from "./testing/testEventStore";

/**
 * One setting is enough on a new server: the database CLICKHOUSE_URL names is made when the
 * server lacks it, then migrated; a name that cannot be one is refused with a clear message.
 */

let clickhouse: TestClickHouse;
let made: URL;

beforeAll(async () => {
  clickhouse = await startTestClickHouse();
  made = new URL(clickhouse.url);
  made.pathname = `/${databaseOf(clickhouse.url)}_made`;
}, 60_000);

afterAll(async () => {
  if (made) {
    const admin = openClickHouse(clickhouse.url);
    await admin.db.command(`DROP DATABASE IF EXISTS ${databaseOf(made.toString())}`);
    await admin.close();
  }
  await clickhouse?.close();
});

describe("the event store's URL", () => {
  it("names a database made when the server lacks it, at the schema's version", async () => {
    for (let open = 0; open < 2; open++) {
      const store = await openEventStore(made.toString());
      try {
        const [row] = await store.db.all("SELECT max(version) AS v FROM schema_migrations", {});
        expect(Number(row.v)).toBe(SCHEMA_VERSION);
      } finally {
        await store.close();
      }
    }
  }, 60_000);

  it("refuses a database name that is not one", async () => {
    const bad = new URL(clickhouse.url);
    bad.pathname = "/events-2026";
    await expect(openEventStore(bad.toString())).rejects.toThrow(
      `the ClickHouse URL's path names the database: letters, digits and _ only, got "events-2026"`,
    );
  });
});
